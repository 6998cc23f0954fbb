// 'Similar members' when the filters find fewer than 6: first without the region, then 5
// years wider on each side; never repeating a result.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appDb, FLIRTLOKAAL } from '../../../tests/fixtures.ts'
import type { Db } from '../db/client.server.ts'
import { searchMembers, type SearchSite } from './search.server.ts'
import { createProfiles } from './test-profiles.server.ts'

const SITE: SearchSite = { countries: ['NL', 'BE'], minimumAge: 18, searchFields: ['gender', 'country', 'region', 'age'], cdnPrefix: '/media/' }
const TODAY = new Date('2026-06-15T12:00:00Z')
const born = (age: number) => ({ birthDate: new Date(Date.UTC(TODAY.getUTCFullYear() - age, 0, 10)) })

let db: Db
let exact: number[]
let otherRegion: number[]
let older: number[]
let tooOld: number[]

beforeAll(async () => {
  db = appDb()
  exact = await createProfiles(db, FLIRTLOKAAL, [{ region: 'NH', ...born(30) }, { region: 'NH', ...born(31) }])
  otherRegion = await createProfiles(db, FLIRTLOKAAL, [{ region: 'ZH', ...born(30) }, { region: 'UT', ...born(29) }, { region: 'GR', ...born(31) }])
  older = await createProfiles(db, FLIRTLOKAAL, [{ region: 'NH', ...born(34) }, { region: 'FL', ...born(26) }])
  tooOld = await createProfiles(db, FLIRTLOKAAL, [{ region: 'NH', ...born(40) }, { country: 'BE', region: 'VAN', ...born(30) }])
})

afterAll(async () => {
  await db.$disconnect()
})

const search = (q: string) => searchMembers(db, FLIRTLOKAAL, { site: SITE, viewerProfileId: null, params: new URLSearchParams(q), today: TODAY })

describe('similar members', () => {
  it('appear when the filters find fewer than 6, by relaxing region, then age', async () => {
    const result = await search('country=NL&countryregion=NH&min_age=29&max_age=31')
    expect(result.members.map((m) => m.id).sort()).toEqual([...exact].sort())
    const similar = result.similar.map((m) => m.id)
    // Without the region first (most recently active first within each step), then wider ages.
    expect(similar.slice(0, 3).sort()).toEqual([...otherRegion].sort())
    expect(similar.slice(3).sort()).toEqual([...older].sort())
    for (const id of [...exact, ...tooOld]) expect(similar).not.toContain(id)
    expect(new Set(similar).size).toBe(similar.length)
  })

  it('do not appear when there are enough results', async () => {
    const enough = await search('country=NL')
    expect(enough.members.length).toBeGreaterThanOrEqual(6)
    expect(enough.similar).toEqual([])
  })

  it('are empty when nothing can be relaxed', async () => {
    const result = await search('gender=man')
    expect(result.members).toEqual([])
    expect(result.similar).toEqual([])
  })
})
