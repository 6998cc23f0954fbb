// The operators' queue: oldest first, approve shows a photo, reject does not, and one
// pool's operator never sees or touches another pool's photos.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { localMediaStorage, type MediaStorage } from '../media/storage.server.ts'
import { appDb, createMember, DATEDICHTBIJ, DATEVIBE, FLIRTLOKAAL } from '../../../tests/fixtures.ts'
import type { Db } from '../db/client.server.ts'
import { withScope, type Scope } from '../db/scoped.server.ts'
import { hasMainPhoto, listOwnPhotos } from './photos.server.ts'
import { listInspectionQueue, reviewPhoto } from './review.server.ts'
import { tempMediaRoot, tinyPng } from './test-images.ts'
import { addPhoto } from './upload.server.ts'

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

async function upload(scope: Scope, profileId: number, name: string, now?: Date): Promise<number> {
  const outcome = await addPhoto(db, scope, { name, bytes: await tinyPng() }, { profileId, storage, now })
  if (!outcome.ok) throw new Error(`upload failed: ${outcome.error}`)
  return outcome.photoId
}

/** What other members may see: approved photos only (the rule every reader applies). */
const visibleToOthers = (scope: Scope, profileId: number) =>
  withScope(db, scope, (tx) => tx.photo.findMany({ where: { poolId: scope.poolId, profileId, status: 'active' }, select: { id: true } }))

describe('the queue', () => {
  it("lists the pool's photos under inspection, oldest first, from every site of the pool", async () => {
    const a = await createMember(db, FLIRTLOKAAL, 'queue-a')
    const b = await createMember(db, DATEDICHTBIJ, 'queue-b')
    const newer = await upload(FLIRTLOKAAL, a.profile.id, 'newer.png', new Date('2030-01-02T10:00:00Z'))
    const older = await upload(DATEDICHTBIJ, b.profile.id, 'older.png', new Date('2030-01-01T10:00:00Z'))
    const queue = await listInspectionQueue(db, FLIRTLOKAAL, 500)
    const ids = queue.items.map((i) => i.id)
    expect(ids.indexOf(older)).toBeLessThan(ids.indexOf(newer))
    expect(queue.items.find((i) => i.id === older)).toMatchObject({ profileId: b.profile.id, profileName: 'queue-b' })
    expect(queue.total).toBeGreaterThanOrEqual(2)
  })

  it("another pool's operator sees none of them", async () => {
    const a = await createMember(db, FLIRTLOKAAL)
    const id = await upload(FLIRTLOKAAL, a.profile.id, 'x.png')
    const far = await listInspectionQueue(db, DATEVIBE, 500)
    expect(far.items.map((i) => i.id)).not.toContain(id)
  })
})

describe('reviewPhoto', () => {
  it('approve makes the photo visible and the member gets a main photo', async () => {
    const m = await createMember(db, FLIRTLOKAAL)
    const id = await upload(FLIRTLOKAAL, m.profile.id, 'me.png')
    expect(await visibleToOthers(DATEDICHTBIJ, m.profile.id)).toEqual([])
    expect(await hasMainPhoto(db, FLIRTLOKAAL, m.profile.id)).toBe(false)
    const now = new Date('2030-02-03T04:05:06Z')
    expect(await reviewPhoto(db, DATEDICHTBIJ, id, 'approve', now)).toEqual({ ok: true, profileName: m.profile.name })
    expect(await visibleToOthers(DATEDICHTBIJ, m.profile.id)).toEqual([{ id }])
    expect(await hasMainPhoto(db, FLIRTLOKAAL, m.profile.id)).toBe(true)
    const row = await withScope(db, FLIRTLOKAAL, (tx) => tx.photo.findFirst({ where: { poolId: 'benelux', id } }))
    expect(row).toMatchObject({ status: 'active', reviewedAt: now, isMain: true })
    expect((await listInspectionQueue(db, FLIRTLOKAAL, 500)).items.map((i) => i.id)).not.toContain(id)
  })

  it('reject keeps the photo hidden (and its files), and it is no longer main', async () => {
    const m = await createMember(db, FLIRTLOKAAL)
    const id = await upload(FLIRTLOKAAL, m.profile.id, 'no.png')
    expect(await reviewPhoto(db, FLIRTLOKAAL, id, 'reject')).toEqual({ ok: true, profileName: m.profile.name })
    expect(await visibleToOthers(FLIRTLOKAAL, m.profile.id)).toEqual([])
    const [photo] = (await listOwnPhotos(db, FLIRTLOKAAL, m.profile.id)).photos
    expect(photo).toMatchObject({ id, status: 'rejected', isMain: false })
  })

  it('an approved photo becomes main when the main one is still under inspection', async () => {
    const m = await createMember(db, FLIRTLOKAAL)
    const first = await upload(FLIRTLOKAAL, m.profile.id, '1.png')
    const second = await upload(FLIRTLOKAAL, m.profile.id, '2.png')
    await reviewPhoto(db, FLIRTLOKAAL, second, 'approve')
    const photos = (await listOwnPhotos(db, FLIRTLOKAAL, m.profile.id)).photos
    expect(photos.filter((p) => p.isMain).map((p) => p.id)).toEqual([second])
    // Approving the first later does not take the main photo away again.
    await reviewPhoto(db, FLIRTLOKAAL, first, 'approve')
    expect((await listOwnPhotos(db, FLIRTLOKAAL, m.profile.id)).photos.filter((p) => p.isMain).map((p) => p.id)).toEqual([second])
  })

  it('is done once: a second decision finds nothing to review', async () => {
    const m = await createMember(db, FLIRTLOKAAL)
    const id = await upload(FLIRTLOKAAL, m.profile.id, 'twice.png')
    await reviewPhoto(db, FLIRTLOKAAL, id, 'approve')
    expect(await reviewPhoto(db, FLIRTLOKAAL, id, 'reject')).toEqual({ ok: false, reason: 'notFound' })
    expect((await listOwnPhotos(db, FLIRTLOKAAL, m.profile.id)).photos[0]?.status).toBe('active')
  })

  it("another pool's operator cannot approve or reject it", async () => {
    const m = await createMember(db, FLIRTLOKAAL)
    const id = await upload(FLIRTLOKAAL, m.profile.id, 'mine.png')
    expect(await reviewPhoto(db, DATEVIBE, id, 'approve')).toEqual({ ok: false, reason: 'notFound' })
    expect(await reviewPhoto(db, DATEVIBE, id, 'reject')).toEqual({ ok: false, reason: 'notFound' })
    expect((await listOwnPhotos(db, FLIRTLOKAAL, m.profile.id)).photos[0]?.status).toBe('inspection')
  })
})
