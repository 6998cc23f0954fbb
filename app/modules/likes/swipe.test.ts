// The swipe game (SPEC §9: 4 likes per day): the quota per site-local day, enforced on the
// server and race-safe; who is offered; skips and second votes; matches; and the route's
// answers (429 for the 5th like) through a real context and session.
/* eslint-disable no-restricted-imports -- the last tests drive the route module itself */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appDb, createProfile, DATEDICHTBIJ, DATEVIBE, FLIRTLOKAAL, type ProfileSpec } from '../../../tests/fixtures.ts'
import { contextFor, loggedInMember, runRoute, siteRequest } from '../../../tests/route-harness.ts'
import { action as swipeAction, loader as swipeLoader } from '../../routes/_default.swipe-game.tsx'
import { createBlock } from '../accounts/blocks.server.ts'
import type { Db } from '../db/client.server.ts'
import { withScope, type Scope } from '../db/scoped.server.ts'
import { giveLike } from './service.server.ts'
import { loadSwipeGame, swipeVote, SWIPE_BATCH, SWIPE_LIKES_PER_DAY, type SwipeGame, type SwipeSite } from './swipe.server.ts'

let db: Db
let countryCounter = 0

beforeAll(() => {
  db = appDb(8)
})

afterAll(async () => {
  await db.$disconnect()
})

/**
 * A site of its own for each test: a made-up country that only this test's profiles live in,
 * so the candidates of one test are never another test's profiles.
 */
function site(timeZone = 'Europe/Amsterdam'): SwipeSite {
  countryCounter += 1
  const country = `Q${String.fromCharCode(65 + Math.floor(countryCounter / 26))}${String.fromCharCode(65 + (countryCounter % 26))}`
  return { countries: [country], cdnPrefix: '/media/', timeZone }
}

const profile = (scope: Scope, where: SwipeSite, spec: ProfileSpec = {}) => createProfile(db, scope, { birthDate: new Date('1992-04-04'), country: where.countries[0]!, ...spec })

/** A man looking for women (hetero), and `n` women with a photo he may be offered. */
async function game(n: number, timeZone?: string) {
  const where = site(timeZone)
  const swiper = await profile(FLIRTLOKAAL, where, { gender: 'man', sexuality: 'hetero' })
  const women: number[] = []
  for (let i = 0; i < n; i++) women.push(await profile(i % 2 ? DATEDICHTBIJ : FLIRTLOKAAL, where))
  return { where, swiper, women }
}

const like = (swiper: number, target: number, where: SwipeSite, now: Date) => swipeVote(db, FLIRTLOKAAL, { profileId: swiper, targetId: target, vote: 'like', site: where, now })
const skip = (swiper: number, target: number, where: SwipeSite, now: Date) => swipeVote(db, FLIRTLOKAAL, { profileId: swiper, targetId: target, vote: 'skip', site: where, now })

function played(g: SwipeGame) {
  if (g.state !== 'play') throw new Error(`expected a game, got ${g.state}`)
  return g
}

async function offered(swiper: number, where: SwipeSite, now: Date, scope: Scope = FLIRTLOKAAL): Promise<number[]> {
  return played(await loadSwipeGame(db, scope, { profileId: swiper, site: where, now })).candidates.map((c) => c.id)
}

const stored = (swiper: number) =>
  withScope(db, FLIRTLOKAAL, async (tx) => ({
    likes: await tx.like.findMany({ where: { likerId: swiper }, select: { likedId: true, origin: true } }),
    swipes: await tx.swipe.findMany({ where: { profileId: swiper }, select: { targetId: true, vote: true, day: true } }),
  }))

// Summer: Amsterdam is UTC+2, so its day runs from 22:00 UTC to 22:00 UTC.
const JULY_1_NOON = new Date('2026-07-01T10:00:00Z')

describe('the daily quota', () => {
  it('allows 4 likes a local day, refuses the 5th with nothing stored, and allows it again the next day', async () => {
    const { where, swiper, women } = await game(6)
    for (let i = 0; i < SWIPE_LIKES_PER_DAY; i++) {
      const result = await like(swiper, women[i]!, where, JULY_1_NOON)
      expect(result).toMatchObject({ ok: true, vote: 'like', match: false, likesLeft: SWIPE_LIKES_PER_DAY - 1 - i, profile: { id: women[i] } })
    }
    const fifth = await like(swiper, women[4]!, where, new Date('2026-07-01T21:59:59Z'))
    expect(fifth).toEqual({ ok: false, error: 'limit', resetsAt: '2026-07-01T22:00:00.000Z' })
    const after = await stored(swiper)
    expect(after.likes.map((l) => l.likedId).sort()).toEqual(women.slice(0, 4).sort())
    expect(after.likes.every((l) => l.origin === 'swipe')).toBe(true)
    expect(after.swipes).toHaveLength(4)
    expect(after.swipes.every((s) => s.day.toISOString() === '2026-07-01T00:00:00.000Z')).toBe(true)

    // The game shows the 'come back tomorrow' state, with the time to the site's midnight.
    const spent = played(await loadSwipeGame(db, FLIRTLOKAAL, { profileId: swiper, site: where, now: new Date('2026-07-01T20:00:00Z') }))
    expect(spent).toMatchObject({ likesLeft: 0, candidates: [], resetsAt: '2026-07-01T22:00:00.000Z', secondsLeft: 7200 })

    const nextDay = new Date('2026-07-01T22:00:01Z')
    expect(await like(swiper, women[4]!, where, nextDay)).toMatchObject({ ok: true, likesLeft: 3 })
    expect(played(await loadSwipeGame(db, FLIRTLOKAAL, { profileId: swiper, site: where, now: nextDay })).likesLeft).toBe(3)
    expect((await stored(swiper)).swipes.find((s) => s.targetId === women[4])?.day.toISOString()).toBe('2026-07-02T00:00:00.000Z')
  })

  it("follows the site's time zone: 23:30 UTC in summer is already tomorrow in Amsterdam, not yet in New York", async () => {
    const amsterdam = await game(5, 'Europe/Amsterdam')
    const newYork = await game(5, 'America/New_York')
    const evening = new Date('2026-07-01T20:00:00Z') // 22:00 in Amsterdam, 16:00 in New York: both July 1
    for (const g of [amsterdam, newYork]) {
      for (let i = 0; i < 4; i++) expect((await like(g.swiper, g.women[i]!, g.where, evening)).ok).toBe(true)
      expect(await like(g.swiper, g.women[4]!, g.where, evening)).toMatchObject({ ok: false, error: 'limit' })
    }
    const late = new Date('2026-07-01T23:30:00Z') // 01:30 July 2 in Amsterdam, 19:30 July 1 in New York
    expect(await like(amsterdam.swiper, amsterdam.women[4]!, amsterdam.where, late)).toMatchObject({ ok: true, likesLeft: 3 })
    expect(await like(newYork.swiper, newYork.women[4]!, newYork.where, late)).toEqual({ ok: false, error: 'limit', resetsAt: '2026-07-02T04:00:00.000Z' })
  })

  it('is race-safe: 6 likes at once with 4 left store exactly 4', async () => {
    const { where, swiper, women } = await game(6)
    const results = await Promise.all(women.map((w) => like(swiper, w, where, JULY_1_NOON)))
    expect(results.filter((r) => r.ok)).toHaveLength(4)
    expect(results.filter((r) => !r.ok && r.error === 'limit')).toHaveLength(2)
    const after = await stored(swiper)
    expect(after.likes).toHaveLength(4)
    expect(after.swipes).toHaveLength(4)
  })

  it('does not count skips', async () => {
    const { where, swiper, women } = await game(9)
    for (const w of women.slice(0, 5)) expect(await skip(swiper, w, where, JULY_1_NOON)).toMatchObject({ ok: true, vote: 'skip', likesLeft: 4, match: false })
    for (const w of women.slice(5, 9)) expect((await like(swiper, w, where, JULY_1_NOON)).ok).toBe(true)
    const after = await stored(swiper)
    expect(after.likes).toHaveLength(4)
    expect(after.swipes.filter((s) => s.vote === 'skip')).toHaveLength(5)
  })

  it("refuses a like of another pool's member as not_found, using no quota", async () => {
    const { where, swiper, women } = await game(1)
    const far = await profile(DATEVIBE, where)
    expect(await like(swiper, far, where, JULY_1_NOON)).toEqual({ ok: false, error: 'not_found' })
    expect(await skip(swiper, far, where, JULY_1_NOON)).toEqual({ ok: false, error: 'not_found' })
    expect(await like(swiper, 2_000_000_000, where, JULY_1_NOON)).toEqual({ ok: false, error: 'not_found' })
    expect(await stored(swiper)).toEqual({ likes: [], swipes: [] })
    expect(played(await loadSwipeGame(db, FLIRTLOKAAL, { profileId: swiper, site: where, now: JULY_1_NOON })).likesLeft).toBe(4)
    // And from the other pool, the swiper is not there to be liked either.
    const farSwiper = await profile(DATEVIBE, where, { gender: 'man' })
    expect(await swipeVote(db, DATEVIBE, { profileId: farSwiper, targetId: women[0]!, vote: 'like', site: where, now: JULY_1_NOON })).toEqual({ ok: false, error: 'not_found' })
  })
})

describe('votes', () => {
  it('a second vote on the same member changes nothing', async () => {
    const { where, swiper, women } = await game(2)
    expect(await like(swiper, women[0]!, where, JULY_1_NOON)).toMatchObject({ ok: true, likesLeft: 3 })
    expect(await like(swiper, women[0]!, where, JULY_1_NOON)).toMatchObject({ ok: true, vote: 'like', likesLeft: 3 })
    expect(await skip(swiper, women[0]!, where, JULY_1_NOON)).toMatchObject({ ok: true, vote: 'like', likesLeft: 3 })
    expect(await skip(swiper, women[1]!, where, JULY_1_NOON)).toMatchObject({ ok: true, vote: 'skip' })
    expect(await like(swiper, women[1]!, where, JULY_1_NOON)).toMatchObject({ ok: true, vote: 'skip', likesLeft: 3 })
    const after = await stored(swiper)
    expect(after.likes.map((l) => l.likedId)).toEqual([women[0]])
    expect(after.swipes.map((s) => [s.targetId, s.vote]).sort()).toEqual([[women[0], 'like'], [women[1], 'skip']].sort())
  })

  it('a like of someone who liked the member is a match, on both rows', async () => {
    const { where, swiper, women } = await game(1)
    const [her] = women as [number]
    expect(await giveLike(db, FLIRTLOKAAL, { likerId: her, likedId: swiper, origin: 'profile', cdnPrefix: '/media/' })).toMatchObject({ ok: true, match: false })
    expect(await like(swiper, her, where, JULY_1_NOON)).toMatchObject({ ok: true, vote: 'like', match: true, profile: { id: her, thumb: `/media/thumb${her}.jpg` } })
    const rows = await withScope(db, FLIRTLOKAAL, (tx) => tx.like.findMany({ where: { OR: [{ likerId: swiper }, { likedId: swiper }] }, select: { matchedAt: true } }))
    expect(rows).toHaveLength(2)
    expect(rows.every((r) => r.matchedAt !== null)).toBe(true)
  })

  it('an unconfirmed member gets no game and cannot vote', async () => {
    const { where, women } = await game(1)
    const pending = await profile(FLIRTLOKAAL, where, { gender: 'man', status: 'disabled' })
    expect(await loadSwipeGame(db, FLIRTLOKAAL, { profileId: pending, site: where, now: JULY_1_NOON })).toEqual({ state: 'not_confirmed' })
    expect(await loadSwipeGame(db, FLIRTLOKAAL, { profileId: null, site: where, now: JULY_1_NOON })).toEqual({ state: 'not_confirmed' })
    expect(await like(pending, women[0]!, where, JULY_1_NOON)).toEqual({ ok: false, error: 'not_confirmed' })
    expect(await skip(pending, women[0]!, where, JULY_1_NOON)).toEqual({ ok: false, error: 'not_confirmed' })
    expect(await stored(pending)).toEqual({ likes: [], swipes: [] })
  })
})

describe('who is offered', () => {
  it('members of the default preference with a photo, most recently active first, never the excluded ones', async () => {
    const where = site()
    const swiper = await profile(FLIRTLOKAAL, where, { gender: 'man', sexuality: 'hetero' })
    const at = (minutes: number) => new Date(Date.UTC(2026, 6, 1, 9, minutes))
    const older = await profile(DATEDICHTBIJ, where, { lastActiveAt: at(1) })
    const newer = await profile(FLIRTLOKAAL, where, { lastActiveAt: at(2) })
    const excluded = {
      blocker: await profile(FLIRTLOKAAL, where, { lastActiveAt: at(3) }),
      blocked: await profile(DATEDICHTBIJ, where, { lastActiveAt: at(3) }),
      invisible: await profile(FLIRTLOKAAL, where, { invisible: true }),
      unconfirmed: await profile(FLIRTLOKAAL, where, { status: 'disabled' }),
      deleted: await profile(FLIRTLOKAAL, where, { status: 'deleted' }),
      noPhoto: await profile(FLIRTLOKAAL, where, { photo: false }),
      man: await profile(FLIRTLOKAAL, where, { gender: 'man' }),
      otherPool: await profile(DATEVIBE, where),
      likedElsewhere: await profile(FLIRTLOKAAL, where),
    }
    await withScope(db, FLIRTLOKAAL, (tx) => tx.photo.create({ data: { poolId: 'benelux', profileId: excluded.noPhoto, filename: 'p.jpg', thumbFilename: 't.jpg', status: 'inspection', isMain: true } }))
    await createBlock(db, FLIRTLOKAAL, excluded.blocker, swiper)
    await createBlock(db, DATEDICHTBIJ, swiper, excluded.blocked)
    expect((await giveLike(db, FLIRTLOKAAL, { likerId: swiper, likedId: excluded.likedElsewhere, origin: 'profile', cdnPrefix: '' })).ok).toBe(true)

    const game = played(await loadSwipeGame(db, FLIRTLOKAAL, { profileId: swiper, site: where, now: JULY_1_NOON }))
    expect(game.candidates.map((c) => c.id)).toEqual([newer, older])
    expect(game.candidates[0]).toMatchObject({ id: newer, photo: `/media/full${newer}.jpg`, thumb: `/media/thumb${newer}.jpg`, age: 34, fictional: false })
    // The same from the pool's other site; nothing of it from another pool.
    expect(await offered(swiper, where, JULY_1_NOON, DATEDICHTBIJ)).toEqual([newer, older])
    expect(await loadSwipeGame(db, DATEVIBE, { profileId: swiper, site: where, now: JULY_1_NOON })).toEqual({ state: 'not_confirmed' })
  })

  it('offers a fictional profile with its flag, and a bisexual member both genders', async () => {
    const where = site()
    const bi = await profile(FLIRTLOKAAL, where, { gender: 'woman', sexuality: 'bi' })
    const fictional = await profile(FLIRTLOKAAL, where, { gender: 'man', fictional: true })
    const woman = await profile(FLIRTLOKAAL, where)
    const game = played(await loadSwipeGame(db, FLIRTLOKAAL, { profileId: bi, site: where, now: JULY_1_NOON }))
    expect(game.candidates.map((c) => c.id).sort()).toEqual([fictional, woman].sort())
    expect(game.candidates.find((c) => c.id === fictional)?.fictional).toBe(true)
  })

  it('hides a skipped member for 30 days and a liked one for ever, and moves on after each vote', async () => {
    const { where, swiper, women } = await game(3)
    expect((await offered(swiper, where, JULY_1_NOON)).sort()).toEqual([...women].sort())
    await skip(swiper, women[0]!, where, JULY_1_NOON)
    await like(swiper, women[1]!, where, JULY_1_NOON)
    expect(await offered(swiper, where, JULY_1_NOON)).toEqual([women[2]])
    await skip(swiper, women[2]!, where, JULY_1_NOON)
    expect(await offered(swiper, where, JULY_1_NOON)).toEqual([])
    const in29Days = new Date('2026-07-30T10:00:00Z')
    expect(await offered(swiper, where, in29Days)).toEqual([])
    const in31Days = new Date('2026-08-01T10:00:01Z')
    expect((await offered(swiper, where, in31Days)).sort()).toEqual([women[0], women[2]].sort())
    // A like after an expired skip counts and sticks.
    expect(await like(swiper, women[0]!, where, in31Days)).toMatchObject({ ok: true, vote: 'like', likesLeft: 3 })
    expect(await offered(swiper, where, in31Days)).toEqual([women[2]])
  })

  it('returns at most a small batch, the next ones after each vote', async () => {
    const { where, swiper, women } = await game(SWIPE_BATCH + 2)
    const first = await offered(swiper, where, JULY_1_NOON)
    expect(first).toHaveLength(SWIPE_BATCH)
    await skip(swiper, first[0]!, where, JULY_1_NOON)
    const second = await offered(swiper, where, JULY_1_NOON)
    expect(second).toHaveLength(SWIPE_BATCH)
    expect(second).not.toContain(first[0])
    expect(second.slice(0, SWIPE_BATCH - 1)).toEqual(first.slice(1))
    expect(women).toEqual(expect.arrayContaining(second))
  })
})

describe('/swipe-game route', () => {
  async function post(scope: Scope, cookie: string | undefined, fields: Record<string, string>) {
    const request = await siteRequest(scope, '/swipe-game', { method: 'POST', cookie, body: new URLSearchParams(fields) })
    return runRoute(async () => swipeAction({ request, context: await contextFor(scope, request), params: {} }))
  }
  async function get(scope: Scope, cookie: string | undefined) {
    const request = await siteRequest(scope, '/swipe-game', { cookie })
    return runRoute(async () => swipeLoader({ request, context: await contextFor(scope, request), params: {} }))
  }
  /** Men of the real site (NL) with a photo: the logged-in member is a hetero woman in NL. */
  const men = (n: number) => Promise.all(Array.from({ length: n }, () => profile(FLIRTLOKAAL, { countries: ['NL'], cdnPrefix: '', timeZone: 'Europe/Amsterdam' }, { gender: 'man' })))

  it('sends visitors to login', async () => {
    expect(await get(FLIRTLOKAAL, undefined)).toMatchObject({ status: 302 })
    const answer = await get(FLIRTLOKAAL, undefined)
    expect(answer.headers.get('location')).toBe('/login?redirectTo=%2Fswipe-game')
    expect((await post(FLIRTLOKAAL, undefined, { intent: 'like', targetId: '1' })).status).toBe(302)
  })

  it('answers 4 likes, then 429 for the 5th; 404 for another pool; 400 for nonsense', async () => {
    const anna = await loggedInMember(db, FLIRTLOKAAL, 'Anna')
    const targets = await men(5)
    const page = await get(FLIRTLOKAAL, anna.cookie)
    expect(page.status).toBe(200)
    expect(page.body).toMatchObject({ game: { state: 'play', likesLeft: 4, limit: 4 } })
    const offeredIds = (page.body as { game: { candidates: { id: number }[] } }).game.candidates.map((c) => c.id)
    expect(offeredIds).toEqual(expect.arrayContaining(targets.slice(-1)))

    const far = await profile(DATEVIBE, { countries: ['GB'], cdnPrefix: '', timeZone: 'Europe/London' }, { gender: 'man' })
    expect(await post(FLIRTLOKAAL, anna.cookie, { intent: 'like', targetId: String(far) })).toMatchObject({ status: 404, body: { ok: false, error: 'not_found' } })
    expect(await post(FLIRTLOKAAL, anna.cookie, { intent: 'love', targetId: String(targets[0]) })).toMatchObject({ status: 400, body: { ok: false, error: 'invalid_request' } })
    expect(await post(FLIRTLOKAAL, anna.cookie, { intent: 'like', targetId: 'abc' })).toMatchObject({ status: 400 })

    for (let i = 0; i < 4; i++) {
      expect(await post(FLIRTLOKAAL, anna.cookie, { intent: 'like', targetId: String(targets[i]) })).toMatchObject({
        status: 200,
        body: { ok: true, vote: 'like', match: false, likesLeft: 3 - i, profile: { id: targets[i] } },
      })
    }
    const fifth = await post(FLIRTLOKAAL, anna.cookie, { intent: 'like', targetId: String(targets[4]) })
    expect(fifth).toMatchObject({ status: 429, body: { ok: false, error: 'limit' } })
    expect(new Date((fifth.body as { resetsAt: string }).resetsAt).getTime()).toBeGreaterThan(Date.now())
    // Skips remain possible and cost nothing; the page shows the limit state.
    expect(await post(FLIRTLOKAAL, anna.cookie, { intent: 'skip', targetId: String(targets[4]) })).toMatchObject({ status: 200, body: { ok: true, vote: 'skip' } })
    expect(await get(FLIRTLOKAAL, anna.cookie)).toMatchObject({ status: 200, body: { game: { state: 'play', likesLeft: 0, candidates: [] } } })
  })

  it('answers 403 not_confirmed for an unconfirmed member', async () => {
    const bob = await loggedInMember(db, FLIRTLOKAAL, 'Bob')
    await withScope(db, FLIRTLOKAAL, (tx) => tx.profile.update({ where: { poolId_id: { poolId: FLIRTLOKAAL.poolId, id: bob.profile.id } }, data: { status: 'disabled' } }))
    const [target] = await men(1)
    expect(await post(FLIRTLOKAAL, bob.cookie, { intent: 'like', targetId: String(target) })).toMatchObject({ status: 403, body: { ok: false, error: 'not_confirmed' } })
    expect(await get(FLIRTLOKAAL, bob.cookie)).toMatchObject({ status: 200, body: { game: { state: 'not_confirmed' } } })
  })
})
