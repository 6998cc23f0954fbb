// The photo routes end to end on the server: real context (tenant, session cookie, scoped
// database), real multipart bodies. What a browser test would check, minus the browser.
/* eslint-disable no-restricted-imports -- this test drives the route modules themselves */
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { AppLoadContext } from '@remix-run/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appDb, createMember, FLIRTLOKAAL } from '../../../tests/fixtures.ts'
import { runRoute } from '../../../tests/route-harness.ts'
import { THEME_NAMES } from '../../../themes/index.ts'
import { action as photosAction, loader as photosLoader } from '../../routes/_default.profile_.photos.tsx'
import { action as operatorAction, loader as operatorLoader } from '../../routes/console.photos.tsx'
import { consoleArgs, signedInOperator } from '../../../tests/operators.ts'
import { action as premiumAction } from '../../routes/[__test].premium.tsx'
import { createSession } from '../auth/session.server.ts'
import type { Db } from '../db/client.server.ts'
import { withScope, type Scope } from '../db/scoped.server.ts'
import { buildAppContext } from '../tenancy/context.server.ts'
import { loadTenants, type LoadedTenant } from '../tenancy/load-tenants.server.ts'
import { MAX_UPLOAD_BYTES } from './limits.ts'
import { filesIn, jpegWithGps, textAsJpeg, tinyPng } from './test-images.ts'

let db: Db
let tenants: LoadedTenant[]
let media: string

beforeAll(async () => {
  db = appDb()
  tenants = await loadTenants(THEME_NAMES)
  process.env.DATA_DIR = await mkdtemp(path.join(tmpdir(), 'photos-routes-'))
  media = path.join(process.env.DATA_DIR, 'media')
})

afterAll(async () => {
  await db.$disconnect()
})

const run = runRoute

async function login(scope: Scope) {
  const member = await createMember(db, scope)
  const sid = await withScope(db, scope, (tx) => createSession(tx, { ...scope, userId: member.user.id }))
  return { ...member, cookie: `sid=${sid}` }
}

async function contextFor(scope: Scope, request: Request): Promise<AppLoadContext> {
  return buildAppContext(request, tenants.find((t) => t.slug === scope.tenantId)!)
}

function upload(files: File[], cookie: string, extra: Record<string, string> = {}, headers: Record<string, string> = {}): Request {
  const form = new FormData()
  form.append('intent', 'upload')
  for (const [k, v] of Object.entries(extra)) form.append(k, v)
  for (const f of files) form.append('photos', f)
  const request = new Request('http://flirtlokaal.localhost/profile/photos', { method: 'POST', body: form })
  request.headers.set('cookie', cookie)
  for (const [k, v] of Object.entries(headers)) request.headers.set(k, v)
  return request
}

function post(url: string, fields: Record<string, string>, headers: Record<string, string>): Request {
  return new Request(url, { method: 'POST', body: new URLSearchParams(fields), headers })
}

const jpegFile = async (name: string) => new File([new Uint8Array(await jpegWithGps())], name, { type: 'image/jpeg' })
const pngFile = async (name: string) => new File([new Uint8Array(await tinyPng())], name, { type: 'image/png' })

async function callPhotos(scope: Scope, request: Request) {
  const context = await contextFor(scope, request)
  const result = await run(() => photosAction({ request, context, params: {} }))
  // What server/edge/remix.ts would add to the response: the flash toast, for instance.
  return { ...result, setCookies: context.setCookies }
}

describe('/profile/photos upload', () => {
  it('stores a photo and lists it under inspection', async () => {
    const m = await login(FLIRTLOKAAL)
    const result = await callPhotos(FLIRTLOKAAL, upload([await jpegFile('gps.jpg')], m.cookie))
    expect(result.status).toBe(200)
    expect(result.body).toMatchObject({ outcomes: [{ name: 'gps.jpg', ok: true }] })
    const request = new Request('http://flirtlokaal.localhost/profile/photos', { headers: { cookie: m.cookie } })
    const page = await run(async () => photosLoader({ request, context: await contextFor(FLIRTLOKAAL, request), params: {} }))
    expect(page.body).toMatchObject({ count: 1, limit: 3, photos: [{ status: 'inspection', isMain: true, url: expect.stringMatching(/^\/media\/[0-9a-f]{2}\/[0-9a-f-]{36}\.webp$/) }] })
  })

  it('answers a text file renamed .jpg and an 11 MB file with 400 and one message per file, storing nothing', async () => {
    const m = await login(FLIRTLOKAAL)
    const before = await filesIn(media).catch(() => [])
    const big = new File([new Uint8Array(MAX_UPLOAD_BYTES + 1024)], 'big.jpg', { type: 'image/jpeg' })
    const text = new File([new Uint8Array(textAsJpeg())], 'notes.jpg', { type: 'image/jpeg' })
    const result = await callPhotos(FLIRTLOKAAL, upload([text, big], m.cookie))
    expect(result.status).toBe(400)
    expect(result.body).toEqual({
      outcomes: [
        { name: 'notes.jpg', ok: false, error: 'notAnImage' },
        { name: 'big.jpg', ok: false, error: 'tooLarge' },
      ],
    })
    expect(await filesIn(media).catch(() => [])).toEqual(before)
    expect(await withScope(db, FLIRTLOKAAL, (tx) => tx.photo.count({ where: { poolId: 'benelux', profileId: m.profile.id } }))).toBe(0)
  })

  it('refuses the 4th photo of a free member, then allows more after the premium test hook', async () => {
    const m = await login(FLIRTLOKAAL)
    const files = await Promise.all(['1.png', '2.png', '3.png', '4.png'].map(pngFile))
    const first = await callPhotos(FLIRTLOKAAL, upload(files, m.cookie))
    expect(first.status).toBe(400)
    expect((first.body as { outcomes: { ok: boolean; error?: string }[] }).outcomes.map((o) => o.error ?? 'ok')).toEqual(['ok', 'ok', 'ok', 'limitFree'])

    const hook = post('http://flirtlokaal.localhost/__test/premium', {}, { cookie: m.cookie })
    const previous = process.env.E2E_TEST_HOOKS
    try {
      delete process.env.E2E_TEST_HOOKS
      expect((await run(async () => premiumAction({ request: hook, context: await contextFor(FLIRTLOKAAL, hook), params: {} }))).status).toBe(404)
      process.env.E2E_TEST_HOOKS = 'true'
      const made = await run(async () => premiumAction({ request: hook, context: await contextFor(FLIRTLOKAAL, hook), params: {} }))
      expect(made).toMatchObject({ status: 200, body: { ok: true, paidUser: true } })
    } finally {
      if (previous === undefined) delete process.env.E2E_TEST_HOOKS
      else process.env.E2E_TEST_HOOKS = previous
    }
    const again = await callPhotos(FLIRTLOKAAL, upload([await pngFile('4.png'), await pngFile('5.png')], m.cookie))
    expect(again).toMatchObject({ status: 200, body: { outcomes: [{ ok: true }, { ok: true }] } })
  })

  it('without JavaScript, a successful upload from signup goes back there', async () => {
    const m = await login(FLIRTLOKAAL)
    const result = await callPhotos(FLIRTLOKAAL, upload([await pngFile('me.png')], m.cookie, { redirectTo: '/signup?step=3' }))
    expect(result.status).toBe(302)
    expect(result.headers.get('location')).toBe('/signup?step=3&uploaded=1')
    // The uploader's XMLHttpRequest gets the page, never the redirect; nor an outside address.
    const xhr = await callPhotos(FLIRTLOKAAL, upload([await pngFile('me2.png')], m.cookie, { redirectTo: '/signup?step=3' }, { 'x-requested-with': 'XMLHttpRequest' }))
    expect(xhr.status).toBe(200)
    const evil = await callPhotos(FLIRTLOKAAL, upload([await pngFile('x.png')], m.cookie, { redirectTo: '//evil.example' }))
    expect(evil.status).toBe(200)
    expect(evil.headers.get('location')).toBeNull()
    expect(evil.body).toMatchObject({ outcomes: [{ ok: true }] })
  })

  it('answers an upload without files with 400', async () => {
    const m = await login(FLIRTLOKAAL)
    expect(await callPhotos(FLIRTLOKAAL, upload([], m.cookie))).toMatchObject({ status: 400, body: { notice: { key: 'errors.noFiles' } } })
  })
})

describe('/profile/photos management', () => {
  it("answers 404 for another member's photo, and changes nothing", async () => {
    const owner = await login(FLIRTLOKAAL)
    const other = await login(FLIRTLOKAAL)
    const done = await callPhotos(FLIRTLOKAAL, upload([await pngFile('mine.png')], owner.cookie))
    const photoId = String((done.body as { outcomes: { photoId: number }[] }).outcomes[0]!.photoId)
    for (const intent of ['delete', 'setMain', 'up', 'private']) {
      const result = await callPhotos(FLIRTLOKAAL, post('http://flirtlokaal.localhost/profile/photos', { intent, photoId }, { cookie: other.cookie }))
      expect(result.status, intent).toBe(404)
    }
    expect(await withScope(db, FLIRTLOKAAL, (tx) => tx.photo.count({ where: { poolId: 'benelux', id: Number(photoId) } }))).toBe(1)
    const own = await callPhotos(FLIRTLOKAAL, post('http://flirtlokaal.localhost/profile/photos', { intent: 'delete', photoId }, { cookie: owner.cookie }))
    // Back to the page (without a confirmation step), with a toast saying what happened.
    expect(own.status).toBe(302)
    expect(own.headers.get('location')).toBe('/profile/photos')
    expect(own.setCookies.some((c) => c.startsWith('toast='))).toBe(true)
    expect(await withScope(db, FLIRTLOKAAL, (tx) => tx.photo.count({ where: { poolId: 'benelux', id: Number(photoId) } }))).toBe(0)
  })

  it("shows a rejected photo with the operator's reason, and replaces it with a new upload", async () => {
    const m = await login(FLIRTLOKAAL)
    const done = await callPhotos(FLIRTLOKAAL, upload([await pngFile('blurry.png')], m.cookie))
    const photoId = (done.body as { outcomes: { photoId: number }[] }).outcomes[0]!.photoId
    const moderator = await signedInOperator(db, { role: 'moderator', pools: ['benelux'] })
    expect((await run(async () => operatorAction(await consoleArgs('/photos', { cookie: moderator.cookie, form: { intent: 'reject', photoId: String(photoId), reason: 'quality' } })))).status).toBe(200)
    const list = async () => {
      const page = new Request('http://flirtlokaal.localhost/profile/photos', { headers: { cookie: m.cookie } })
      return (await run(async () => photosLoader({ request: page, context: await contextFor(FLIRTLOKAAL, page), params: {} }))).body as {
        photos: { id: number; status: string; rejectReason: string | null }[]
      }
    }
    expect((await list()).photos).toEqual([expect.objectContaining({ id: photoId, status: 'rejected', rejectReason: 'quality' })])
    const replaced = await callPhotos(FLIRTLOKAAL, upload([await pngFile('sharp.png')], m.cookie, { replace: String(photoId) }))
    expect(replaced.status).toBe(200)
    const after = (await list()).photos
    expect(after).toHaveLength(1)
    expect(after[0]).toMatchObject({ status: 'inspection', rejectReason: null })
    expect(after[0]!.id).not.toBe(photoId)
  })

  it("never replaces another member's photo", async () => {
    const owner = await login(FLIRTLOKAAL)
    const other = await login(FLIRTLOKAAL)
    const done = await callPhotos(FLIRTLOKAAL, upload([await pngFile('mine.png')], owner.cookie))
    const photoId = (done.body as { outcomes: { photoId: number }[] }).outcomes[0]!.photoId
    await callPhotos(FLIRTLOKAAL, upload([await pngFile('theirs.png')], other.cookie, { replace: String(photoId) }))
    expect(await withScope(db, FLIRTLOKAAL, (tx) => tx.photo.count({ where: { poolId: 'benelux', id: photoId } }))).toBe(1)
  })

  it('answers a main photo under inspection with a clear 400, and nonsense with 400', async () => {
    const m = await login(FLIRTLOKAAL)
    const done = await callPhotos(FLIRTLOKAAL, upload([await pngFile('a.png')], m.cookie))
    const photoId = String((done.body as { outcomes: { photoId: number }[] }).outcomes[0]!.photoId)
    const main = await callPhotos(FLIRTLOKAAL, post('http://flirtlokaal.localhost/profile/photos', { intent: 'setMain', photoId }, { cookie: m.cookie }))
    expect(main).toMatchObject({ status: 400, body: { notice: { key: 'errors.notActive' } } })
    const junk = await callPhotos(FLIRTLOKAAL, post('http://flirtlokaal.localhost/profile/photos', { intent: 'explode', photoId: 'x' }, { cookie: m.cookie }))
    expect(junk.status).toBe(400)
  })

  it('sends visitors to the login', async () => {
    const result = await callPhotos(FLIRTLOKAAL, post('http://flirtlokaal.localhost/profile/photos', { intent: 'delete', photoId: '1' }, {}))
    expect(result.status).toBe(302)
    expect(result.headers.get('location')).toMatch(/^\/login\?redirectTo=/)
  })

})

describe('/photos on the console host', () => {
  async function operator(cookie: string | undefined, fields: Record<string, string> | null) {
    const args = await consoleArgs('/photos', { cookie, form: fields ?? undefined })
    return run(() => (fields ? operatorAction(args) : operatorLoader(args)))
  }

  it('sends the signed-out to the login and refuses roles without photos', async () => {
    expect((await operator(undefined, null)).status).toBe(302)
    expect((await operator(undefined, { intent: 'approve', photoId: '1' })).status).toBe(302)
    const chatter = await signedInOperator(db, { role: 'chatter', pools: ['benelux'] })
    expect((await operator(chatter.cookie, null)).status).toBe(403)
  })

  it('approves within its pool; a moderator of another pool neither sees nor approves the photo', async () => {
    const m = await login(FLIRTLOKAAL)
    const done = await callPhotos(FLIRTLOKAAL, upload([await pngFile('review.png')], m.cookie))
    const photoId = (done.body as { outcomes: { photoId: number }[] }).outcomes[0]!.photoId
    const far = await signedInOperator(db, { role: 'moderator', pools: ['datevibe'] })
    const near = await signedInOperator(db, { role: 'moderator', pools: ['benelux'] })

    const farQueue = await operator(far.cookie, null)
    expect((farQueue.body as { photos: { id: number }[] }).photos.map((p) => p.id)).not.toContain(photoId)
    expect((await operator(far.cookie, { intent: 'approve', photoId: String(photoId) })).status).toBe(404)

    const queue = await operator(near.cookie, null)
    expect((queue.body as { photos: { id: number }[] }).photos.map((p) => p.id)).toContain(photoId)
    const approved = await operator(near.cookie, { intent: 'approve', photoId: String(photoId) })
    expect(approved).toMatchObject({ status: 200, body: { notice: { key: 'operator.approved', values: { name: m.profile.name } } } })
    const row = await withScope(db, FLIRTLOKAAL, (tx) => tx.photo.findFirst({ where: { poolId: 'benelux', id: photoId } }))
    expect(row).toMatchObject({ status: 'active', isMain: true })
  })
})
