// Uploading against a real database and real sharp: what is stored, what is refused (and
// then nothing is stored: no file, no row), the SPEC §5 limits, also under parallel uploads.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { localMediaStorage, type MediaStorage } from '../media/storage.server.ts'
import { appDb, createMember, DATEDICHTBIJ, DATEVIBE, FLIRTLOKAAL } from '../../../tests/fixtures.ts'
import type { Db } from '../db/client.server.ts'
import { withScope, type Scope } from '../db/scoped.server.ts'
import { countPhotos } from './photos.server.ts'
import { filesIn, fiftyMegapixelPng, jpegWithGps, tempMediaRoot, textAsJpeg, tinyPng } from './test-images.ts'
import { addPhoto, uploadPhotos } from './upload.server.ts'

let db: Db
let root: string
let storage: MediaStorage

beforeAll(async () => {
  db = appDb(8)
  root = await tempMediaRoot()
  storage = localMediaStorage(root)
})

afterAll(async () => {
  await db.$disconnect()
})

const rowsOf = (scope: Scope, profileId: number) =>
  withScope(db, scope, (tx) => tx.photo.findMany({ where: { poolId: scope.poolId, profileId }, orderBy: { position: 'asc' } }))

const makePremium = (scope: Scope, userId: string) =>
  withScope(db, scope, (tx) => tx.user.update({ where: { poolId_tenantId_id: { poolId: scope.poolId, tenantId: scope.tenantId, id: userId } }, data: { paidUser: true } }))

const png = (name: string, colour = '#3c3') => tinyPng(colour).then((bytes) => ({ name, bytes }))

describe('a good photo', () => {
  it('is re-encoded without EXIF/GPS, stored under random names and saved under inspection as the main photo', async () => {
    const { profile } = await createMember(db, FLIRTLOKAAL)
    const jpeg = await jpegWithGps(400, 300)
    const outcome = await addPhoto(db, FLIRTLOKAAL, { name: 'beach.jpg', bytes: jpeg }, { profileId: profile.id, storage })
    expect(outcome).toMatchObject({ name: 'beach.jpg', ok: true })

    const [row] = await rowsOf(FLIRTLOKAAL, profile.id)
    expect(row).toMatchObject({ poolId: 'benelux', status: 'inspection', isMain: true, isPrivate: false, width: 400, height: 300, position: 0 })
    expect(row!.filename).toMatch(/^[0-9a-f]{2}\/[0-9a-f-]{36}\.webp$/)
    expect(row!.filename).not.toContain('benelux')
    expect(row!.filename).not.toContain('beach')

    const stored = await readFile(path.join(root, row!.filename))
    const meta = await sharp(stored).metadata()
    expect(meta.format).toBe('webp')
    expect(meta.exif).toBeUndefined()
    expect((await sharp(await readFile(path.join(root, row!.thumbFilename))).metadata()).exif).toBeUndefined()
  })

  it('lands after the photos the member has, and only the first is main', async () => {
    const { profile } = await createMember(db, FLIRTLOKAAL)
    const outcomes = await uploadPhotos(db, FLIRTLOKAAL, [await png('a.png'), await png('b.png')], { profileId: profile.id, storage })
    expect(outcomes.map((o) => o.ok)).toEqual([true, true])
    const rows = await rowsOf(FLIRTLOKAAL, profile.id)
    expect(rows.map((r) => [r.position, r.isMain])).toEqual([
      [0, true],
      [1, false],
    ])
  })
})

describe('refused files store nothing', () => {
  it('a text file renamed .jpg', async () => {
    const { profile } = await createMember(db, FLIRTLOKAAL)
    const before = await filesIn(root)
    const outcome = await addPhoto(db, FLIRTLOKAAL, { name: 'holiday.jpg', bytes: textAsJpeg() }, { profileId: profile.id, storage })
    expect(outcome).toEqual({ name: 'holiday.jpg', ok: false, error: 'notAnImage' })
    expect(await rowsOf(FLIRTLOKAAL, profile.id)).toHaveLength(0)
    expect(await filesIn(root)).toEqual(before)
  })

  it('a 50-megapixel PNG', async () => {
    const { profile } = await createMember(db, FLIRTLOKAAL)
    const before = await filesIn(root)
    const outcome = await addPhoto(db, FLIRTLOKAAL, { name: 'huge.png', bytes: await fiftyMegapixelPng() }, { profileId: profile.id, storage })
    expect(outcome).toEqual({ name: 'huge.png', ok: false, error: 'tooManyPixels' })
    expect(await rowsOf(FLIRTLOKAAL, profile.id)).toHaveLength(0)
    expect(await filesIn(root)).toEqual(before)
  })

  it('files the form reader already refused, each with its own answer next to a good one', async () => {
    const { profile } = await createMember(db, FLIRTLOKAAL)
    const outcomes = await uploadPhotos(
      db,
      FLIRTLOKAAL,
      [{ name: 'big.jpg', refused: 'tooLarge' }, await png('ok.png'), { name: 'notes.jpg', bytes: textAsJpeg() }],
      { profileId: profile.id, storage },
    )
    expect(outcomes).toEqual([
      { name: 'big.jpg', ok: false, error: 'tooLarge' },
      expect.objectContaining({ name: 'ok.png', ok: true }),
      { name: 'notes.jpg', ok: false, error: 'notAnImage' },
    ])
    expect(await rowsOf(FLIRTLOKAAL, profile.id)).toHaveLength(1)
  })

  it('a profile of another pool: refused, and the files written for it are removed again', async () => {
    const far = await createMember(db, DATEVIBE)
    const before = await filesIn(root)
    const outcome = await addPhoto(db, FLIRTLOKAAL, await png('x.png'), { profileId: far.profile.id, storage })
    expect(outcome).toEqual({ name: 'x.png', ok: false, error: 'noProfile' })
    expect(await filesIn(root)).toEqual(before)
    expect(await rowsOf(DATEVIBE, far.profile.id)).toHaveLength(0)
  })
})

describe('limits (SPEC §5)', () => {
  it('a free member holds 3 photos; the 4th is refused and nothing is stored', async () => {
    const { profile } = await createMember(db, FLIRTLOKAAL)
    const files = await Promise.all(['1', '2', '3', '4'].map((n) => png(`${n}.png`)))
    const outcomes = await uploadPhotos(db, FLIRTLOKAAL, files, { profileId: profile.id, storage })
    expect(outcomes.map((o) => (o.ok ? 'ok' : o.error))).toEqual(['ok', 'ok', 'ok', 'limitFree'])
    const before = await filesIn(root)
    expect(await addPhoto(db, FLIRTLOKAAL, await png('5.png'), { profileId: profile.id, storage })).toEqual({ name: '5.png', ok: false, error: 'limitFree' })
    expect(await filesIn(root)).toEqual(before)
    expect(await withScope(db, FLIRTLOKAAL, (tx) => countPhotos(tx, FLIRTLOKAAL, profile.id))).toBe(3)
  })

  it('rejected photos do not count', async () => {
    const { profile } = await createMember(db, FLIRTLOKAAL)
    await uploadPhotos(db, FLIRTLOKAAL, await Promise.all(['1', '2', '3'].map((n) => png(`${n}.png`))), { profileId: profile.id, storage })
    await withScope(db, FLIRTLOKAAL, (tx) => tx.photo.updateMany({ where: { poolId: 'benelux', profileId: profile.id, position: 0 }, data: { status: 'rejected' } }))
    expect(await addPhoto(db, FLIRTLOKAAL, await png('again.png'), { profileId: profile.id, storage })).toMatchObject({ ok: true })
  })

  it('a premium member passes 3 (up to 25)', async () => {
    const { user, profile } = await createMember(db, FLIRTLOKAAL)
    await makePremium(FLIRTLOKAAL, user.id)
    const files = await Promise.all(['1', '2', '3', '4', '5'].map((n) => png(`${n}.png`)))
    const outcomes = await uploadPhotos(db, FLIRTLOKAAL, files, { profileId: profile.id, storage })
    expect(outcomes.every((o) => o.ok)).toBe(true)
    expect(await rowsOf(FLIRTLOKAAL, profile.id)).toHaveLength(5)
  })

  it('a premium member at 25 is refused with the premium message', async () => {
    const { user, profile } = await createMember(db, FLIRTLOKAAL)
    await makePremium(FLIRTLOKAAL, user.id)
    // 25 rows without files: the limit is about rows.
    await withScope(db, FLIRTLOKAAL, (tx) =>
      tx.photo.createMany({
        data: Array.from({ length: 25 }, (_, i) => ({ poolId: 'benelux', profileId: profile.id, filename: `x/${i}.webp`, thumbFilename: `x/${i}_t.webp`, position: i })),
      }),
    )
    expect(await addPhoto(db, FLIRTLOKAAL, await png('26.png'), { profileId: profile.id, storage })).toEqual({ name: '26.png', ok: false, error: 'limitPremium' })
  })

  it('parallel uploads cannot pass the limit', async () => {
    const { profile } = await createMember(db, DATEDICHTBIJ)
    const before = (await filesIn(root)).length
    const files = await Promise.all(Array.from({ length: 8 }, (_, i) => png(`p${i}.png`, `#${(i + 1).toString(16)}${(i + 1).toString(16)}0`)))
    const outcomes = await Promise.all(files.map((file) => addPhoto(db, DATEDICHTBIJ, file, { profileId: profile.id, storage })))
    expect(outcomes.filter((o) => o.ok)).toHaveLength(3)
    expect(outcomes.filter((o) => !o.ok).every((o) => !o.ok && o.error === 'limitFree')).toBe(true)
    const rows = await rowsOf(DATEDICHTBIJ, profile.id)
    expect(rows).toHaveLength(3)
    expect(rows.filter((r) => r.isMain)).toHaveLength(1)
    expect(new Set(rows.map((r) => r.position)).size).toBe(3)
    // Files of the refused ones were removed again: two per stored photo, no more.
    expect((await filesIn(root)).length - before).toBe(6)
  })
})

describe('isolation', () => {
  it('photos are pool-scoped: a sibling site sees them, another pool does not', async () => {
    const { profile } = await createMember(db, FLIRTLOKAAL)
    await addPhoto(db, FLIRTLOKAAL, await png('shared.png'), { profileId: profile.id, storage })
    expect(await rowsOf(DATEDICHTBIJ, profile.id)).toHaveLength(1)
    expect(await rowsOf(DATEVIBE, profile.id)).toHaveLength(0)
    expect(await withScope(db, DATEVIBE, (tx) => countPhotos(tx, DATEVIBE, profile.id))).toBe(0)
  })
})
