// The likes pages on the server (SPEC §2 /likes, /likes/{type}, /likes/m/{id}): members only,
// the tabs and their counts, unknown types, opening a member from likes (clears the new flag,
// 404 exactly where /members/{id} is), each with a real context and session.
/* eslint-disable no-restricted-imports -- this test drives the route modules themselves */
import type { LoaderFunctionArgs } from '@remix-run/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appDb, DATEDICHTBIJ, DATEVIBE, FLIRTLOKAAL } from '../../../tests/fixtures.ts'
import { contextFor, loggedInMember, runRoute, siteRequest } from '../../../tests/route-harness.ts'
import { loader as layoutLoader } from '../../routes/_default.likes.tsx'
import { loader as indexLoader } from '../../routes/_default.likes._index.tsx'
import { loader as typeLoader } from '../../routes/_default.likes.$type.tsx'
import { loader as memberLoader } from '../../routes/_default.likes.m.$id.tsx'
import { loader as defaultLayoutLoader } from '../../routes/_default.tsx'
import { createBlock } from '../accounts/blocks.server.ts'
import type { Db } from '../db/client.server.ts'
import { withScope, type Scope } from '../db/scoped.server.ts'
import { giveLike } from './service.server.ts'

let db: Db

beforeAll(() => {
  db = appDb()
})

afterAll(async () => {
  await db.$disconnect()
})

type Loader = (args: LoaderFunctionArgs) => Promise<unknown>

async function get(scope: Scope, path: string, cookie: string | undefined, loader: Loader, params: Record<string, string> = {}) {
  const request = await siteRequest(scope, path, { cookie })
  return runRoute(async () => loader({ request, context: await contextFor(scope, request), params }))
}

const likeOf = (scope: Scope, likerId: number, likedId: number) => giveLike(db, scope, { likerId, likedId, origin: 'profile', cdnPrefix: '/m/' })

type TabBody = { items: { id: number; date: string; like: { isNew: boolean; match: boolean } }[]; next: string | null; paged: boolean; title: string }

describe('/likes and /likes/{type}', () => {
  it('send visitors to the login page', async () => {
    for (const [path, loader, params] of [
      ['/likes', indexLoader, {}],
      ['/likes/given', typeLoader, { type: 'given' }],
      ['/likes/m/5', memberLoader, { id: '5' }],
    ] as const) {
      const result = await get(FLIRTLOKAAL, path, undefined, loader, params)
      expect(result.status, path).toBe(302)
      expect(result.headers.get('Location')).toBe(`/login?redirectTo=${encodeURIComponent(path)}`)
    }
  })

  it('/likes is the received tab; the tabs have their counts; dates are in the site language', async () => {
    const viewer = await loggedInMember(db, FLIRTLOKAAL, 'Vera')
    const ann = await loggedInMember(db, DATEDICHTBIJ, 'Ann')
    const bo = await loggedInMember(db, FLIRTLOKAAL, 'Bo')
    await likeOf(DATEDICHTBIJ, ann.profile.id, viewer.profile.id)
    await likeOf(FLIRTLOKAAL, bo.profile.id, viewer.profile.id)
    await likeOf(FLIRTLOKAAL, viewer.profile.id, bo.profile.id)

    const index = await get(FLIRTLOKAAL, '/likes', viewer.cookie, indexLoader)
    const body = index.body as TabBody
    expect(body.items.map((i) => i.id)).toEqual([bo.profile.id, ann.profile.id])
    expect(body).toMatchObject({ next: null, paged: false, title: 'Ontvangen likes' })
    expect(body.items[0]!.like).toMatchObject({ isNew: true, match: true })
    // Dutch month names for the Dutch site.
    expect(body.items[0]!.date).toMatch(/^\d{1,2} [a-z]{3}\.? \d{4}$/)

    const received = (await get(FLIRTLOKAAL, '/likes/received', viewer.cookie, typeLoader, { type: 'received' })).body as TabBody
    expect(received.items.map((i) => i.id)).toEqual(body.items.map((i) => i.id))
    const given = (await get(FLIRTLOKAAL, '/likes/given', viewer.cookie, typeLoader, { type: 'given' })).body as TabBody
    expect(given.items.map((i) => i.id)).toEqual([bo.profile.id])
    expect(given.title).toBe('Gegeven likes')
    const matches = (await get(FLIRTLOKAAL, '/likes/matches?cursor=junk', viewer.cookie, typeLoader, { type: 'matches' })).body as TabBody
    expect(matches).toMatchObject({ paged: true, title: 'Matches' })
    expect(matches.items.map((i) => i.id)).toEqual([bo.profile.id])

    // The tabs: matches counted by the likes layout, new likes by the default layout (the badge).
    const layout = await get(FLIRTLOKAAL, '/likes/given', viewer.cookie, layoutLoader, { type: 'given' })
    expect(layout.body).toEqual({ matches: 1 })
    expect((await get(FLIRTLOKAAL, '/likes/given', viewer.cookie, defaultLayoutLoader)).body).toMatchObject({ attention: { newLikes: 2, unreadMessages: 0 } })
  })

  it('any other type is a 404', async () => {
    const viewer = await loggedInMember(db, FLIRTLOKAAL)
    for (const type of ['favourites', 'Received', 'm', '']) {
      expect((await get(FLIRTLOKAAL, `/likes/${type}`, viewer.cookie, typeLoader, { type })).status, type).toBe(404)
      expect((await get(FLIRTLOKAAL, `/likes/${type}`, viewer.cookie, layoutLoader, { type })).status, type).toBe(404)
    }
  })

  it('a member of another pool sees none of it', async () => {
    const far = await loggedInMember(db, DATEVIBE)
    const near = await loggedInMember(db, FLIRTLOKAAL)
    await likeOf(FLIRTLOKAAL, near.profile.id, (await loggedInMember(db, FLIRTLOKAAL)).profile.id)
    const body = (await get(DATEVIBE, '/likes', far.cookie, indexLoader)).body as TabBody
    expect(body.items).toEqual([])
    expect((await get(DATEVIBE, '/likes', far.cookie, layoutLoader)).body).toEqual({ matches: 0 })
    expect((await get(DATEVIBE, '/likes', far.cookie, defaultLayoutLoader)).body).toMatchObject({ attention: { newLikes: 0, unreadMessages: 0 } })
  })
})

describe('/likes/m/{id}', () => {
  it('shows the member, clears the new flag of their like, and the badge count follows', async () => {
    const viewer = await loggedInMember(db, FLIRTLOKAAL, 'Mila')
    const liker = await loggedInMember(db, DATEDICHTBIJ, 'Rik')
    await likeOf(DATEDICHTBIJ, liker.profile.id, viewer.profile.id)
    const badge = async () => ((await get(FLIRTLOKAAL, '/likes', viewer.cookie, defaultLayoutLoader)).body as { attention: { newLikes: number } }).attention.newLikes
    expect(await badge()).toBe(1)

    const path = `/likes/m/${liker.profile.id}?from=given`
    const first = await get(FLIRTLOKAAL, path, viewer.cookie, memberLoader, { id: String(liker.profile.id) })
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ view: { id: liker.profile.id, name: 'Rik', own: false }, like: { liked: false, match: false }, cleared: true, back: '/likes/given' })
    // The member page is a page of its own: the layout counts nothing for it.
    expect((await get(FLIRTLOKAAL, path, viewer.cookie, layoutLoader, { id: String(liker.profile.id) })).body).toEqual({ matches: null })
    expect(await badge()).toBe(0)
    const received = (await get(FLIRTLOKAAL, '/likes', viewer.cookie, indexLoader)).body as TabBody
    expect(received.items[0]!.like.isNew).toBe(false)

    // Opening again clears nothing more; the like state follows a like back; a bad `from` goes back to received.
    await likeOf(FLIRTLOKAAL, viewer.profile.id, liker.profile.id)
    const again = await get(FLIRTLOKAAL, `/likes/m/${liker.profile.id}?from=elsewhere`, viewer.cookie, memberLoader, { id: String(liker.profile.id) })
    expect(again.body).toMatchObject({ cleared: false, like: { liked: true, match: true }, back: '/likes/received' })
  })

  it('is a 404 wherever /members/{id} is: bad id, blocked, invisible, deleted, another pool', async () => {
    const viewer = await loggedInMember(db, FLIRTLOKAAL)
    const blocker = await loggedInMember(db, FLIRTLOKAAL)
    const hidden = await loggedInMember(db, FLIRTLOKAAL)
    const gone = await loggedInMember(db, FLIRTLOKAAL)
    const far = await loggedInMember(db, DATEVIBE)
    for (const m of [blocker, hidden, gone]) await likeOf(FLIRTLOKAAL, m.profile.id, viewer.profile.id)
    await createBlock(db, FLIRTLOKAAL, blocker.profile.id, viewer.profile.id)
    await withScope(db, FLIRTLOKAAL, async (tx) => {
      await tx.profile.update({ where: { poolId_id: { poolId: FLIRTLOKAAL.poolId, id: hidden.profile.id } }, data: { invisible: true } })
      await tx.profile.update({ where: { poolId_id: { poolId: FLIRTLOKAAL.poolId, id: gone.profile.id } }, data: { status: 'deleted' } })
    })
    for (const id of ['abc', '0', '99999999999', String(blocker.profile.id), String(hidden.profile.id), String(gone.profile.id), String(far.profile.id)]) {
      const result = await get(FLIRTLOKAAL, `/likes/m/${id}`, viewer.cookie, memberLoader, { id })
      expect(result.status, id).toBe(404)
    }
    // A refused page clears nothing: the invisible member's like is still new.
    const isNew = await withScope(db, FLIRTLOKAAL, (tx) =>
      tx.like.findFirst({ where: { likerId: hidden.profile.id, likedId: viewer.profile.id }, select: { isNew: true } }),
    )
    expect(isNew).toEqual({ isNew: true })
    // And the other pool cannot open a benelux member by a crafted id.
    expect((await get(DATEVIBE, `/likes/m/${viewer.profile.id}`, far.cookie, memberLoader, { id: String(viewer.profile.id) })).status).toBe(404)
  })
})
