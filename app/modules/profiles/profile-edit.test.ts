import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appDb, createMember, DATEDICHTBIJ, DATEVIBE, FLIRTLOKAAL } from '../../../tests/fixtures.ts'
import { PROFILE_FIELDS, PROFILE_NOTES } from '../../../tenants/schema.ts'
import type { Db } from '../db/client.server.ts'
import { withScope, type Scope } from '../db/scoped.server.ts'
import { loadEditableProfile, profileEditRules, saveProfileEdit } from './profile-edit.server.ts'
import type { ProfileFieldKey, ProfileNoteKey } from './profile-schema.ts'

let db: Db

beforeAll(() => {
  db = appDb()
})

afterAll(async () => {
  await db.$disconnect()
})

const TODAY = () => new Date('2025-06-01T12:00:00Z')

function site(overrides: { visibleProfileFields?: ProfileFieldKey[]; visibleProfileNotes?: ProfileNoteKey[]; countries?: ('NL' | 'BE' | 'GB' | 'IE')[] } = {}) {
  return {
    minimumAge: 18,
    countries: overrides.countries ?? (['NL', 'BE'] as const),
    visibleProfileFields: overrides.visibleProfileFields ?? [...PROFILE_FIELDS],
    visibleProfileNotes: overrides.visibleProfileNotes ?? [...PROFILE_NOTES],
  }
}

const VALID = {
  name: 'Zonnestraal',
  birthDate: '1990-05-17',
  gender: 'woman',
  sexuality: 'bi',
  relationshipStatus: 'living_together',
  hairColour: 'red',
  eyeColour: 'hazel',
  bodyType: 'slim',
  tattoos: 'some',
  reason: 'friendship',
  appearance: 'sexy',
  country: 'NL',
  region: 'UT',
  city: '  Utrecht ',
  about: 'Ik hou van fietsen.',
}

function form(values: Record<string, string>, interests: string[] = []): FormData {
  const fd = new FormData()
  for (const [k, v] of Object.entries(values)) fd.set(k, v)
  for (const i of interests) fd.append('interests', i)
  return fd
}

async function profileOf(scope: Scope, id: number) {
  return withScope(db, scope, (tx) => tx.profile.findUniqueOrThrow({ where: { poolId_id: { poolId: scope.poolId, id: id } } }))
}

async function save(scope: Scope, m: Awaited<ReturnType<typeof createMember>>, values: Record<string, string>, interests: string[] = [], tenant = site()) {
  const rules = profileEditRules(tenant, { email: m.user.email, country: m.profile.country }, TODAY)
  return saveProfileEdit(db, scope, { userId: m.user.id, rules, formData: form(values, interests) })
}

function fieldErrors(outcome: Awaited<ReturnType<typeof save>>) {
  if (outcome.ok || outcome.status !== 400) throw new Error(`expected field errors, got ${JSON.stringify(outcome)}`)
  return outcome.reply.error ?? {}
}

describe('saveProfileEdit', () => {
  it('saves every shown field of the own profile and loads them back as form defaults', async () => {
    const m = await createMember(db, FLIRTLOKAAL)
    const outcome = await save(FLIRTLOKAAL, m, VALID, ['music', 'travel', 'music'])
    expect(outcome.ok).toBe(true)
    const row = await profileOf(FLIRTLOKAAL, m.profile.id)
    expect(row).toMatchObject({
      name: 'Zonnestraal', gender: 'woman', sexuality: 'bi', relationshipStatus: 'living_together', hairColour: 'red', eyeColour: 'hazel',
      bodyType: 'slim', tattoos: 'some', reason: 'friendship', appearance: 'sexy', country: 'NL', region: 'UT', city: 'Utrecht',
      about: 'Ik hou van fietsen.', interests: ['music', 'travel'],
    })
    expect(row.birthDate.toISOString().slice(0, 10)).toBe('1990-05-17')
    const editable = await loadEditableProfile(db, FLIRTLOKAAL, m.user.id)
    expect(editable?.defaults).toMatchObject({ name: 'Zonnestraal', birthDate: '1990-05-17', region: 'UT', interests: ['music', 'travel'], hairColour: 'red' })
  })

  it('clears optional fields left empty', async () => {
    const m = await createMember(db, FLIRTLOKAAL)
    await save(FLIRTLOKAAL, m, VALID, ['music'])
    const outcome = await save(FLIRTLOKAAL, m, { ...VALID, hairColour: '', tattoos: '', city: '', about: '', appearance: '' })
    expect(outcome.ok).toBe(true)
    expect(await profileOf(FLIRTLOKAAL, m.profile.id)).toMatchObject({ hairColour: null, tattoos: null, city: null, about: null, appearance: null, interests: [] })
  })

  it('applies the name rules of SPEC §5', async () => {
    const m = await createMember(db, FLIRTLOKAAL)
    expect(fieldErrors(await save(FLIRTLOKAAL, m, { ...VALID, name: m.user.email })).name).toEqual(['validation.nameIsEmail'])
    expect(fieldErrors(await save(FLIRTLOKAAL, m, { ...VALID, name: '@zonnetje' })).name).toEqual(['validation.nameStartsWithAt'])
    expect(fieldErrors(await save(FLIRTLOKAAL, m, { ...VALID, name: 'ab' })).name).toEqual(['validation.nameTooShort'])
    expect(fieldErrors(await save(FLIRTLOKAAL, m, { ...VALID, name: '' })).name).toEqual(['validation.nameRequired'])
    expect((await profileOf(FLIRTLOKAAL, m.profile.id)).name).toBe(m.profile.name)
    // The part before the @ is fine (a member's own first name); the whole address is not.
    const local = m.user.email.split('@')[0]!.replace(/[^\p{L}\p{N}]/gu, '').slice(0, 30)
    expect((await save(FLIRTLOKAAL, m, { ...VALID, name: local.length >= 3 ? local : `${local}abc` })).ok).toBe(true)
  })

  it('refuses an under-age or invalid birth date', async () => {
    const m = await createMember(db, FLIRTLOKAAL)
    expect(fieldErrors(await save(FLIRTLOKAAL, m, { ...VALID, birthDate: '2007-06-02' })).birthDate).toEqual(['validation.birthDateTooYoung'])
    expect(fieldErrors(await save(FLIRTLOKAAL, m, { ...VALID, birthDate: '1990-02-30' })).birthDate).toEqual(['validation.birthDateInvalid'])
    expect(fieldErrors(await save(FLIRTLOKAAL, m, { ...VALID, birthDate: '' })).birthDate).toEqual(['validation.birthDateRequired'])
    // Exactly 18 today is old enough.
    expect((await save(FLIRTLOKAAL, m, { ...VALID, birthDate: '2007-06-01' })).ok).toBe(true)
  })

  it('refuses unknown interests, regions, countries and choices, and keeps what was typed', async () => {
    const m = await createMember(db, FLIRTLOKAAL)
    const errors = fieldErrors(await save(FLIRTLOKAAL, m, { ...VALID, region: 'BY', hairColour: 'purple', city: 'x'.repeat(61) }, ['music', 'skydiving']))
    expect(errors).toMatchObject({
      interests: ['profile:errors.unknownInterest'],
      region: ['profile:errors.region'],
      hairColour: ['validation.choose'],
      city: ['profile:errors.cityTooLong'],
    })
    const outcome = await save(FLIRTLOKAAL, m, { ...VALID, country: 'DE', region: 'BY' })
    expect(fieldErrors(outcome).country).toEqual(['validation.choose'])
    if (!outcome.ok && outcome.status === 400) expect(outcome.reply.initialValue).toMatchObject({ name: 'Zonnestraal', country: 'DE', region: 'BY' })
    expect(fieldErrors(await save(FLIRTLOKAAL, m, { ...VALID, region: '' })).region).toEqual(['profile:errors.region'])
    expect(fieldErrors(await save(FLIRTLOKAAL, m, { ...VALID, about: 'x'.repeat(1001) })).about).toEqual(['profile:errors.aboutTooLong'])
    expect(fieldErrors(await save(FLIRTLOKAAL, m, { ...VALID, gender: 'robot' })).gender).toEqual(['validation.choose'])
    const untouched = await profileOf(FLIRTLOKAAL, m.profile.id)
    expect(untouched).toMatchObject({ name: m.profile.name, region: null, interests: [] })
  })

  it('accepts a region of the newly chosen country', async () => {
    const m = await createMember(db, FLIRTLOKAAL)
    expect((await save(FLIRTLOKAAL, m, { ...VALID, country: 'BE', region: 'VAN' })).ok).toBe(true)
    expect(await profileOf(FLIRTLOKAAL, m.profile.id)).toMatchObject({ country: 'BE', region: 'VAN' })
  })

  it('keeps the stored country of a member from a country the site does not list', async () => {
    const m = await createMember(db, DATEVIBE) // GB
    const datevibe = site({ countries: ['IE'] })
    expect((await save(DATEVIBE, m, { ...VALID, country: 'GB', region: 'SCT' }, [], datevibe)).ok).toBe(true)
    expect(fieldErrors(await save(DATEVIBE, m, { ...VALID, country: 'NL', region: 'UT' }, [], datevibe)).country).toEqual(['validation.choose'])
  })

  it('writes only the fields the site shows', async () => {
    const m = await createMember(db, FLIRTLOKAAL)
    await save(FLIRTLOKAAL, m, VALID, ['music'])
    const narrow = site({ visibleProfileFields: ['gender', 'city'], visibleProfileNotes: ['about_me'] })
    // Hidden fields may be posted (or tampered with): they are neither validated nor written.
    const outcome = await save(FLIRTLOKAAL, m, { name: 'Nieuwe naam', birthDate: '1991-01-01', gender: 'man', sexuality: 'gay', hairColour: 'blond', country: 'BE', region: '', city: 'Gent', about: 'Anders' }, ['gaming'], narrow)
    expect(outcome.ok).toBe(true)
    expect(await profileOf(FLIRTLOKAAL, m.profile.id)).toMatchObject({
      name: 'Nieuwe naam', gender: 'man', city: 'Gent', about: 'Anders',
      sexuality: 'bi', hairColour: 'red', country: 'NL', region: 'UT', interests: ['music'],
    })
  })

  it('checks the region against the stored country when the country is hidden', async () => {
    const m = await createMember(db, FLIRTLOKAAL) // NL
    const regionOnly = site({ visibleProfileFields: ['region'] })
    expect(fieldErrors(await save(FLIRTLOKAAL, m, { ...VALID, country: 'BE', region: 'VAN' }, [], regionOnly)).region).toEqual(['profile:errors.region'])
    expect((await save(FLIRTLOKAAL, m, { ...VALID, country: 'BE', region: 'GR' }, [], regionOnly)).ok).toBe(true)
    expect(await profileOf(FLIRTLOKAAL, m.profile.id)).toMatchObject({ country: 'NL', region: 'GR' })
  })

  it('only ever writes the own profile on the own site', async () => {
    const mine = await createMember(db, FLIRTLOKAAL)
    const sibling = await createMember(db, DATEDICHTBIJ)
    const far = await createMember(db, DATEVIBE)
    // Someone else's account id, through this site's scope: nothing is found or written.
    const rules = profileEditRules(site(), { email: mine.user.email, country: 'NL' }, TODAY)
    for (const other of [sibling, far]) {
      const outcome = await saveProfileEdit(db, FLIRTLOKAAL, { userId: other.user.id, rules, formData: form(VALID) })
      expect(outcome).toEqual({ ok: false, status: 404 })
      expect(await loadEditableProfile(db, FLIRTLOKAAL, other.user.id)).toBeNull()
    }
    expect((await profileOf(DATEDICHTBIJ, sibling.profile.id)).name).toBe(sibling.profile.name)
    expect((await profileOf(DATEVIBE, far.profile.id)).name).toBe(far.profile.name)
  })

  it('does not edit a deleted profile', async () => {
    const m = await createMember(db, FLIRTLOKAAL)
    await withScope(db, FLIRTLOKAAL, (tx) => tx.profile.update({ where: { poolId_id: { poolId: FLIRTLOKAAL.poolId, id: m.profile.id } }, data: { status: 'deleted' } }))
    expect(await save(FLIRTLOKAAL, m, VALID)).toEqual({ ok: false, status: 404 })
    expect(await loadEditableProfile(db, FLIRTLOKAAL, m.user.id)).toBeNull()
  })
})
