// The pool cache (decision 035): computed once per pool, shared through Redis when it runs,
// and forgotten at once on the events that change it (here: a member going invisible).
import { afterAll, describe, expect, it } from 'vitest'
import { appDb, createProfile, FLIRTLOKAAL, DATEVIBE, createMember } from '../../../tests/fixtures.ts'
import { setInvisible } from '../accounts/invisible.server.ts'
import { closeBus } from '../bus/bus.server.ts'
import { closeRedis, getRedis } from '../kv/redis.server.ts'
import { sharedRecentMembers } from '../profiles/showcase.server.ts'
import { clearLocalPoolData, poolCached, poolDataChanged } from './pool-data.server.ts'

const db = appDb()
afterAll(async () => {
  await Promise.all([db.$disconnect(), closeBus(), closeRedis()])
})

describe('poolCached', () => {
  it('computes once per pool and name, again after a change', async () => {
    let computed = 0
    const fresh = async () => ({ n: ++computed })
    expect(await poolCached('pool-a', 'thing', fresh)).toEqual({ n: 1 })
    expect(await poolCached('pool-a', 'thing', fresh)).toEqual({ n: 1 })
    // Another pool is another entry.
    expect(await poolCached('pool-b', 'thing', fresh)).toEqual({ n: 2 })
    // Concurrent misses share one computation.
    await poolDataChanged('pool-a')
    const [x, y] = await Promise.all([poolCached('pool-a', 'thing', fresh), poolCached('pool-a', 'thing', fresh)])
    expect(x).toEqual({ n: 3 })
    expect(y).toEqual({ n: 3 })
    expect(await poolCached('pool-b', 'thing', fresh)).toEqual({ n: 2 })
  })

  it.runIf(Boolean(process.env.REDIS_URL))('shares entries between nodes through Redis, and a change deletes them there', async () => {
    let computed = 0
    const fresh = async () => ({ n: ++computed, at: new Date('2020-01-02T03:04:05Z') })
    await poolCached('pool-r', 'shared', fresh)
    // A node that never computed it (this node's memory emptied) reads Redis' copy.
    clearLocalPoolData()
    const fromRedis = await poolCached('pool-r', 'shared', fresh)
    expect(computed).toBe(1)
    expect(fromRedis.n).toBe(1)
    // JSON on the way: callers must accept dates as strings.
    expect(String(fromRedis.at)).toContain('2020-01-02')
    await poolDataChanged('pool-r')
    const keys = await getRedis()!.keys(`${process.env.RATE_LIMIT_NAMESPACE}pool-data:{pool-r}:*`)
    expect(keys).toEqual([])
    clearLocalPoolData()
    expect((await poolCached('pool-r', 'shared', fresh)).n).toBe(2)
  })
})

describe('sharedRecentMembers', () => {
  it('is the pool\'s showcase, and a member who goes invisible leaves it at once', async () => {
    const member = await createMember(db, DATEVIBE, `Showcase${Date.now().toString(36)}`)
    await createProfile(db, DATEVIBE, { name: 'Other showcase member' })
    // A main photo for the member, so they qualify for the showcase.
    const { withScope } = await import('../db/scoped.server.ts')
    await withScope(db, DATEVIBE, (tx) =>
      tx.photo.create({ data: { poolId: DATEVIBE.poolId, profileId: member.profile.id, filename: 's.webp', thumbFilename: 's-t.webp', status: 'active', isMain: true, position: 0 } }),
    )
    await withScope(db, DATEVIBE, (tx) => tx.profile.updateMany({ where: { poolId: DATEVIBE.poolId, id: member.profile.id }, data: { lastActiveAt: new Date(Date.now() + 60_000) } }))
    await poolDataChanged(DATEVIBE.poolId)
    const before = await sharedRecentMembers(db, DATEVIBE, '/media/', 12)
    expect(before.map((c) => c.name)).toContain(member.profile.name)
    expect(before.find((c) => c.name === member.profile.name)?.age).toBeGreaterThan(18)
    // Another site's prefix on the same cached rows.
    const other = await sharedRecentMembers(db, DATEVIBE, 'https://cdn.example/', 12)
    expect(other.find((c) => c.name === member.profile.name)?.thumb).toBe('https://cdn.example/s-t.webp')
    expect(await setInvisible(db, DATEVIBE, member.user.id, true)).toBe(true)
    const after = await sharedRecentMembers(db, DATEVIBE, '/media/', 12)
    expect(after.map((c) => c.name)).not.toContain(member.profile.name)
    // Pools never share an entry.
    const benelux = await sharedRecentMembers(db, FLIRTLOKAAL, '/media/', 12)
    expect(benelux.map((c) => c.name)).not.toContain('Other showcase member')
  })
})
