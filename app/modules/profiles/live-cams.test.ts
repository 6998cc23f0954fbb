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
const anyone = { profileId: null, lookingFor: 'all' } as const

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
    const cams = await liveCams(db, FLIRTLOKAAL, site, anyone, now)
    expect(cams).toHaveLength(3)
    expect(cams.map((c) => c.live)).toEqual([true, false, false])
    expect(cams.every((c) => c.fictional && c.thumb?.startsWith('/media/'))).toBe(true)
    expect(cams.some((c) => c.name === 'VibeCam')).toBe(false)
    // The same all hour long, on every node.
    expect((await liveCams(db, FLIRTLOKAAL, site, anyone, new Date('2026-11-25T10:59:00Z'))).map((c) => c.id)).toEqual(cams.map((c) => c.id))
    expect(await liveCams(db, FLIRTLOKAAL, { cdnPrefix: '/media/' }, anyone, now)).toEqual([])
  })

  it('leaves out profiles the viewer blocked or was blocked by', async () => {
    const cams = await liveCams(db, FLIRTLOKAAL, { ...site, liveCams: { count: 12, liveNow: 0 } }, anyone)
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
    const seen = (await liveCams(db, FLIRTLOKAAL, { ...site, liveCams: { count: 12, liveNow: 0 } }, { profileId: viewer, lookingFor: 'all' })).map((c) => c.id)
    expect(seen).not.toContain(first!.id)
    expect(seen).not.toContain(second!.id)
    expect(seen.length).toBe(cams.length - 2)
  })

  it('shows only the gender(s) the member looks for (issue 22)', async () => {
    const all = { ...site, liveCams: { count: 60, liveNow: 0 } }
    const men = [
      await createProfile(db, FLIRTLOKAAL, { name: 'CamMan1', gender: 'man', fictional: true }),
      await createProfile(db, FLIRTLOKAAL, { name: 'CamMan2', gender: 'man', fictional: true }),
    ]
    const woman = await createProfile(db, FLIRTLOKAAL, { name: 'Seeker', gender: 'woman', sexuality: 'hetero' })
    const man = await createProfile(db, FLIRTLOKAAL, { name: 'Looker', gender: 'man', sexuality: 'hetero' })
    const genders = async (profileId: number, lookingFor: 'woman' | 'man' | 'all') => {
      const cams = await liveCams(db, FLIRTLOKAAL, all, { profileId, lookingFor })
      const rows = await withScope(db, FLIRTLOKAAL, (tx) => tx.profile.findMany({ where: { id: { in: cams.map((c) => c.id) } }, select: { gender: true } }))
      return { ids: cams.map((c) => c.id), genders: new Set(rows.map((r) => r.gender)) }
    }
    const forWoman = await genders(woman, 'man')
    expect([...forWoman.genders]).toEqual(['man'])
    expect(forWoman.ids).toEqual(expect.arrayContaining(men))
    const forMan = await genders(man, 'woman')
    expect([...forMan.genders]).toEqual(['woman'])
    expect(forMan.ids.some((id) => men.includes(id))).toBe(false)
    expect((await genders(man, 'all')).genders).toEqual(new Set(['woman', 'man']))
  })

  it('ranks differently from hour to hour', () => {
    const ids = [1, 2, 3, 4, 5, 6, 7, 8]
    const order = (hour: number) => [...ids].sort((a, b) => hourlyRank(a, hour) - hourlyRank(b, hour)).join()
    expect(new Set([0, 1, 2, 3, 4].map(order)).size).toBeGreaterThan(1)
  })
})
