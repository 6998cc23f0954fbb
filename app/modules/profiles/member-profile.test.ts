import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appDb, createMember, DATEDICHTBIJ, DATEVIBE, FLIRTLOKAAL } from '../../../tests/fixtures.ts'
import { PROFILE_FIELDS, PROFILE_NOTES } from '../../../tenants/schema.ts'
import { createBlock } from '../accounts/blocks.server.ts'
import type { Db } from '../db/client.server.ts'
import { withScope, type Scope } from '../db/scoped.server.ts'
import { loggedOutSearchAllowed as visitorMayView } from '../search/access.server.ts'
import { loadMemberProfile, parseProfileId, type Viewer, type VisibilityRules } from './member-profile.server.ts'

let db: Db

beforeAll(() => {
  db = appDb()
})

afterAll(async () => {
  await db.$disconnect()
})

const RULES: VisibilityRules = { visibleFields: [...PROFILE_FIELDS], visibleNotes: [...PROFILE_NOTES], cdnPrefix: '/media/' }
const TODAY = new Date('2025-06-01T12:00:00Z')

type Member = Awaited<ReturnType<typeof createMember>>
const free = (m: Member): Viewer => ({ profileId: m.profile.id, paidUser: false })
const premium = (m: Member): Viewer => ({ profileId: m.profile.id, paidUser: true })

async function addPhoto(scope: Scope, m: Member, name: string, data: { status?: 'inspection' | 'active' | 'rejected'; isMain?: boolean; isPrivate?: boolean; position?: number } = {}) {
  await withScope(db, scope, (tx) =>
    tx.photo.create({ data: { poolId: scope.poolId, profileId: m.profile.id, filename: `${name}.jpg`, thumbFilename: `${name}-t.jpg`, status: 'active', ...data } }),
  )
}

async function view(scope: Scope, owner: Member, viewer: Viewer, rules = RULES) {
  return loadMemberProfile(db, scope, { profileId: owner.profile.id, viewer, rules, today: TODAY })
}

/** A member with a main photo, a second public one, a private one, one under inspection and a rejected one. */
async function memberWithPhotos(scope: Scope) {
  const m = await createMember(db, scope)
  const tag = `p${m.profile.id}`
  await addPhoto(scope, m, `${tag}-main`, { isMain: true, position: 0 })
  await addPhoto(scope, m, `${tag}-public`, { position: 1 })
  await addPhoto(scope, m, `${tag}-private`, { isPrivate: true, position: 2 })
  await addPhoto(scope, m, `${tag}-pending`, { status: 'inspection', position: 3 })
  await addPhoto(scope, m, `${tag}-rejected`, { status: 'rejected', position: 4 })
  return { m, tag }
}

const files = (v: Awaited<ReturnType<typeof view>>) => v!.photos.map((p) => p.url.replace(/^\/media\/p\d+-/, ''))

describe('loadMemberProfile: photos (SPEC §6)', () => {
  it('shows visitors and free members the main photo and the count', async () => {
    const { m } = await memberWithPhotos(FLIRTLOKAAL)
    const viewer = await createMember(db, FLIRTLOKAAL)
    for (const who of [null, free(viewer)]) {
      const v = await view(FLIRTLOKAAL, m, who)
      expect(files(v)).toEqual(['main.jpg'])
      expect(v).toMatchObject({ photoCount: 3, hiddenPhotoCount: 2, own: false })
      expect(v!.photos[0]).toMatchObject({ main: true, private: false, inspection: false })
      expect(v!.photos[0]!.thumbUrl).toMatch(/-main-t\.jpg$/)
    }
  })

  it('shows premium members every approved photo, private ones included', async () => {
    const { m } = await memberWithPhotos(FLIRTLOKAAL)
    const viewer = await createMember(db, DATEDICHTBIJ) // same pool, other site
    const v = await view(DATEDICHTBIJ, m, premium(viewer))
    expect(files(v)).toEqual(['main.jpg', 'public.jpg', 'private.jpg'])
    expect(v!.photos.find((p) => p.private)).toBeTruthy()
    expect(v).toMatchObject({ photoCount: 3, hiddenPhotoCount: 0 })
  })

  it('shows no main photo that is private or not approved', async () => {
    const m = await createMember(db, FLIRTLOKAAL)
    await addPhoto(FLIRTLOKAAL, m, `x${m.profile.id}-main`, { isMain: true, status: 'inspection' })
    await addPhoto(FLIRTLOKAAL, m, `x${m.profile.id}-other`, { position: 1 })
    const v = await view(FLIRTLOKAAL, m, null)
    expect(v).toMatchObject({ photos: [], photoCount: 1, hiddenPhotoCount: 1 })
  })

  it('shows the owner their own photos, those under inspection marked as such', async () => {
    const { m } = await memberWithPhotos(FLIRTLOKAAL)
    const v = await view(FLIRTLOKAAL, m, free(m))
    expect(v!.own).toBe(true)
    expect(files(v)).toEqual(['main.jpg', 'public.jpg', 'private.jpg', 'pending.jpg'])
    expect(v!.photos.map((p) => p.inspection)).toEqual([false, false, false, true])
    expect(v).toMatchObject({ photoCount: 4, hiddenPhotoCount: 0 })
  })
})

describe('loadMemberProfile: who may see a profile (SPEC §4)', () => {
  it('is not found for an unknown id or another pool’s profile', async () => {
    const far = await createMember(db, DATEVIBE)
    const viewer = await createMember(db, FLIRTLOKAAL)
    expect(await loadMemberProfile(db, FLIRTLOKAAL, { profileId: 2_000_000_000, viewer: free(viewer), rules: RULES })).toBeNull()
    expect(await view(FLIRTLOKAAL, far, premium(viewer))).toBeNull()
    expect(await view(FLIRTLOKAAL, far, null)).toBeNull()
    // It exists, in its own pool.
    expect(await view(DATEVIBE, far, null)).not.toBeNull()
  })

  it('is not found when deleted or disabled', async () => {
    const deleted = await createMember(db, FLIRTLOKAAL)
    const disabled = await createMember(db, FLIRTLOKAAL)
    const viewer = await createMember(db, FLIRTLOKAAL)
    await withScope(db, FLIRTLOKAAL, async (tx) => {
      await tx.profile.update({ where: { poolId_id: { poolId: FLIRTLOKAAL.poolId, id: deleted.profile.id } }, data: { status: 'deleted' } })
      await tx.profile.update({ where: { poolId_id: { poolId: FLIRTLOKAAL.poolId, id: disabled.profile.id } }, data: { status: 'disabled' } })
    })
    for (const who of [null, free(viewer), premium(viewer)]) {
      expect(await view(FLIRTLOKAAL, deleted, who)).toBeNull()
      expect(await view(FLIRTLOKAAL, disabled, who)).toBeNull()
    }
    // The owner of a not yet confirmed profile sees it, with a notice; a deleted one is gone.
    expect(await view(FLIRTLOKAAL, disabled, free(disabled))).toMatchObject({ own: true, ownNotice: 'disabled' })
    expect(await view(FLIRTLOKAAL, deleted, free(deleted))).toBeNull()
  })

  it('is not found for a member the owner blocked, on every site of the pool', async () => {
    const owner = await createMember(db, FLIRTLOKAAL)
    const blocked = await createMember(db, DATEDICHTBIJ)
    const other = await createMember(db, FLIRTLOKAAL)
    await createBlock(db, FLIRTLOKAAL, owner.profile.id, blocked.profile.id)
    expect(await view(DATEDICHTBIJ, owner, premium(blocked))).toBeNull()
    expect(await view(FLIRTLOKAAL, owner, free(blocked))).toBeNull()
    expect(await view(FLIRTLOKAAL, owner, free(other))).not.toBeNull()
    // The blocker still sees the member they blocked.
    expect(await view(FLIRTLOKAAL, blocked, free(owner))).not.toBeNull()
  })

  it('hides an invisible member from everyone but the owner', async () => {
    const owner = await createMember(db, FLIRTLOKAAL)
    const viewer = await createMember(db, FLIRTLOKAAL)
    await withScope(db, FLIRTLOKAAL, (tx) => tx.profile.update({ where: { poolId_id: { poolId: FLIRTLOKAAL.poolId, id: owner.profile.id } }, data: { invisible: true } }))
    expect(await view(FLIRTLOKAAL, owner, null)).toBeNull()
    expect(await view(FLIRTLOKAAL, owner, free(viewer))).toBeNull()
    expect(await view(FLIRTLOKAAL, owner, premium(viewer))).toBeNull()
    expect(await view(FLIRTLOKAAL, owner, { profileId: null, paidUser: true })).toBeNull()
    expect(await view(FLIRTLOKAAL, owner, free(owner))).toMatchObject({ own: true, ownNotice: 'invisible', name: owner.profile.name })
  })
})

describe('loadMemberProfile: fields (SPEC §3, tenant visible fields)', () => {
  it('gives name, age, place, about, attributes and interests', async () => {
    const m = await createMember(db, FLIRTLOKAAL)
    await withScope(db, FLIRTLOKAAL, (tx) =>
      tx.profile.update({
        where: { poolId_id: { poolId: FLIRTLOKAAL.poolId, id: m.profile.id } },
        data: { region: 'NH', city: 'Haarlem', about: 'Hoi!', hairColour: 'blond', bodyType: 'slim', reason: 'chat', interests: ['music', 'retired_key'], fictional: true },
      }),
    )
    const v = await view(FLIRTLOKAAL, m, null)
    expect(v).toMatchObject({
      name: m.profile.name, age: 35, country: 'NL', city: 'Haarlem', about: 'Hoi!', fictional: true,
      region: { code: 'NH', name: 'Noord-Holland', label: 'province' }, interests: ['music'],
    })
    expect(v!.attributes).toEqual([
      { key: 'gender', value: 'woman' },
      { key: 'sexuality', value: 'hetero' },
      { key: 'hair_colour', value: 'blond' },
      { key: 'body_type', value: 'slim' },
      { key: 'reason', value: 'chat' },
    ])
  })

  it('leaves out what the site does not show', async () => {
    const m = await createMember(db, FLIRTLOKAAL)
    await withScope(db, FLIRTLOKAAL, (tx) =>
      tx.profile.update({ where: { poolId_id: { poolId: FLIRTLOKAAL.poolId, id: m.profile.id } }, data: { region: 'NH', city: 'Haarlem', about: 'Hoi!', hairColour: 'blond', interests: ['music'] } }),
    )
    const v = await view(FLIRTLOKAAL, m, null, { ...RULES, visibleFields: ['hair_colour'], visibleNotes: [] })
    expect(v).toMatchObject({ country: null, region: null, city: null, about: null, interests: [], attributes: [{ key: 'hair_colour', value: 'blond' }] })
  })
})

describe('helpers', () => {
  it('parses profile ids strictly', () => {
    expect(parseProfileId('42')).toBe(42)
    for (const bad of [undefined, '', '0', '-1', '01', '4.2', '42abc', '99999999999', '2147483648']) expect(parseProfileId(bad), String(bad)).toBeNull()
  })

  it('lets visitors view profiles per logged_out_search and logged_out_search_trafficsource', () => {
    const open = { loggedOutSearch: true, loggedOutSearchTrafficsource: false }
    const sourced = { loggedOutSearch: false, loggedOutSearchTrafficsource: true }
    const closed = { loggedOutSearch: false, loggedOutSearchTrafficsource: false }
    expect(visitorMayView(open, null)).toBe(true)
    expect(visitorMayView(sourced, null)).toBe(false)
    expect(visitorMayView(sourced, { sub1: 'x' })).toBe(false)
    expect(visitorMayView(sourced, { network: 'adnet' })).toBe(true)
    expect(visitorMayView(closed, { network: 'adnet' })).toBe(false)
  })
})
