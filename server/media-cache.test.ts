// The public-photo cache in front of the media route (decision 034), as attacks: only an
// answer anyone may see is kept, a private photo never comes out of it, and the same key
// on another pool's site is not answered from it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { withScope } from '../app/modules/db/scoped.server.ts'
import { setPhotoPrivate } from '../app/modules/photos/manage.server.ts'
import { reviewPhoto } from '../app/modules/photos/review.server.ts'
import { tinyPng } from '../app/modules/photos/test-images.ts'
import { addPhoto } from '../app/modules/photos/upload.server.ts'
import { appDb, FLIRTLOKAAL } from '../tests/fixtures.ts'
import { startHttpApp, type HttpApp, type HttpResponse } from '../tests/http-app.ts'
import { loggedInMember } from '../tests/route-harness.ts'
import { createMediaCache } from './edge/media-cache.ts'

const db = appDb()
let app: HttpApp

beforeAll(async () => {
  app = await startHttpApp({ mediaCache: createMediaCache() })
}, 120_000)
afterAll(async () => {
  await app?.close()
  await db.$disconnect()
})

const fromCache = (response: HttpResponse) => String(response.headers['server-timing'] ?? '').includes('cache;desc=hit')

async function approvedPhoto(profileId: number) {
  const outcome = await addPhoto(db, FLIRTLOKAAL, { name: 'p.png', bytes: await tinyPng() }, { profileId })
  if (!outcome.ok) throw new Error(`upload refused: ${outcome.error}`)
  await reviewPhoto(db, FLIRTLOKAAL, outcome.photoId, 'approve')
  return withScope(db, FLIRTLOKAAL, (tx) => tx.photo.findFirstOrThrow({ where: { poolId: FLIRTLOKAAL.poolId, id: outcome.photoId }, select: { id: true, filename: true } }))
}

describe('public photo cache', () => {
  it('keeps an approved public photo and answers everyone from it, with the same bytes and ETag', async () => {
    const owner = await loggedInMember(db, FLIRTLOKAAL)
    const photo = await approvedPhoto(owner.profile.id)
    const path = `/media/${photo.filename}`
    const first = await app.request({ path })
    expect(first.status).toBe(200)
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(fromCache(first)).toBe(false)
    const second = await app.request({ path, cookie: owner.cookie })
    expect(fromCache(second)).toBe(true)
    expect(second.body).toBe(first.body)
    expect(second.headers['content-type']).toBe(first.headers['content-type'])
    expect(second.headers['set-cookie']).toBeUndefined()
    const revalidated = await app.request({ path, headers: { 'if-none-match': String(first.headers.etag) } })
    expect(revalidated.status).toBe(304)
    // The same key through a site of another pool is that pool's (unknown) photo.
    expect((await app.request({ path, site: 'datevibe' })).status).toBe(404)
  })

  it('never keeps a private photo', async () => {
    const owner = await loggedInMember(db, FLIRTLOKAAL)
    const photo = await approvedPhoto(owner.profile.id)
    await approvedPhoto(owner.profile.id) // a second one stays the main photo's company
    await withScope(db, FLIRTLOKAAL, (tx) => tx.photo.updateMany({ where: { poolId: FLIRTLOKAAL.poolId, profileId: owner.profile.id, id: { not: photo.id } }, data: { isMain: true } }))
    await withScope(db, FLIRTLOKAAL, (tx) => tx.photo.updateMany({ where: { poolId: FLIRTLOKAAL.poolId, id: photo.id }, data: { isMain: false } }))
    expect((await setPhotoPrivate(db, FLIRTLOKAAL, owner.profile.id, photo.id, true)).ok).toBe(true)
    const path = `/media/${photo.filename}`
    // The owner sees it (privately) twice; a visitor afterwards gets nothing.
    for (let i = 0; i < 2; i++) {
      const mine = await app.request({ path, cookie: owner.cookie })
      expect(mine.status).toBe(200)
      expect(mine.headers['cache-control']).toBe('private, no-store')
      expect(fromCache(mine)).toBe(false)
    }
    expect((await app.request({ path })).status).toBe(404)
  })
})
