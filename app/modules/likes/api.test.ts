// The likes API end to end on the server: POST/GET /api/likes, GET /api/auto-like, the
// live event stream and the layout's badge count, each with a real context and session.
/* eslint-disable no-restricted-imports -- this test drives the route modules themselves */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appDb, createProfile, DATEDICHTBIJ, DATEVIBE, FLIRTLOKAAL, type ProfileSpec } from '../../../tests/fixtures.ts'
import { contextFor, loggedInMember, runRoute, siteRequest } from '../../../tests/route-harness.ts'
import { loader as autoLikeLoader } from '../../routes/api.auto-like.ts'
import { loader as eventsLoader } from '../../routes/api.events.ts'
import { action as likesAction, loader as likesLoader } from '../../routes/api.likes.ts'
import { loader as layoutLoader } from '../../routes/_default.tsx'
import type { Db } from '../db/client.server.ts'
import { withScope, type Scope } from '../db/scoped.server.ts'
import { autoLike } from './auto-like.server.ts'
import { giveLike } from './service.server.ts'

let db: Db

beforeAll(() => {
  db = appDb()
})

afterAll(async () => {
  await db.$disconnect()
})

async function postLike(scope: Scope, cookie: string | undefined, fields: Record<string, string>, json = true) {
  const request = await siteRequest(scope, '/api/likes', {
    method: 'POST',
    cookie,
    body: new URLSearchParams(fields),
    headers: json ? { Accept: 'application/json' } : { Accept: 'text/html' },
  })
  return runRoute(async () => likesAction({ request, context: await contextFor(scope, request), params: {} }))
}

async function getJson(scope: Scope, path: string, cookie: string, loader: typeof likesLoader) {
  const request = await siteRequest(scope, path, { cookie, headers: { Accept: 'application/json' } })
  return runRoute(async () => loader({ request, context: await contextFor(scope, request), params: {} }))
}

/** A profile in the pool without an account: fictional ones are run by operators. */
const profile = async (scope: Scope, spec: ProfileSpec) => ({ id: await createProfile(db, scope, spec) })

describe('POST /api/likes', () => {
  it('likes, matches across two sites of one pool, lists, and unlikes', async () => {
    const anna = await loggedInMember(db, FLIRTLOKAAL, 'Anna')
    const bea = await loggedInMember(db, DATEDICHTBIJ, 'Bea')

    const first = await postLike(FLIRTLOKAAL, anna.cookie, { intent: 'like', profileId: String(bea.profile.id), origin: 'search' })
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ ok: true, liked: true, match: false, profile: { id: bea.profile.id, name: 'Bea' } })

    const beaLikes = await getJson(DATEDICHTBIJ, '/api/likes', bea.cookie, likesLoader)
    expect(beaLikes.body).toMatchObject({ new_likes: 1, liked_by: [{ id: anna.profile.id, like_new: true, match: false }], profiles: [] })

    const back = await postLike(DATEDICHTBIJ, bea.cookie, { intent: 'like', profileId: String(anna.profile.id), origin: 'popup' })
    expect(back.body).toMatchObject({ ok: true, liked: true, match: true })
    const annaLikes = await getJson(FLIRTLOKAAL, '/api/likes', anna.cookie, likesLoader)
    expect(annaLikes.body).toMatchObject({ liked_by: [{ id: bea.profile.id, like_new: true, match: true }], profiles: [{ id: bea.profile.id, match: true }] })

    const removed = await postLike(FLIRTLOKAAL, anna.cookie, { intent: 'unlike', profileId: String(bea.profile.id) })
    expect(removed.body).toMatchObject({ ok: true, liked: false, match: false })
    const after = await getJson(DATEDICHTBIJ, '/api/likes', bea.cookie, likesLoader)
    expect(after.body).toMatchObject({ new_likes: 0, liked_by: [], profiles: [{ id: anna.profile.id, match: false }] })
  })

  it('?new=1 answers only new likes given after since, with the count and the server time', async () => {
    const lisa = await loggedInMember(db, FLIRTLOKAAL, 'Lisa')
    const first = await loggedInMember(db, FLIRTLOKAAL, 'Kees')
    const second = await loggedInMember(db, DATEDICHTBIJ, 'Joop')
    await postLike(FLIRTLOKAAL, first.cookie, { intent: 'like', profileId: String(lisa.profile.id) })

    const start = await getJson(FLIRTLOKAAL, '/api/likes?new=1', lisa.cookie, likesLoader)
    expect(start.body).toMatchObject({ new_likes: 1, liked_by: [{ id: first.profile.id, like_new: true }] })
    const body = start.body as { now: string; profiles?: unknown }
    expect(body.profiles).toBeUndefined()
    expect(Number.isNaN(Date.parse(body.now))).toBe(false)

    // Nothing since: an empty list, the count unchanged.
    const quiet = await getJson(FLIRTLOKAAL, `/api/likes?new=1&since=${encodeURIComponent(body.now)}`, lisa.cookie, likesLoader)
    expect(quiet.body).toMatchObject({ new_likes: 1, liked_by: [] })

    await postLike(DATEDICHTBIJ, second.cookie, { intent: 'like', profileId: String(lisa.profile.id) })
    const later = await getJson(FLIRTLOKAAL, `/api/likes?new=1&since=${encodeURIComponent(body.now)}`, lisa.cookie, likesLoader)
    expect(later.body).toMatchObject({ new_likes: 2, liked_by: [{ id: second.profile.id, like_new: true }] })
    expect((later.body as { liked_by: unknown[] }).liked_by).toHaveLength(1)

    // A broken since counts as none: every new like.
    const broken = await getJson(FLIRTLOKAAL, '/api/likes?new=1&since=yesterday', lisa.cookie, likesLoader)
    expect((broken.body as { liked_by: unknown[] }).liked_by).toHaveLength(2)
  })

  it('answers 404 for a member of another pool, and stores nothing', async () => {
    const vera = await loggedInMember(db, DATEVIBE, 'Vera')
    const nina = await loggedInMember(db, FLIRTLOKAAL, 'Nina')
    const crafted = await postLike(DATEVIBE, vera.cookie, { intent: 'like', profileId: String(nina.profile.id) })
    expect(crafted.status).toBe(404)
    expect(crafted.body).toMatchObject({ ok: false, error: 'not_found' })
    // And the other way round.
    const back = await postLike(FLIRTLOKAAL, nina.cookie, { intent: 'like', profileId: String(vera.profile.id) })
    expect(back.status).toBe(404)
    const likes = await getJson(FLIRTLOKAAL, '/api/likes', nina.cookie, likesLoader)
    expect(likes.body).toMatchObject({ liked_by: [], profiles: [] })
    const count = await withScope(db, DATEVIBE, (tx) => tx.like.count({ where: { poolId: 'datevibe', likerId: vera.profile.id } }))
    expect(count).toBe(0)
  })

  it('cannot store a like, swipe or block that joins two pools, even bypassing the code', async () => {
    const vera = await loggedInMember(db, DATEVIBE, 'Vesna')
    const nina = await loggedInMember(db, FLIRTLOKAAL, 'Noor')
    // Written straight into the tables, in Vera's pool: the pool-scoped foreign keys refuse it.
    await expect(withScope(db, DATEVIBE, (tx) => tx.like.create({ data: { poolId: 'datevibe', likerId: vera.profile.id, likedId: nina.profile.id, origin: 'profile' } }))).rejects.toThrow()
    await expect(
      withScope(db, DATEVIBE, (tx) => tx.swipe.create({ data: { poolId: 'datevibe', profileId: vera.profile.id, targetId: nina.profile.id, vote: 'like', day: new Date('2026-11-23') } })),
    ).rejects.toThrow()
    await expect(withScope(db, DATEVIBE, (tx) => tx.block.create({ data: { poolId: 'datevibe', blockerId: vera.profile.id, blockedId: nina.profile.id } }))).rejects.toThrow()
    expect(await withScope(db, DATEVIBE, (tx) => tx.like.count({ where: { likerId: vera.profile.id } }))).toBe(0)
  })

  it('refuses bad input, logged-out callers and unconfirmed members', async () => {
    const mia = await loggedInMember(db, FLIRTLOKAAL, 'Mia')
    const other = await loggedInMember(db, FLIRTLOKAAL, 'Other')
    expect((await postLike(FLIRTLOKAAL, mia.cookie, { intent: 'like', profileId: 'abc' })).status).toBe(400)
    expect((await postLike(FLIRTLOKAAL, mia.cookie, { intent: 'poke', profileId: String(other.profile.id) })).status).toBe(400)
    expect((await postLike(FLIRTLOKAAL, mia.cookie, { intent: 'like', profileId: String(other.profile.id), origin: 'auto' })).status).toBe(400)
    expect((await postLike(FLIRTLOKAAL, mia.cookie, { intent: 'like', profileId: String(mia.profile.id) })).status).toBe(404)
    const anonymous = await postLike(FLIRTLOKAAL, undefined, { intent: 'like', profileId: String(other.profile.id) })
    expect(anonymous).toMatchObject({ status: 403, body: { error: 'authentication_required' } })

    await withScope(db, FLIRTLOKAAL, (tx) => tx.profile.update({ where: { poolId_id: { poolId: FLIRTLOKAAL.poolId, id: mia.profile.id } }, data: { status: 'disabled' } }))
    const unconfirmed = await postLike(FLIRTLOKAAL, mia.cookie, { intent: 'like', profileId: String(other.profile.id) })
    expect(unconfirmed.status).toBe(403)
    expect(unconfirmed.body).toMatchObject({ error: 'not_confirmed', message: 'Bevestig eerst je account om leden te liken.' })
  })

  it('redirects a plain form back to a page of the site only', async () => {
    const a = await loggedInMember(db, FLIRTLOKAAL)
    const b = await loggedInMember(db, FLIRTLOKAAL)
    const back = await postLike(FLIRTLOKAAL, a.cookie, { intent: 'like', profileId: String(b.profile.id), redirectTo: '/members?gender=man' }, false)
    expect(back.status).toBe(302)
    expect(back.headers.get('location')).toBe('/members?gender=man')
    const offsite = await postLike(FLIRTLOKAAL, a.cookie, { intent: 'unlike', profileId: String(b.profile.id), redirectTo: '//evil.example/' }, false)
    expect(offsite.headers.get('location')).toBe('/likes')
    // Refused without JavaScript: back to the page (never a bare error body), nothing stored.
    const vera = await loggedInMember(db, DATEVIBE)
    const refused = await postLike(FLIRTLOKAAL, a.cookie, { intent: 'like', profileId: String(vera.profile.id), redirectTo: '/members' }, false)
    expect(refused.status).toBe(302)
    expect(refused.headers.get('location')).toBe('/members')
    const nonsense = await postLike(FLIRTLOKAAL, a.cookie, { intent: 'love', profileId: 'x', redirectTo: '/members?page=2' }, false)
    expect(nonsense.headers.get('location')).toBe('/members?page=2')
    expect(await withScope(db, FLIRTLOKAAL, (tx) => tx.like.count({ where: { likerId: a.profile.id } }))).toBe(0)
  })
})

describe('the badge count in the default layout', () => {
  it('counts new likes from visible members only', async () => {
    const me = await loggedInMember(db, FLIRTLOKAAL)
    const fan = await loggedInMember(db, DATEDICHTBIJ)
    const hidden = await loggedInMember(db, FLIRTLOKAAL)
    for (const liker of [fan, hidden]) await giveLike(db, FLIRTLOKAAL, { likerId: liker.profile.id, likedId: me.profile.id, origin: 'profile', cdnPrefix: '/media/' })
    await withScope(db, FLIRTLOKAAL, (tx) => tx.profile.update({ where: { poolId_id: { poolId: FLIRTLOKAAL.poolId, id: hidden.profile.id } }, data: { invisible: true } }))
    const request = await siteRequest(FLIRTLOKAAL, '/members', { cookie: me.cookie })
    const result = await runRoute(async () => layoutLoader({ request, context: await contextFor(FLIRTLOKAAL, request), params: {} }))
    expect(result.body).toEqual({ attention: { newLikes: 1, unreadMessages: 0 }, account: { credits: 0, paidUser: false } })
    const visitor = await siteRequest(FLIRTLOKAAL, '/members')
    expect((await runRoute(async () => layoutLoader({ request: visitor, context: await contextFor(FLIRTLOKAAL, visitor), params: {} }))).body).toEqual({ attention: null, account: null })
  })
})

describe('GET /api/auto-like', () => {
  it('has a fictional profile of the pool like the member, once per day', async () => {
    const member = await loggedInMember(db, DATEVIBE, 'Wendy') // a hetero woman: looks for men
    const real = await profile(DATEVIBE, { gender: 'man' })
    const fictionalWoman = await profile(DATEVIBE, { gender: 'woman', fictional: true })
    const noPhoto = await profile(DATEVIBE, { gender: 'man', fictional: true, photo: false })
    const host = await profile(DATEVIBE, { gender: 'man', fictional: true, name: 'Host' })
    await profile(FLIRTLOKAAL, { gender: 'man', fictional: true }) // another pool: never

    const first = await getJson(DATEVIBE, '/api/auto-like', member.cookie, autoLikeLoader)
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ profile: { id: host.id, name: 'Host', fictional: true }, match: false })
    const again = await getJson(DATEVIBE, '/api/auto-like', member.cookie, autoLikeLoader)
    expect(again.body).toMatchObject({ profile: { id: host.id } })

    const likes = await withScope(db, DATEVIBE, (tx) => tx.like.findMany({ where: { poolId: 'datevibe', likedId: member.profile.id } }))
    expect(likes.map((l) => [l.likerId, l.origin, l.isNew])).toEqual([[host.id, 'auto', true]])
    expect([real.id, fictionalWoman.id, noPhoto.id]).not.toContain(likes[0]!.likerId)

    // A day later another one may like the member; with none left, no profile.
    const tomorrow = new Date(Date.now() + 25 * 3600 * 1000)
    expect(await autoLike(db, DATEVIBE, { memberId: member.profile.id, cdnPrefix: '/media/', now: tomorrow })).toBeNull()
  })

  it('is a match when the member already liked that profile', async () => {
    const member = await loggedInMember(db, FLIRTLOKAAL)
    const host = await profile(FLIRTLOKAAL, { gender: 'man', fictional: true })
    // A fictional profile stays fictional (a database rule), so the host is made the most
    // recently active candidate and the draw takes the first one.
    await withScope(db, FLIRTLOKAAL, (tx) => tx.profile.updateMany({ where: { poolId: 'benelux', id: host.id }, data: { lastActiveAt: new Date(Date.now() + 60_000) } }))
    await giveLike(db, FLIRTLOKAAL, { likerId: member.profile.id, likedId: host.id, origin: 'profile', cdnPrefix: '/media/' })
    const result = await autoLike(db, FLIRTLOKAAL, { memberId: member.profile.id, cdnPrefix: '/media/', pick: () => 0 })
    expect(result).toMatchObject({ profile: { id: host.id }, match: true, created: true })
  })
})

describe('GET /api/events', () => {
  it('streams a like to the liked member, on another site of the pool', async () => {
    const liked = await loggedInMember(db, DATEDICHTBIJ)
    const liker = await loggedInMember(db, FLIRTLOKAAL)
    const abort = new AbortController()
    const request = await siteRequest(DATEDICHTBIJ, '/api/events', { cookie: liked.cookie, signal: abort.signal })
    const response = (await eventsLoader({ request, context: await contextFor(DATEDICHTBIJ, request), params: {} })) as Response
    expect(response.headers.get('content-type')).toContain('text/event-stream')
    const reader = response.body!.getReader()
    const decoder = new TextDecoder()
    let text = decoder.decode((await reader.read()).value)
    expect(text).toContain(': connected')

    await giveLike(db, FLIRTLOKAAL, { likerId: liker.profile.id, likedId: liked.profile.id, origin: 'search', cdnPrefix: '/media/' })
    while (!text.includes('event: like')) text += decoder.decode((await reader.read()).value)
    expect(text).toContain(`data: {"type":"like","from":${liker.profile.id},"match":false}`)
    abort.abort()
    expect((await reader.read()).done).toBe(true)
  })

  it('is for members only', async () => {
    const request = await siteRequest(FLIRTLOKAAL, '/api/events')
    const result = await runRoute(async () => eventsLoader({ request, context: await contextFor(FLIRTLOKAAL, request), params: {} }))
    expect(result.status).toBe(403)
  })
})
