// Live cam items (SPEC §1) against a real database: only the pool's operator-run profiles
// with a photo, labelled live now / featured as configured, stable within an hour, never a
// profile of another pool, never one the viewer blocked or was blocked by.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appDb, createProfile, DATEVIBE, FLIRTLOKAAL } from '../../../tests/fixtures.ts'
import type { Db } from '../db/client.server.ts'
import { withScope } from '../db/scoped.server.ts'
import { hourlyRank, liveCams } from './live-cams.server.ts'

let db: Db
const site = { liveCams: { count: 3, liveNow: 1 }, cdnPrefix: '/media/' }

beforeAll(async () => {
  db = appDb()
  for (let i = 0; i < 5; i++) {
    await createProfile(db, FLIRTLOKAAL, { name: `Cam${i}`, city: 'Utrecht', fictional: true })
  }
  await createProfile(db, DATEVIBE, { name: 'VibeCam', city: 'Leeds', fictional: true })
})
afterAll(() => db.$disconnect())

describe('liveCams', () => {
  it('labels the configured number live now, the rest featured, from the pool’s fictional profiles only', async () => {
    const now = new Date('2026-11-25T10:15:00Z')
    const cams = await liveCams(db, FLIRTLOKAAL, site, null, now)
    expect(cams).toHaveLength(3)
    expect(cams.map((c) => c.live)).toEqual([true, false, false])
    expect(cams.every((c) => c.fictional && c.thumb?.startsWith('/media/'))).toBe(true)
    expect(cams.some((c) => c.name === 'VibeCam')).toBe(false)
    // The same all hour long, on every node.
    expect((await liveCams(db, FLIRTLOKAAL, site, null, new Date('2026-11-25T10:59:00Z'))).map((c) => c.id)).toEqual(cams.map((c) => c.id))
    expect(await liveCams(db, FLIRTLOKAAL, { cdnPrefix: '/media/' }, null, now)).toEqual([])
  })

  it('leaves out profiles the viewer blocked or was blocked by', async () => {
    const cams = await liveCams(db, FLIRTLOKAAL, { ...site, liveCams: { count: 12, liveNow: 0 } }, null)
    const viewer = await createProfile(db, FLIRTLOKAAL, { name: 'Viewer', city: 'Utrecht' })
    const [first, second] = cams
    await withScope(db, FLIRTLOKAAL, (tx) =>
      tx.block.createMany({
        data: [
          { poolId: FLIRTLOKAAL.poolId, blockerId: viewer, blockedId: first!.id },
          { poolId: FLIRTLOKAAL.poolId, blockerId: second!.id, blockedId: viewer },
        ],
      }),
    )
    const seen = (await liveCams(db, FLIRTLOKAAL, { ...site, liveCams: { count: 12, liveNow: 0 } }, viewer)).map((c) => c.id)
    expect(seen).not.toContain(first!.id)
    expect(seen).not.toContain(second!.id)
    expect(seen.length).toBe(cams.length - 2)
  })

  it('ranks differently from hour to hour', () => {
    const ids = [1, 2, 3, 4, 5, 6, 7, 8]
    const order = (hour: number) => [...ids].sort((a, b) => hourlyRank(a, hour) - hourlyRank(b, hour)).join()
    expect(new Set([0, 1, 2, 3, 4].map(order)).size).toBeGreaterThan(1)
  })
})
