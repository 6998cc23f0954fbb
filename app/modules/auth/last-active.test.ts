// Profile.lastActiveAt follows the member's requests (so "recently active" is true), with at
// most one write per ACTIVE_TOUCH_MS: the session lookup every request makes decides.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appDb, createMember, FLIRTLOKAAL } from '../../../tests/fixtures.ts'
import type { Db } from '../db/client.server.ts'
import { withScope } from '../db/scoped.server.ts'
import { ACTIVE_TOUCH_MS, createSession, loadMember, SESSION_COOKIE } from './session.server.ts'

let db: Db
beforeAll(() => {
  db = appDb()
})
afterAll(async () => {
  await db.$disconnect()
})

const lastActive = (profileId: number) => withScope(db, FLIRTLOKAAL, async (tx) => (await tx.profile.findUniqueOrThrow({ where: { poolId_id: { poolId: FLIRTLOKAAL.poolId, id: profileId } } })).lastActiveAt)

describe('Profile.lastActiveAt', () => {
  it('is set by a request after a quiet while, and not rewritten within the interval', async () => {
    const m = await createMember(db, FLIRTLOKAAL)
    const start = new Date()
    const dayAgo = new Date(start.getTime() - 24 * 3600_000)
    const sid = await withScope(db, FLIRTLOKAAL, async (tx) => {
      await tx.profile.update({ where: { poolId_id: { poolId: FLIRTLOKAAL.poolId, id: m.profile.id } }, data: { lastActiveAt: dayAgo } })
      return createSession(tx, { ...FLIRTLOKAAL, userId: m.user.id })
    })
    const cookie = `${SESSION_COOKIE}=${sid}`
    expect((await loadMember(db, FLIRTLOKAAL, cookie, start))?.userId).toBe(m.user.id)
    expect((await lastActive(m.profile.id)).getTime()).toBe(start.getTime())

    // A minute later: no write (the value stays the first request's).
    await loadMember(db, FLIRTLOKAAL, cookie, new Date(start.getTime() + 60_000))
    expect((await lastActive(m.profile.id)).getTime()).toBe(start.getTime())

    // After the interval: moved on again.
    const later = new Date(start.getTime() + ACTIVE_TOUCH_MS + 1000)
    await loadMember(db, FLIRTLOKAAL, cookie, later)
    expect((await lastActive(m.profile.id)).getTime()).toBe(later.getTime())
  })

  it('is not touched without a valid session', async () => {
    const m = await createMember(db, FLIRTLOKAAL)
    const dayAgo = new Date(Date.now() - 24 * 3600_000)
    await withScope(db, FLIRTLOKAAL, (tx) => tx.profile.update({ where: { poolId_id: { poolId: FLIRTLOKAAL.poolId, id: m.profile.id } }, data: { lastActiveAt: dayAgo } }))
    expect(await loadMember(db, FLIRTLOKAAL, `${SESSION_COOKIE}=${'x'.repeat(43)}`)).toBeNull()
    expect((await lastActive(m.profile.id)).getTime()).toBe(dayAgo.getTime())
  })
})
