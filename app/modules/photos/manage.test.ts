// The member's own photo management, and that nobody else's photo can be touched.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { localMediaStorage, type MediaStorage } from '../media/storage.server.ts'
import { appDb, createMember, DATEDICHTBIJ, DATEVIBE, FLIRTLOKAAL } from '../../../tests/fixtures.ts'
import type { Db } from '../db/client.server.ts'
import { withScope, type Scope } from '../db/scoped.server.ts'
import { deletePhoto, movePhoto, setMainPhoto, setPhotoPrivate } from './manage.server.ts'
import { listOwnPhotos } from './photos.server.ts'
import { filesIn, tempMediaRoot, tinyPng } from './test-images.ts'
import { uploadPhotos } from './upload.server.ts'

let db: Db
let root: string
let storage: MediaStorage

beforeAll(async () => {
  db = appDb()
  root = await tempMediaRoot()
  storage = localMediaStorage(root)
})

afterAll(async () => {
  await db.$disconnect()
})

/** A member with `n` uploaded photos (ids in upload order); `approved` of them approved. */
async function memberWithPhotos(scope: Scope, n: number, approved = 0) {
  const member = await createMember(db, scope)
  const files = await Promise.all(Array.from({ length: n }, (_, i) => tinyPng(`#${i}${i}${i}`).then((bytes) => ({ name: `${i}.png`, bytes }))))
  const outcomes = await uploadPhotos(db, scope, files, { profileId: member.profile.id, storage })
  const ids = outcomes.map((o) => (o.ok ? o.photoId : 0))
  await withScope(db, scope, (tx) => tx.photo.updateMany({ where: { poolId: scope.poolId, id: { in: ids.slice(0, approved) } }, data: { status: 'active' } }))
  return { ...member, ids }
}

const order = async (scope: Scope, profileId: number) => (await listOwnPhotos(db, scope, profileId)).photos.map((p) => p.id)
const mainOf = async (scope: Scope, profileId: number) => (await listOwnPhotos(db, scope, profileId)).photos.filter((p) => p.isMain).map((p) => p.id)

describe('setMainPhoto', () => {
  it('makes an approved photo the only main photo', async () => {
    const m = await memberWithPhotos(FLIRTLOKAAL, 2, 2)
    expect(await mainOf(FLIRTLOKAAL, m.profile.id)).toEqual([m.ids[0]])
    expect(await setMainPhoto(db, FLIRTLOKAAL, m.profile.id, m.ids[1]!)).toEqual({ ok: true })
    expect(await mainOf(FLIRTLOKAAL, m.profile.id)).toEqual([m.ids[1]])
  })

  it('refuses a photo under inspection and a private one', async () => {
    const m = await memberWithPhotos(FLIRTLOKAAL, 3, 2)
    expect(await setMainPhoto(db, FLIRTLOKAAL, m.profile.id, m.ids[2]!)).toEqual({ ok: false, reason: 'notActive' })
    expect(await setPhotoPrivate(db, FLIRTLOKAAL, m.profile.id, m.ids[1]!, true)).toEqual({ ok: true })
    expect(await setMainPhoto(db, FLIRTLOKAAL, m.profile.id, m.ids[1]!)).toEqual({ ok: false, reason: 'mainPrivate' })
  })
})

describe('movePhoto', () => {
  it('swaps with the neighbour and is harmless at the ends', async () => {
    const m = await memberWithPhotos(FLIRTLOKAAL, 3)
    const [a, b, c] = m.ids
    expect(await movePhoto(db, FLIRTLOKAAL, m.profile.id, c!, 'up')).toEqual({ ok: true })
    expect(await order(FLIRTLOKAAL, m.profile.id)).toEqual([a, c, b])
    await movePhoto(db, FLIRTLOKAAL, m.profile.id, a!, 'down')
    expect(await order(FLIRTLOKAAL, m.profile.id)).toEqual([c, a, b])
    await movePhoto(db, FLIRTLOKAAL, m.profile.id, c!, 'up')
    await movePhoto(db, FLIRTLOKAAL, m.profile.id, b!, 'down')
    expect(await order(FLIRTLOKAAL, m.profile.id)).toEqual([c, a, b])
  })

  it('untangles equal positions (seeded rows)', async () => {
    const m = await memberWithPhotos(FLIRTLOKAAL, 3)
    await withScope(db, FLIRTLOKAAL, (tx) => tx.photo.updateMany({ where: { poolId: 'benelux', profileId: m.profile.id }, data: { position: 0 } }))
    await movePhoto(db, FLIRTLOKAAL, m.profile.id, m.ids[1]!, 'up')
    expect(await order(FLIRTLOKAAL, m.profile.id)).toEqual([m.ids[1], m.ids[0], m.ids[2]])
  })
})

describe('setPhotoPrivate', () => {
  it('marks a photo private and public again; the main photo cannot be private', async () => {
    const m = await memberWithPhotos(FLIRTLOKAAL, 2, 2)
    expect(await setPhotoPrivate(db, FLIRTLOKAAL, m.profile.id, m.ids[0]!, true)).toEqual({ ok: false, reason: 'mainPrivate' })
    expect(await setPhotoPrivate(db, FLIRTLOKAAL, m.profile.id, m.ids[1]!, true)).toEqual({ ok: true })
    expect((await listOwnPhotos(db, FLIRTLOKAAL, m.profile.id)).photos.map((p) => p.isPrivate)).toEqual([false, true])
    expect(await setPhotoPrivate(db, FLIRTLOKAAL, m.profile.id, m.ids[1]!, false)).toEqual({ ok: true })
    expect((await listOwnPhotos(db, FLIRTLOKAAL, m.profile.id)).photos.map((p) => p.isPrivate)).toEqual([false, false])
  })
})

describe('deletePhoto', () => {
  it('removes the row and both files, and passes the main photo on', async () => {
    const m = await memberWithPhotos(FLIRTLOKAAL, 2, 2)
    const [first] = (await listOwnPhotos(db, FLIRTLOKAAL, m.profile.id)).photos
    expect((await filesIn(root)).filter((f) => f === first!.filename || f === first!.thumbFilename)).toHaveLength(2)
    expect(await deletePhoto(db, FLIRTLOKAAL, m.profile.id, m.ids[0]!, storage)).toEqual({ ok: true })
    expect(await order(FLIRTLOKAAL, m.profile.id)).toEqual([m.ids[1]])
    expect(await mainOf(FLIRTLOKAAL, m.profile.id)).toEqual([m.ids[1]])
    expect((await filesIn(root)).filter((f) => f === first!.filename || f === first!.thumbFilename)).toEqual([])
    // Deleting it again: not found.
    expect(await deletePhoto(db, FLIRTLOKAAL, m.profile.id, m.ids[0]!, storage)).toEqual({ ok: false, reason: 'notFound' })
  })
})

describe("someone else's photo", () => {
  it('is not found for another member of the same pool, and stays as it was', async () => {
    const owner = await memberWithPhotos(FLIRTLOKAAL, 2, 2)
    const other = await createMember(db, DATEDICHTBIJ)
    const photoId = owner.ids[1]!
    const notFound = { ok: false, reason: 'notFound' }
    expect(await setMainPhoto(db, DATEDICHTBIJ, other.profile.id, photoId)).toEqual(notFound)
    expect(await movePhoto(db, DATEDICHTBIJ, other.profile.id, photoId, 'up')).toEqual(notFound)
    expect(await setPhotoPrivate(db, DATEDICHTBIJ, other.profile.id, photoId, true)).toEqual(notFound)
    expect(await deletePhoto(db, DATEDICHTBIJ, other.profile.id, photoId, storage)).toEqual(notFound)
    const after = (await listOwnPhotos(db, FLIRTLOKAAL, owner.profile.id)).photos
    expect(after.map((p) => [p.id, p.isMain, p.isPrivate])).toEqual([
      [owner.ids[0], true, false],
      [photoId, false, false],
    ])
  })

  it('is not found from another pool, even with the owner profile id', async () => {
    const owner = await memberWithPhotos(FLIRTLOKAAL, 1, 1)
    expect(await deletePhoto(db, DATEVIBE, owner.profile.id, owner.ids[0]!, storage)).toEqual({ ok: false, reason: 'notFound' })
    expect(await order(FLIRTLOKAAL, owner.profile.id)).toEqual(owner.ids)
  })
})
