// Unlocking a private photo (decision 017) against a real database: premium only, charged
// photo_credits once per viewer and photo (idempotent, also under concurrency), never below
// zero, not for a blocked member's or another pool's photo, and shown on the profile.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appDb, createMember, DATEVIBE, FLIRTLOKAAL } from '../../../tests/fixtures.ts'
import { createBlock } from '../accounts/blocks.server.ts'
import type { Db } from '../db/client.server.ts'
import { withScope, type Scope } from '../db/scoped.server.ts'
import { changeCredits } from '../credits/ledger.server.ts'
import { loadMemberProfile } from '../profiles/member-profile.server.ts'
import { unlockPhoto, unlockReference } from './unlock.server.ts'

let db: Db
beforeAll(() => {
  db = appDb(10)
})
afterAll(async () => {
  await db.$disconnect()
})

type M = Awaited<ReturnType<typeof createMember>>
const inScope = <T>(scope: Scope, fn: Parameters<typeof withScope<T>>[2]) => withScope(db, scope, fn)
const give = (scope: Scope, m: M, credits: number) => inScope(scope, (tx) => changeCredits(tx, scope, { userId: m.user.id, delta: credits, reason: 'bonus' }))
const credits = (scope: Scope, m: M) => inScope(scope, async (tx) => (await tx.user.findUniqueOrThrow({ where: { poolId_tenantId_id: { poolId: scope.poolId, tenantId: scope.tenantId, id: m.user.id } } })).credits)
const viewerOf = (m: M, paidUser = true) => ({ userId: m.user.id, profileId: m.profile.id, paidUser })
let n = 0
const privatePhoto = (scope: Scope, owner: M, status: 'active' | 'inspection' = 'active', isPrivate = true) =>
  inScope(scope, async (tx) =>
    (await tx.photo.create({ data: { poolId: scope.poolId, profileId: owner.profile.id, filename: `u${++n}.webp`, thumbFilename: `u${n}_t.webp`, status, isPrivate }, select: { id: true } })).id,
  )

describe('unlockPhoto', () => {
  it('a premium member unlocks a private photo for photo_credits once; again costs nothing; the profile then shows it', async () => {
    const owner = await createMember(db, FLIRTLOKAAL)
    const viewer = await createMember(db, FLIRTLOKAAL)
    const photoId = await privatePhoto(FLIRTLOKAAL, owner)
    await give(FLIRTLOKAAL, viewer, 12)
    const rules = { visibleFields: [], visibleNotes: [], cdnPrefix: '/media/', photoCredits: 5 }
    const before = await loadMemberProfile(db, FLIRTLOKAAL, { profileId: owner.profile.id, viewer: { profileId: viewer.profile.id, paidUser: true }, rules })
    expect(before?.photos.find((p) => p.id === photoId)).toMatchObject({ locked: true, url: '', thumbUrl: '' })

    expect(await unlockPhoto(db, FLIRTLOKAAL, viewerOf(viewer), photoId, 5)).toEqual({ ok: true, charged: 5, balance: 7 })
    expect(await unlockPhoto(db, FLIRTLOKAAL, viewerOf(viewer), photoId, 5)).toEqual({ ok: true, charged: 0, balance: null })
    expect(await credits(FLIRTLOKAAL, viewer)).toBe(7)
    const ledger = await inScope(FLIRTLOKAAL, (tx) => tx.creditTransaction.findMany({ where: { userId: viewer.user.id, reason: 'photo_unlock' } }))
    expect(ledger.map((r) => [r.delta, r.reference, r.balanceAfter])).toEqual([[-5, unlockReference(photoId, viewer.profile.id), 7]])

    const after = await loadMemberProfile(db, FLIRTLOKAAL, { profileId: owner.profile.id, viewer: { profileId: viewer.profile.id, paidUser: true }, rules })
    expect(after?.photos.find((p) => p.id === photoId)).toMatchObject({ locked: false, url: expect.stringMatching(/^\/media\/u\d+\.webp$/) })
    // A site that charges nothing for an unlock shows private photos to premium members as they are.
    const open = await loadMemberProfile(db, FLIRTLOKAAL, { profileId: owner.profile.id, viewer: { profileId: (await createMember(db, FLIRTLOKAAL)).profile.id, paidUser: true }, rules: { ...rules, photoCredits: 0 } })
    expect(open?.photos.find((p) => p.id === photoId)).toMatchObject({ locked: false })
  })

  it('20 concurrent unlocks of one photo charge once; concurrent unlocks of many photos never overspend', async () => {
    const owner = await createMember(db, FLIRTLOKAAL)
    const viewer = await createMember(db, FLIRTLOKAAL)
    const photoId = await privatePhoto(FLIRTLOKAAL, owner)
    await give(FLIRTLOKAAL, viewer, 17)
    const same = await Promise.all(Array.from({ length: 20 }, () => unlockPhoto(db, FLIRTLOKAAL, viewerOf(viewer), photoId, 5)))
    expect(same.every((r) => r.ok)).toBe(true)
    expect(same.filter((r) => r.ok && r.charged === 5)).toHaveLength(1)
    expect(await credits(FLIRTLOKAAL, viewer)).toBe(12)
    const others = await Promise.all(Array.from({ length: 6 }, () => privatePhoto(FLIRTLOKAAL, owner)))
    const many = await Promise.all(others.map((id) => unlockPhoto(db, FLIRTLOKAAL, viewerOf(viewer), id, 5)))
    expect(many.filter((r) => r.ok)).toHaveLength(2)
    expect(many.filter((r) => !r.ok && r.reason === 'insufficient')).toHaveLength(4)
    expect(await credits(FLIRTLOKAAL, viewer)).toBe(2)
    expect(await inScope(FLIRTLOKAAL, (tx) => tx.photoUnlock.count({ where: { viewerId: viewer.profile.id } }))).toBe(3)
    expect(await inScope(FLIRTLOKAAL, (tx) => tx.creditTransaction.count({ where: { userId: viewer.user.id, reason: 'photo_unlock' } }))).toBe(3)
  })

  it('refuses, uncharged: a free member, a public or unapproved photo, a blocker, the own photo, another pool', async () => {
    const owner = await createMember(db, FLIRTLOKAAL)
    const viewer = await createMember(db, FLIRTLOKAAL)
    const secret = await privatePhoto(FLIRTLOKAAL, owner)
    const open = await privatePhoto(FLIRTLOKAAL, owner, 'active', false)
    const waiting = await privatePhoto(FLIRTLOKAAL, owner, 'inspection')
    await give(FLIRTLOKAAL, viewer, 50)
    await give(FLIRTLOKAAL, owner, 50)
    expect(await unlockPhoto(db, FLIRTLOKAAL, viewerOf(viewer, false), secret, 5)).toEqual({ ok: false, reason: 'premium_required' })
    expect(await unlockPhoto(db, FLIRTLOKAAL, viewerOf(viewer), open, 5)).toEqual({ ok: false, reason: 'not_found' })
    expect(await unlockPhoto(db, FLIRTLOKAAL, viewerOf(viewer), waiting, 5)).toEqual({ ok: false, reason: 'not_found' })
    expect(await unlockPhoto(db, FLIRTLOKAAL, viewerOf(owner), secret, 5)).toEqual({ ok: false, reason: 'not_found' })
    const stranger = await createMember(db, DATEVIBE)
    await give(DATEVIBE, stranger, 50)
    expect(await unlockPhoto(db, DATEVIBE, viewerOf(stranger), secret, 5)).toEqual({ ok: false, reason: 'not_found' })
    await createBlock(db, FLIRTLOKAAL, owner.profile.id, viewer.profile.id)
    expect(await unlockPhoto(db, FLIRTLOKAAL, viewerOf(viewer), secret, 5)).toEqual({ ok: false, reason: 'not_found' })
    expect(await credits(FLIRTLOKAAL, viewer)).toBe(50)
    expect(await credits(DATEVIBE, stranger)).toBe(50)
    expect(await inScope(FLIRTLOKAAL, (tx) => tx.photoUnlock.count({ where: { photoId: secret } }))).toBe(0)
  })
})
