// Who appears in member search (SPEC §2, §4, §6): the site's pool only, active and visible
// members only, never the viewer, never across a block in either direction.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appDb, DATEDICHTBIJ, DATEVIBE, FLIRTLOKAAL } from '../../../tests/fixtures.ts'
import { createBlock } from '../accounts/blocks.server.ts'
import type { Db } from '../db/client.server.ts'
import { searchMembers, type SearchSite } from './search.server.ts'
import { signupMatches } from './signup-matches.server.ts'
import { createProfiles, searchAllPages } from './test-profiles.server.ts'

const BENELUX_SITE: SearchSite = { countries: ['NL', 'BE'], minimumAge: 18, searchFields: ['gender', 'country', 'region', 'age'], cdnPrefix: '/media/' }
const DATEVIBE_SITE: SearchSite = { ...BENELUX_SITE, countries: ['GB', 'IE'] }

let db: Db
let viewer: number
let visible: number[]
let hidden: Record<'invisible' | 'disabled' | 'deleted', number>
let blocker: number
let blockedByViewer: number
let man: number
let belgian: number
let elsewhere: number

beforeAll(async () => {
  db = appDb()
  const one = async (scope: typeof FLIRTLOKAAL, spec: Parameters<typeof createProfiles>[2][number] = {}) => (await createProfiles(db, scope, [spec]))[0]!
  viewer = await one(FLIRTLOKAAL, { gender: 'man', sexuality: 'hetero', country: 'NL' })
  visible = [await one(FLIRTLOKAAL), await one(FLIRTLOKAAL), await one(DATEDICHTBIJ)]
  hidden = { invisible: await one(FLIRTLOKAAL, { invisible: true }), disabled: await one(FLIRTLOKAAL, { status: 'disabled' }), deleted: await one(FLIRTLOKAAL, { status: 'deleted' }) }
  blocker = await one(DATEDICHTBIJ)
  blockedByViewer = await one(DATEDICHTBIJ)
  man = await one(DATEDICHTBIJ, { gender: 'man' })
  belgian = await one(FLIRTLOKAAL, { country: 'BE', region: 'VAN', lastActiveAt: new Date(Date.now() + 60_000) })
  elsewhere = await one(DATEVIBE, { country: 'GB' })
  await createBlock(db, DATEDICHTBIJ, blocker, viewer)
  await createBlock(db, FLIRTLOKAAL, viewer, blockedByViewer)
})

afterAll(async () => {
  await db.$disconnect()
})

describe('pools', () => {
  it('both sites of one pool see the same members', async () => {
    const a = await searchAllPages(db, FLIRTLOKAAL, BENELUX_SITE, null, '')
    const b = await searchAllPages(db, DATEDICHTBIJ, BENELUX_SITE, null, '')
    expect(a.ids).toEqual(b.ids)
    expect(a.ids).toEqual(expect.arrayContaining([...visible, blocker, blockedByViewer, belgian]))
  })

  it('a site of another pool sees none of them, whatever it asks for', async () => {
    const other = await searchAllPages(db, DATEVIBE, DATEVIBE_SITE, null, '')
    expect(other.ids).toContain(elsewhere)
    const benelux = [...visible, blocker, blockedByViewer, belgian, man]
    expect(other.ids.filter((id) => benelux.includes(id))).toEqual([])
    // Even a site config listing the pool's countries reads nothing of another pool.
    const forced = await searchAllPages(db, DATEVIBE, { ...DATEVIBE_SITE, countries: ['NL', 'BE'] }, null, 'gender=all')
    expect(forced.ids).toEqual([])
    // And a viewer id from another pool is not found there (visitor defaults apply).
    const result = await searchMembers(db, DATEVIBE, { site: DATEVIBE_SITE, viewerProfileId: viewer, params: new URLSearchParams() })
    expect(result.filters.gender).toBe('woman')
    expect(result.members.map((m) => m.id)).not.toContain(viewer)
  })
})

describe('who appears', () => {
  it('never invisible, disabled (unconfirmed) or deleted members', async () => {
    for (const viewerId of [null, viewer]) {
      const { ids } = await searchAllPages(db, FLIRTLOKAAL, BENELUX_SITE, viewerId, 'gender=all')
      expect(ids).toEqual(expect.arrayContaining(visible))
      expect(ids).not.toContain(hidden.invisible)
      expect(ids).not.toContain(hidden.disabled)
      expect(ids).not.toContain(hidden.deleted)
    }
  })

  it('never the viewer themself', async () => {
    const { ids } = await searchAllPages(db, FLIRTLOKAAL, BENELUX_SITE, viewer, 'gender=man')
    expect(ids).toContain(man)
    expect(ids).not.toContain(viewer)
  })

  it('nobody across a block, in either direction', async () => {
    const asViewer = await searchAllPages(db, FLIRTLOKAAL, BENELUX_SITE, viewer, 'gender=all')
    expect(asViewer.ids).not.toContain(blocker)
    expect(asViewer.ids).not.toContain(blockedByViewer)
    // The blocked-by-viewer member does not find the viewer either; others see everyone.
    const asBlocked = await searchAllPages(db, DATEDICHTBIJ, BENELUX_SITE, blockedByViewer, 'gender=man')
    expect(asBlocked.ids).not.toContain(viewer)
    const asOther = await searchAllPages(db, FLIRTLOKAAL, BENELUX_SITE, visible[0]!, 'gender=all')
    expect(asOther.ids).toEqual(expect.arrayContaining([blocker, blockedByViewer, viewer]))
    // Similar members follow the same rules.
    const few = await searchMembers(db, FLIRTLOKAAL, { site: BENELUX_SITE, viewerProfileId: viewer, params: new URLSearchParams('country=BE&countryregion=VBR') })
    expect(few.members).toEqual([])
    const similar = few.similar.map((m) => m.id)
    expect(similar).toContain(belgian)
    for (const id of [blocker, blockedByViewer, viewer, hidden.invisible, hidden.disabled]) expect(similar).not.toContain(id)
  })

  it('looks for the gender the viewer prefers unless asked otherwise', async () => {
    const search = (viewerProfileId: number | null, q = '') => searchMembers(db, FLIRTLOKAAL, { site: BENELUX_SITE, viewerProfileId, params: new URLSearchParams(q) })
    expect((await search(viewer)).filters.gender).toBe('woman')
    expect((await search(null)).filters.gender).toBe('woman')
    const [bi, lesbian] = await createProfiles(db, FLIRTLOKAAL, [{ sexuality: 'bi', status: 'disabled' }, { sexuality: 'lesbian', status: 'disabled' }])
    expect((await search(bi!)).filters.gender).toBe('all')
    expect((await search(lesbian!)).filters.gender).toBe('woman')
    expect((await search(viewer, 'gender=man')).filters.gender).toBe('man')
    const men = (await search(viewer, 'gender=man')).members
    expect(men.length).toBeGreaterThan(0)
  })

  it('filters on country and region', async () => {
    const { ids } = await searchAllPages(db, FLIRTLOKAAL, BENELUX_SITE, null, 'country=BE&countryregion=VAN')
    expect(ids).toEqual([belgian])
    const nl = await searchAllPages(db, FLIRTLOKAAL, BENELUX_SITE, null, 'country=NL')
    expect(nl.ids).not.toContain(belgian)
    expect(nl.ids).toEqual(expect.arrayContaining(visible))
  })
})

describe('age filter', () => {
  it('is inclusive and correct around birthdays', async () => {
    const today = new Date('2024-03-01T10:00:00Z')
    const [turned30Today, turns30Tomorrow, turns31Tomorrow, turned31Today] = await createProfiles(db, FLIRTLOKAAL, [
      { birthDate: new Date('1994-03-01') },
      { birthDate: new Date('1994-03-02') },
      { birthDate: new Date('1993-03-02') },
      { birthDate: new Date('1993-03-01') },
    ])
    const { ids } = await searchAllPages(db, FLIRTLOKAAL, BENELUX_SITE, null, 'min_age=30&max_age=30', today)
    expect(ids).toContain(turned30Today)
    expect(ids).toContain(turns31Tomorrow)
    expect(ids).not.toContain(turns30Tomorrow)
    expect(ids).not.toContain(turned31Today)
    const result = await searchMembers(db, FLIRTLOKAAL, { site: BENELUX_SITE, viewerProfileId: null, params: new URLSearchParams('min_age=30&max_age=30'), today })
    expect(result.members.every((m) => m.age === 30)).toBe(true)
  })

  it('handles 29 February', async () => {
    const today = new Date('2025-02-28T10:00:00Z')
    const [leapling, dayAfter] = await createProfiles(db, FLIRTLOKAAL, [{ birthDate: new Date('2004-02-29') }, { birthDate: new Date('2004-03-01') }])
    // Born 29 February 2004: 20 until 1 March 2025, like ageOn() counts it.
    const twenty = await searchAllPages(db, FLIRTLOKAAL, BENELUX_SITE, null, 'min_age=20&max_age=20', today)
    expect(twenty.ids).toEqual(expect.arrayContaining([leapling, dayAfter]))
    const twentyOne = await searchAllPages(db, FLIRTLOKAAL, BENELUX_SITE, null, 'min_age=21&max_age=21', today)
    expect(twentyOne.ids).not.toContain(leapling)
  })
})

describe('bad input', () => {
  it('never throws: bad values fall back to defaults', async () => {
    const nasty = [
      "gender=alien&country=XX&countryregion=';DROP TABLE \"Profile\";--&min_age=abc&max_age=-5&appearance=ugly",
      'cursor=!!!&min_age=99&max_age=18',
      `cursor=${Buffer.from('2026-01-01T00:00:00.000Z|0').toString('base64url')}`,
      `cursor=${Buffer.from("x'|1").toString('base64url')}`,
      `cursor=${'A'.repeat(119)}`,
      'country=NL&countryregion=VAN&gender=%00',
    ]
    for (const q of nasty) {
      const result = await searchMembers(db, FLIRTLOKAAL, { site: BENELUX_SITE, viewerProfileId: viewer, params: new URLSearchParams(q) })
      expect(result.filters.gender).toBe('woman')
      expect(result.firstSearch).toBeNull() // a bad cursor starts at the first page
    }
  })
})

describe('signup matches', () => {
  it('shows members the new member looks for, from their own country first, by the same rules', async () => {
    const matches = await signupMatches(db, FLIRTLOKAAL, { site: BENELUX_SITE, profileId: viewer })
    const ids = matches.map((m) => m.id)
    expect(matches.length).toBeGreaterThan(0)
    expect(matches.length).toBeLessThanOrEqual(12)
    for (const id of [viewer, blocker, blockedByViewer, man, hidden.invisible, hidden.disabled, hidden.deleted, elsewhere]) expect(ids).not.toContain(id)
    const countries = matches.map((m) => m.country)
    const firstOther = countries.findIndex((c) => c !== 'NL')
    if (firstOther !== -1) expect(countries.slice(firstOther).every((c) => c !== 'NL')).toBe(true)
    const forVisitorLike = await signupMatches(db, DATEVIBE, { site: DATEVIBE_SITE, profileId: viewer })
    expect(forVisitorLike.map((m) => m.id)).toEqual([elsewhere])
  })
})
