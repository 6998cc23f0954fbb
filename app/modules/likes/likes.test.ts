// Likes and matches (SPEC §4) against a real database: liking, matching on both rows, unliking,
// who may not be liked, two sites of one pool, two members liking each other at once, the
// new-like count and flag, the likes tabs with their keyset paging, isolation from another
// pool, and the live event to the liked member (never for a refused like).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appDb, createMember, createProfile, DATEDICHTBIJ, DATEVIBE, FLIRTLOKAAL, type ProfileSpec } from '../../../tests/fixtures.ts'
import type { Prisma } from '~/generated/prisma/client.ts'
import { createBlock } from '../accounts/blocks.server.ts'
import type { Db } from '../db/client.server.ts'
import { withScope, type Scope, type ScopedTx } from '../db/scoped.server.ts'
import { subscribeMemberEvents, type MemberEvent } from '../realtime/member-events.server.ts'
import {
  countNewLikes,
  likeMember,
  likeStates,
  countMatches,
  listLikes,
  markLikeSeen,
  unlikeMember,
  type LikedCard,
  type LikeTab,
} from './likes.server.ts'
import { giveLike, removeLike } from './service.server.ts'

let db: Db
const inScope = <T>(scope: Scope, fn: (tx: ScopedTx) => Promise<T>) => withScope(db, scope, fn)

beforeAll(() => {
  db = appDb(8)
})

afterAll(async () => {
  await db.$disconnect()
})

const CDN = 'https://cdn.test/'

/** An active profile of the pool (fictional ones have no account), with a main photo unless told. */
const profile = (scope: Scope, fields: ProfileSpec = {}) => createProfile(db, scope, { gender: 'man', birthDate: new Date('1988-02-02'), ...fields })

const like = (scope: Scope, likerId: number, likedId: number, now?: Date) => inScope(scope, (tx) => likeMember(tx, scope, { likerId, likedId, origin: 'profile', now }))
const unlike = (scope: Scope, likerId: number, likedId: number) => inScope(scope, (tx) => unlikeMember(tx, scope, { likerId, likedId }))
const setProfile = (scope: Scope, id: number, data: Prisma.ProfileUpdateInput) => inScope(scope, (tx) => tx.profile.update({ where: { poolId_id: { poolId: scope.poolId, id: id } }, data }))
const newLikes = (scope: Scope, viewerId: number) => inScope(scope, (tx) => countNewLikes(tx, scope, viewerId))
const list = (scope: Scope, viewerId: number, tab: LikeTab, cursor: string | null = null, limit?: number) =>
  inScope(scope, (tx) => listLikes(tx, scope, { viewerId, tab, cursor, cdnPrefix: CDN, limit }))
const ids = (items: readonly LikedCard[]) => items.map((i) => i.id)

/** Both rows of a pair, as { 'a>b': row }. */
async function pairRows(scope: Scope, a: number, b: number) {
  const rows = await inScope(scope, (tx) =>
    tx.like.findMany({ where: { OR: [{ likerId: a, likedId: b }, { likerId: b, likedId: a }] }, select: { likerId: true, likedId: true, isNew: true, matchedAt: true, createdAt: true, origin: true } }),
  )
  return Object.fromEntries(rows.map((r) => [`${r.likerId}>${r.likedId}`, r]))
}

/** Minutes after a fixed moment: ordering tests choose their times. */
const at = (minutes: number) => new Date(Date.UTC(2026, 0, 10, 12, minutes))

describe('likeMember and unlikeMember', () => {
  it('a like is not a match; the like back makes a match on both rows', async () => {
    const a = await profile(FLIRTLOKAAL)
    const b = await profile(FLIRTLOKAAL)
    expect(await like(FLIRTLOKAAL, a, b, at(1))).toEqual({ ok: true, match: false, created: true })
    let rows = await pairRows(FLIRTLOKAAL, a, b)
    expect(Object.keys(rows)).toEqual([`${a}>${b}`])
    expect(rows[`${a}>${b}`]).toMatchObject({ isNew: true, matchedAt: null, origin: 'profile', createdAt: at(1) })

    expect(await like(FLIRTLOKAAL, b, a, at(2))).toEqual({ ok: true, match: true, created: true })
    rows = await pairRows(FLIRTLOKAAL, a, b)
    expect(rows[`${a}>${b}`]?.matchedAt).toEqual(at(2))
    expect(rows[`${b}>${a}`]?.matchedAt).toEqual(at(2))
    const states = await inScope(FLIRTLOKAAL, (tx) => likeStates(tx, FLIRTLOKAAL, a, [b]))
    expect(states.get(b)).toEqual({ liked: true, likedBy: true, isNew: true, match: true })
  })

  it('liking twice changes nothing', async () => {
    const a = await profile(FLIRTLOKAAL)
    const b = await profile(FLIRTLOKAAL)
    await like(FLIRTLOKAAL, a, b, at(1))
    await inScope(FLIRTLOKAAL, (tx) => markLikeSeen(tx, FLIRTLOKAAL, { viewerId: b, likerId: a }))
    const before = await pairRows(FLIRTLOKAAL, a, b)
    expect(await like(FLIRTLOKAAL, a, b, at(5))).toEqual({ ok: true, match: false, created: false })
    // Not new again, not re-dated.
    expect(await pairRows(FLIRTLOKAAL, a, b)).toEqual(before)
    expect(before[`${a}>${b}`]).toMatchObject({ isNew: false, createdAt: at(1) })
    // A second like of a match still answers "match".
    await like(FLIRTLOKAAL, b, a)
    expect(await like(FLIRTLOKAAL, a, b)).toEqual({ ok: true, match: true, created: false })
  })

  it('unlike removes the like and ends the match on the other row', async () => {
    const a = await profile(FLIRTLOKAAL)
    const b = await profile(FLIRTLOKAAL)
    await like(FLIRTLOKAAL, a, b)
    await like(FLIRTLOKAAL, b, a)
    expect(await unlike(FLIRTLOKAAL, a, b)).toBe(true)
    const rows = await pairRows(FLIRTLOKAAL, a, b)
    expect(Object.keys(rows)).toEqual([`${b}>${a}`])
    expect(rows[`${b}>${a}`]).toMatchObject({ matchedAt: null, isNew: true })
    expect(await unlike(FLIRTLOKAAL, a, b)).toBe(false)
    // Liking again makes a new match.
    expect(await like(FLIRTLOKAAL, a, b)).toMatchObject({ ok: true, match: true, created: true })
    expect(await removeLike(db, FLIRTLOKAAL, { likerId: b, likedId: a })).toBe(true)
    expect((await pairRows(FLIRTLOKAAL, a, b))[`${a}>${b}`]?.matchedAt).toBeNull()
  })

  it('refuses, as not_found, whoever the liker may not reach, and stores nothing', async () => {
    const a = await profile(FLIRTLOKAAL)
    const far = await profile(DATEVIBE)
    const blocker = await profile(FLIRTLOKAAL)
    const blocked = await profile(FLIRTLOKAAL)
    const hidden = await profile(FLIRTLOKAAL, { invisible: true })
    const deleted = await profile(FLIRTLOKAAL, { status: 'deleted' })
    const disabled = await profile(FLIRTLOKAAL, { status: 'disabled' })
    await createBlock(db, FLIRTLOKAAL, blocker, a)
    await createBlock(db, FLIRTLOKAAL, a, blocked)
    const notFound = { ok: false, reason: 'not_found' }
    expect(await like(FLIRTLOKAAL, a, a)).toEqual(notFound)
    for (const target of [far, blocker, blocked, hidden, deleted, disabled, 2_000_000_000]) {
      expect(await like(FLIRTLOKAAL, a, target), `target ${target}`).toEqual(notFound)
    }
    // Another pool, from its own side: a DATEVIBE member cannot like a benelux id.
    expect(await like(DATEVIBE, far, a)).toEqual(notFound)
    // The blocked member cannot like the blocker either.
    expect(await like(FLIRTLOKAAL, blocked, a)).toEqual(notFound)
    expect(await inScope(FLIRTLOKAAL, (tx) => tx.like.count({ where: { OR: [{ likerId: a }, { likedId: a }] } }))).toBe(0)
    expect(await inScope(DATEVIBE, (tx) => tx.like.count({ where: { likerId: far } }))).toBe(0)
  })

  it('refuses a liker whose profile is not confirmed yet (disabled) as not_confirmed', async () => {
    const { profile: liker } = await createMember(db, FLIRTLOKAAL)
    const b = await profile(FLIRTLOKAAL)
    await setProfile(FLIRTLOKAAL, liker.id, { status: 'disabled' })
    expect(await like(FLIRTLOKAAL, liker.id, b)).toEqual({ ok: false, reason: 'not_confirmed' })
    expect(await pairRows(FLIRTLOKAAL, liker.id, b)).toEqual({})
    // Confirmed, the same like works.
    await setProfile(FLIRTLOKAAL, liker.id, { status: 'active' })
    expect(await like(FLIRTLOKAAL, liker.id, b)).toMatchObject({ ok: true, created: true })
  })

  it('a like given on one site of the pool is received on the other', async () => {
    const anna = await createMember(db, FLIRTLOKAAL, 'Anna')
    const bea = await createMember(db, DATEDICHTBIJ, 'Bea')
    expect(await like(FLIRTLOKAAL, anna.profile.id, bea.profile.id)).toMatchObject({ ok: true, match: false })
    expect(await newLikes(DATEDICHTBIJ, bea.profile.id)).toBe(1)
    const received = await list(DATEDICHTBIJ, bea.profile.id, 'received')
    expect(received.items).toMatchObject([{ id: anna.profile.id, name: 'Anna', like: { liked: false, likedBy: true, isNew: true, match: false } }])
    // Bea likes back on her site: a match on both.
    expect(await like(DATEDICHTBIJ, bea.profile.id, anna.profile.id)).toMatchObject({ ok: true, match: true })
    expect(ids((await list(FLIRTLOKAAL, anna.profile.id, 'matches')).items)).toEqual([bea.profile.id])
    expect(ids((await list(DATEDICHTBIJ, bea.profile.id, 'matches')).items)).toEqual([anna.profile.id])
  })

  it('two members liking each other at the same moment both end up matched', async () => {
    for (let round = 0; round < 5; round++) {
      const a = await profile(FLIRTLOKAAL)
      const b = await profile(DATEDICHTBIJ)
      const [ab, ba] = await Promise.all([
        giveLike(db, FLIRTLOKAAL, { likerId: a, likedId: b, origin: 'swipe', cdnPrefix: CDN }),
        giveLike(db, DATEDICHTBIJ, { likerId: b, likedId: a, origin: 'swipe', cdnPrefix: CDN }),
      ])
      expect(ab).toMatchObject({ ok: true, created: true })
      expect(ba).toMatchObject({ ok: true, created: true })
      // Exactly one of them saw the other's like first and made the match.
      expect([ab, ba].filter((r) => r.ok && r.match)).toHaveLength(1)
      const rows = await pairRows(FLIRTLOKAAL, a, b)
      expect(rows[`${a}>${b}`]?.matchedAt).not.toBeNull()
      expect(rows[`${b}>${a}`]?.matchedAt).not.toBeNull()
    }
  })
})

describe('countNewLikes and markLikeSeen', () => {
  it('counts likes not opened yet; opening one clears its flag only', async () => {
    const viewer = await profile(FLIRTLOKAAL)
    const [a, b, c] = [await profile(FLIRTLOKAAL), await profile(FLIRTLOKAAL), await profile(FLIRTLOKAAL)]
    await like(FLIRTLOKAAL, a, viewer)
    await like(FLIRTLOKAAL, b, viewer)
    await like(FLIRTLOKAAL, viewer, c)
    expect(await newLikes(FLIRTLOKAAL, viewer)).toBe(2)
    expect(await newLikes(FLIRTLOKAAL, c)).toBe(1)

    const seen = (viewerId: number, likerId: number) => inScope(FLIRTLOKAAL, (tx) => markLikeSeen(tx, FLIRTLOKAAL, { viewerId, likerId }))
    expect(await seen(viewer, a)).toBe(true)
    expect(await newLikes(FLIRTLOKAAL, viewer)).toBe(1)
    expect(await seen(viewer, a)).toBe(false)
    // No like from c to the viewer: nothing to clear, and the viewer's own like of c stays new for c.
    expect(await seen(viewer, c)).toBe(false)
    expect(await newLikes(FLIRTLOKAAL, c)).toBe(1)
    expect((await pairRows(FLIRTLOKAAL, viewer, a))[`${a}>${viewer}`]?.isNew).toBe(false)
    expect((await pairRows(FLIRTLOKAAL, viewer, b))[`${b}>${viewer}`]?.isNew).toBe(true)
  })

  it('leaves out new likes of members who are blocked, blocking, invisible, disabled or deleted', async () => {
    const viewer = await profile(FLIRTLOKAAL)
    const likers = await Promise.all(Array.from({ length: 6 }, () => profile(FLIRTLOKAAL)))
    for (const liker of likers) await like(FLIRTLOKAAL, liker, viewer)
    expect(await newLikes(FLIRTLOKAAL, viewer)).toBe(6)
    const [blockedByViewer, blockingViewer, invisible, disabled, deleted, plain] = likers as [number, number, number, number, number, number]
    await createBlock(db, FLIRTLOKAAL, viewer, blockedByViewer)
    await createBlock(db, FLIRTLOKAAL, blockingViewer, viewer)
    await setProfile(FLIRTLOKAAL, invisible, { invisible: true })
    await setProfile(FLIRTLOKAAL, disabled, { status: 'disabled' })
    await setProfile(FLIRTLOKAAL, deleted, { status: 'deleted' })
    expect(await newLikes(FLIRTLOKAAL, viewer)).toBe(1)
    expect(ids((await list(FLIRTLOKAAL, viewer, 'received')).items)).toEqual([plain])
    // Visible again, counted again.
    await setProfile(FLIRTLOKAAL, invisible, { invisible: false })
    expect(await newLikes(FLIRTLOKAAL, viewer)).toBe(2)
  })
})

describe('listLikes', () => {
  it('lists the three tabs, newest first, with the state of each like', async () => {
    const viewer = await profile(FLIRTLOKAAL)
    const a = await profile(FLIRTLOKAAL, { name: 'Alma', fictional: true, city: 'Utrecht', birthDate: new Date('1990-01-15') })
    const b = await profile(FLIRTLOKAAL, { photo: false })
    const c = await profile(FLIRTLOKAAL)
    const d = await profile(FLIRTLOKAAL)
    await like(FLIRTLOKAAL, a, viewer, at(1))
    await like(FLIRTLOKAAL, b, viewer, at(3))
    await like(FLIRTLOKAAL, viewer, c, at(2))
    await like(FLIRTLOKAAL, viewer, d, at(4))
    await like(FLIRTLOKAAL, viewer, a, at(5)) // a match with Alma, the latest like given
    await like(FLIRTLOKAAL, c, viewer, at(6)) // and with c, matched later still

    const received = await list(FLIRTLOKAAL, viewer, 'received')
    expect(ids(received.items)).toEqual([c, b, a])
    expect(received.next).toBeNull()
    const alma = received.items.find((i) => i.id === a)
    expect(alma).toMatchObject({ name: 'Alma', city: 'Utrecht', fictional: true, thumb: `${CDN}thumb${a}.jpg`, at: at(1).toISOString() })
    expect(alma?.like).toEqual({ liked: true, likedBy: true, isNew: true, match: true })
    expect(received.items.find((i) => i.id === b)).toMatchObject({ thumb: null, like: { liked: false, likedBy: true, isNew: true, match: false } })

    const given = await list(FLIRTLOKAAL, viewer, 'given')
    expect(ids(given.items)).toEqual([a, d, c])
    expect(given.items.find((i) => i.id === d)?.like).toEqual({ liked: true, likedBy: false, isNew: false, match: false })

    // Matches by the time they became a match.
    const matches = await list(FLIRTLOKAAL, viewer, 'matches')
    expect(ids(matches.items)).toEqual([c, a])
    expect(matches.items.map((i) => i.at)).toEqual([at(6).toISOString(), at(5).toISOString()])
    expect(await newLikes(FLIRTLOKAAL, viewer)).toBe(3)
    expect(await inScope(FLIRTLOKAAL, (tx) => countMatches(tx, FLIRTLOKAAL, viewer))).toBe(2)
  })

  it('pages through a tab without duplicates or gaps, also across equal times', async () => {
    const viewer = await profile(FLIRTLOKAAL)
    const likers = await Promise.all(Array.from({ length: 11 }, () => profile(FLIRTLOKAAL)))
    // Several likes share a moment: the id breaks the tie.
    const times = [1, 1, 1, 2, 3, 3, 4, 5, 5, 5, 6]
    for (const [i, liker] of likers.entries()) {
      await like(FLIRTLOKAAL, liker, viewer, at(times[i]!))
      await like(FLIRTLOKAAL, viewer, liker, at(times[i]! + 10))
    }
    for (const tab of ['received', 'given', 'matches'] as const) {
      const all = await list(FLIRTLOKAAL, viewer, tab, null, 100)
      expect(all.items).toHaveLength(11)
      const seen: number[] = []
      let cursor: string | null = null
      let pages = 0
      do {
        const page = await list(FLIRTLOKAAL, viewer, tab, cursor, 4)
        expect(page.items.length).toBeLessThanOrEqual(4)
        seen.push(...ids(page.items))
        cursor = page.next
        pages += 1
      } while (cursor && pages < 10)
      expect(pages, tab).toBe(3)
      expect(seen, tab).toEqual(ids(all.items))
      expect(new Set(seen).size).toBe(11)
    }
    // Newest first, ties by the higher id first.
    const received = ids((await list(FLIRTLOKAAL, viewer, 'received', null, 100)).items)
    const expected = likers.map((id, i) => ({ id, t: times[i]! })).sort((x, y) => y.t - x.t || y.id - x.id).map((x) => x.id)
    expect(received).toEqual(expected)
  })

  it('a page of exactly the page size has no next, and a bad cursor starts at the top', async () => {
    const viewer = await profile(FLIRTLOKAAL)
    for (let i = 0; i < 3; i++) await like(FLIRTLOKAAL, await profile(FLIRTLOKAAL), viewer, at(i))
    expect((await list(FLIRTLOKAAL, viewer, 'received', null, 3)).next).toBeNull()
    const first = await list(FLIRTLOKAAL, viewer, 'received', null, 2)
    expect(first.next).not.toBeNull()
    expect(ids((await list(FLIRTLOKAAL, viewer, 'received', 'not-a-cursor', 2)).items)).toEqual(ids(first.items))
  })

  it('leaves out members the viewer may not see, in every tab and count', async () => {
    const viewer = await profile(FLIRTLOKAAL)
    const members = await Promise.all(Array.from({ length: 5 }, () => profile(FLIRTLOKAAL)))
    for (const m of members) {
      await like(FLIRTLOKAAL, m, viewer)
      await like(FLIRTLOKAAL, viewer, m)
    }
    const [blocked, blocking, invisible, deleted, plain] = members as [number, number, number, number, number]
    await createBlock(db, FLIRTLOKAAL, viewer, blocked)
    await createBlock(db, FLIRTLOKAAL, blocking, viewer)
    await setProfile(FLIRTLOKAAL, invisible, { invisible: true })
    await setProfile(FLIRTLOKAAL, deleted, { status: 'deleted' })
    for (const tab of ['received', 'given', 'matches'] as const) {
      expect(ids((await list(FLIRTLOKAAL, viewer, tab)).items), tab).toEqual([plain])
    }
    expect(await newLikes(FLIRTLOKAAL, viewer)).toBe(1)
    expect(await inScope(FLIRTLOKAAL, (tx) => countMatches(tx, FLIRTLOKAAL, viewer))).toBe(1)
  })
})

describe('isolation between pools', () => {
  it('another pool sees no likes of a benelux profile, and cannot write one', async () => {
    const a = await profile(FLIRTLOKAAL)
    const b = await profile(DATEDICHTBIJ)
    await like(FLIRTLOKAAL, a, b)
    await like(DATEDICHTBIJ, b, a)
    expect(await newLikes(FLIRTLOKAAL, a)).toBe(1)

    for (const tab of ['received', 'given', 'matches'] as const) {
      expect(await list(DATEVIBE, a, tab)).toEqual({ items: [], next: null })
    }
    expect(await newLikes(DATEVIBE, a)).toBe(0)
    expect(await newLikes(DATEVIBE, a)).toBe(0)
    expect(await inScope(DATEVIBE, (tx) => countMatches(tx, DATEVIBE, a))).toBe(0)
    expect((await inScope(DATEVIBE, (tx) => likeStates(tx, DATEVIBE, a, [b]))).size).toBe(0)
    expect(await inScope(DATEVIBE, (tx) => markLikeSeen(tx, DATEVIBE, { viewerId: a, likerId: b }))).toBe(false)
    expect(await inScope(DATEVIBE, (tx) => unlikeMember(tx, DATEVIBE, { likerId: a, likedId: b }))).toBe(false)
    expect(await inScope(DATEVIBE, (tx) => tx.like.count())).toBe(0)
    // Nothing changed for the pool itself.
    expect(await newLikes(FLIRTLOKAAL, a)).toBe(1)
    expect(ids((await list(FLIRTLOKAAL, a, 'matches')).items)).toEqual([b])

    // A row for the benelux pool written from the DATEVIBE scope: the row-level policy refuses.
    const c = await profile(FLIRTLOKAAL)
    await expect(
      inScope(DATEVIBE, (tx) => tx.like.create({ data: { poolId: 'benelux', likerId: c, likedId: a, origin: 'profile' } })),
    ).rejects.toThrow(/row-level security/i)
    expect(await newLikes(FLIRTLOKAAL, a)).toBe(1)
  })
})

describe('giveLike and the live event', () => {
  /** Events for one member while `fn` runs; `settle` waits for the last expected one. */
  async function eventsOf(poolId: string, profileId: number, fn: (events: MemberEvent[]) => Promise<void>): Promise<MemberEvent[]> {
    const events: MemberEvent[] = []
    const stop = await subscribeMemberEvents(poolId, profileId, (event) => events.push(event))
    try {
      await fn(events)
    } finally {
      await stop()
    }
    return events
  }

  async function until(check: () => boolean, ms = 2000): Promise<void> {
    const end = Date.now() + ms
    while (!check()) {
      if (Date.now() > end) throw new Error('event did not arrive')
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
  }

  it('tells the liked member, on any site of the pool, and answers with their card', async () => {
    const anna = await createMember(db, FLIRTLOKAAL, 'Anneke')
    const bea = await createMember(db, DATEDICHTBIJ, 'Beatrix')
    const toBea = await eventsOf('benelux', bea.profile.id, async (events) => {
      const result = await giveLike(db, FLIRTLOKAAL, { likerId: anna.profile.id, likedId: bea.profile.id, origin: 'search', cdnPrefix: CDN })
      expect(result).toMatchObject({ ok: true, match: false, created: true, profile: { id: bea.profile.id, name: 'Beatrix' } })
      await until(() => events.length >= 1)
    })
    expect(toBea).toEqual([{ type: 'like', from: anna.profile.id, match: false }])

    const toAnna = await eventsOf('benelux', anna.profile.id, async (events) => {
      await giveLike(db, DATEDICHTBIJ, { likerId: bea.profile.id, likedId: anna.profile.id, origin: 'likes', cdnPrefix: CDN })
      await until(() => events.length >= 1)
    })
    expect(toAnna).toEqual([{ type: 'like', from: bea.profile.id, match: true }])
  })

  it('publishes nothing for a refused like, a second like, or a refusal of the caller', async () => {
    const target = await profile(FLIRTLOKAAL)
    const blocked = await profile(FLIRTLOKAAL)
    const twice = await profile(FLIRTLOKAAL)
    const unconfirmed = await profile(FLIRTLOKAAL, { status: 'disabled' })
    const far = await profile(DATEVIBE)
    const sentinel = await profile(FLIRTLOKAAL)
    await createBlock(db, FLIRTLOKAAL, target, blocked)
    await like(FLIRTLOKAAL, twice, target)
    let afterCalls = 0

    const events = await eventsOf('benelux', target, async (events) => {
      const input = (likerId: number) => ({ likerId, likedId: target, origin: 'profile' as const, cdnPrefix: CDN })
      expect(await giveLike(db, FLIRTLOKAAL, input(blocked))).toEqual({ ok: false, reason: 'not_found' })
      expect(await giveLike(db, FLIRTLOKAAL, input(unconfirmed))).toEqual({ ok: false, reason: 'not_confirmed' })
      expect(await giveLike(db, DATEVIBE, input(far))).toEqual({ ok: false, reason: 'not_found' })
      expect(await giveLike(db, FLIRTLOKAAL, input(twice))).toMatchObject({ ok: true, created: false })
      const limit = { ok: false as const, reason: 'limit' }
      const refused = await giveLike(db, FLIRTLOKAAL, input(sentinel), {
        before: async () => limit,
        after: async () => void (afterCalls += 1),
      })
      expect(refused).toEqual(limit)
      expect(afterCalls).toBe(0)
      // The one like that is stored is the only event; anything published before it would
      // have arrived first on the same channel.
      await giveLike(db, FLIRTLOKAAL, input(sentinel), { after: async (_tx, result) => void (afterCalls += result.created ? 1 : 0) })
      await until(() => events.length >= 1)
      await new Promise((resolve) => setTimeout(resolve, 50))
    })
    expect(events).toEqual([{ type: 'like', from: sentinel, match: false }])
    expect(afterCalls).toBe(1)
    expect(await inScope(FLIRTLOKAAL, (tx) => tx.like.count({ where: { likedId: target } }))).toBe(2)
  })
})
