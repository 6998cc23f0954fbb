import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appDb, createMember, DATEDICHTBIJ, DATEVIBE, FLIRTLOKAAL } from '../../../tests/fixtures.ts'
import { loadMember, createSession } from '../auth/session.server.ts'
import type { Db } from '../db/client.server.ts'
import { withScope } from '../db/scoped.server.ts'
import { setInvisible } from './invisible.server.ts'

let db: Db

beforeAll(() => {
  db = appDb()
})

afterAll(async () => {
  await db.$disconnect()
})

describe('setInvisible', () => {
  it('turns invisible mode on and off for the member’s own profile', async () => {
    const m = await createMember(db, FLIRTLOKAAL)
    const sid = await withScope(db, FLIRTLOKAAL, (tx) => createSession(tx, { ...FLIRTLOKAAL, userId: m.user.id }))
    expect(await setInvisible(db, FLIRTLOKAAL, m.user.id, true)).toBe(true)
    expect((await loadMember(db, FLIRTLOKAAL, `sid=${sid}`))!.profile!.invisible).toBe(true)
    // The whole pool sees the flag: it is one profile.
    expect((await withScope(db, DATEDICHTBIJ, (tx) => tx.profile.findUnique({ where: { poolId_id: { poolId: DATEDICHTBIJ.poolId, id: m.profile.id } } })))!.invisible).toBe(true)
    expect(await setInvisible(db, FLIRTLOKAAL, m.user.id, false)).toBe(true)
    expect((await loadMember(db, FLIRTLOKAAL, `sid=${sid}`))!.profile!.invisible).toBe(false)
  })

  it('cannot reach an account of another site or pool', async () => {
    const sibling = await createMember(db, DATEDICHTBIJ)
    const far = await createMember(db, DATEVIBE)
    expect(await setInvisible(db, FLIRTLOKAAL, sibling.user.id, true)).toBe(false)
    expect(await setInvisible(db, FLIRTLOKAAL, far.user.id, true)).toBe(false)
    expect((await withScope(db, DATEDICHTBIJ, (tx) => tx.profile.findUnique({ where: { poolId_id: { poolId: DATEDICHTBIJ.poolId, id: sibling.profile.id } } })))!.invisible).toBe(false)
    expect((await withScope(db, DATEVIBE, (tx) => tx.profile.findUnique({ where: { poolId_id: { poolId: DATEVIBE.poolId, id: far.profile.id } } })))!.invisible).toBe(false)
  })
})
