// Issue #16: members with an approved main photo come first in search, then the most
// recently active. Profile.hasPhoto carries "has an approved main photo"; a trigger on Photo
// keeps it right through every photo change, as the runtime role, under row-level security.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appDb, DATEVIBE, FLIRTLOKAAL } from '../../../tests/fixtures.ts'
import type { Db } from '../db/client.server.ts'
import { withScope, type Scope } from '../db/scoped.server.ts'
import { deletePhoto, setMainPhoto } from '../photos/manage.server.ts'
import { reviewPhoto } from '../photos/review.server.ts'
import { createProfiles, searchAllPages } from './test-profiles.server.ts'
import type { SearchSite } from './search.server.ts'

const SITE: SearchSite = { countries: ['NL', 'BE'], minimumAge: 18, searchFields: ['gender', 'country', 'region', 'age'], cdnPrefix: '/media/' }
const HOUR = 3_600_000
const NOW = new Date('2026-06-01T12:00:00Z').getTime()

let db: Db

const hasPhoto = (scope: Scope, id: number) =>
  withScope(db, scope, async (tx) => (await tx.profile.findFirstOrThrow({ where: { poolId: scope.poolId, id }, select: { hasPhoto: true } })).hasPhoto)

const addPhoto = (scope: Scope, profileId: number, data: { status?: 'inspection' | 'active' | 'rejected'; isMain?: boolean; position?: number } = {}) =>
  withScope(db, scope, async (tx) =>
    (await tx.photo.create({ data: { poolId: scope.poolId, profileId, filename: `f${Math.random()}.jpg`, thumbFilename: 't.jpg', status: 'inspection', isMain: true, ...data }, select: { id: true } })).id,
  )

beforeAll(() => {
  db = appDb()
})

afterAll(async () => {
  await db.$disconnect()
})

describe('Profile.hasPhoto', () => {
  it('follows review, main photo changes and deletion, in the same transaction', async () => {
    const [id] = await createProfiles(db, FLIRTLOKAAL, [{ lastActiveAt: new Date(NOW) }])
    expect(await hasPhoto(FLIRTLOKAAL, id!)).toBe(false)
    const first = await addPhoto(FLIRTLOKAAL, id!)
    expect(await hasPhoto(FLIRTLOKAAL, id!)).toBe(false) // under inspection: nobody sees it yet
    expect((await reviewPhoto(db, FLIRTLOKAAL, first, 'approve')).ok).toBe(true)
    expect(await hasPhoto(FLIRTLOKAAL, id!)).toBe(true)
    const second = await addPhoto(FLIRTLOKAAL, id!, { isMain: false, status: 'active', position: 1 })
    expect((await setMainPhoto(db, FLIRTLOKAAL, id!, second)).ok).toBe(true)
    expect(await hasPhoto(FLIRTLOKAAL, id!)).toBe(true)
    expect((await deletePhoto(db, FLIRTLOKAAL, id!, second)).ok).toBe(true)
    // The first photo becomes the main photo again.
    expect(await hasPhoto(FLIRTLOKAAL, id!)).toBe(true)
    expect((await deletePhoto(db, FLIRTLOKAAL, id!, first)).ok).toBe(true)
    expect(await hasPhoto(FLIRTLOKAAL, id!)).toBe(false)
    const rejected = await addPhoto(FLIRTLOKAAL, id!)
    expect((await reviewPhoto(db, FLIRTLOKAAL, rejected, 'reject')).ok).toBe(true)
    expect(await hasPhoto(FLIRTLOKAAL, id!)).toBe(false)
  })

  it('is rolled back with the photo change that failed', async () => {
    const [id] = await createProfiles(db, FLIRTLOKAAL, [{}])
    await expect(
      withScope(db, FLIRTLOKAAL, async (tx) => {
        await tx.photo.create({ data: { poolId: FLIRTLOKAAL.poolId, profileId: id!, filename: 'x.jpg', thumbFilename: 't.jpg', status: 'active', isMain: true } })
        throw new Error('abort')
      }),
    ).rejects.toThrow('abort')
    expect(await hasPhoto(FLIRTLOKAAL, id!)).toBe(false)
  })

  it('cannot be set from another pool: a photo there never reaches this profile', async () => {
    const [id] = await createProfiles(db, FLIRTLOKAAL, [{}])
    // A DateVibe photo naming a Benelux profile: refused by a pool-scoped foreign key where
    // there is one, and otherwise the trigger's update runs under DateVibe's row-level
    // security, which cannot see, let alone change, a Benelux profile.
    await addPhoto(DATEVIBE, id!, { status: 'active' }).catch(() => null)
    expect(await hasPhoto(FLIRTLOKAAL, id!)).toBe(false)
  })
})

describe('search order', () => {
  it('puts members with a photo first, then the most recently active, each once across pages', async () => {
    const scope = DATEVIBE // its own pool: no other test's members in the way
    const site: SearchSite = { ...SITE, countries: ['GB'] }
    // 30 recently active members without a photo, 30 less recently active ones with one.
    const bare = await createProfiles(db, scope, Array.from({ length: 30 }, (_, i) => ({ lastActiveAt: new Date(NOW - i * 1000) })))
    const pictured = await createProfiles(db, scope, Array.from({ length: 30 }, (_, i) => ({ lastActiveAt: new Date(NOW - 10 * HOUR - i * 1000) })))
    for (const id of pictured) await addPhoto(scope, id, { status: 'active' })
    const { pages, ids } = await searchAllPages(db, scope, site, null, 'gender=woman')
    expect(pages.map((p) => p.length)).toEqual([24, 24, 12])
    expect(ids).toEqual([...pictured, ...bare])
    // A photo approved later moves its member up; the pages still hold everyone once.
    const [late] = bare.slice(-1)
    const photo = await addPhoto(scope, late!)
    await reviewPhoto(db, scope, photo, 'approve')
    const again = await searchAllPages(db, scope, site, null, 'gender=woman')
    // Of the members with a photo, the newcomer is the most recently active.
    expect(again.ids).toEqual([late!, ...pictured, ...bare.slice(0, -1)])
    expect(new Set(again.ids).size).toBe(60)
  })
})
