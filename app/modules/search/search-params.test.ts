// The filter state, cursors, age bounds, defaults and the match finder: pure rules, no database.
import { describe, expect, it } from 'vitest'
import { ageOn } from '../profiles/age.ts'
import { birthDateBounds, relaxations, toCriteria, yearsBefore } from './criteria.server.ts'
import { decodeCursor, encodeCursor } from './cursor.server.ts'
import { matchFinderTarget } from './match-finder.server.ts'
import { filtersToSearch, MatchFinderSchema, readSearchQuery, resolveFilters, type FilterRules } from './search-params.ts'
import { lookingForOf } from './search.server.ts'

const RULES: FilterRules = { countries: ['NL', 'BE'], minimumAge: 18, defaultGender: 'woman', searchFields: ['gender', 'country', 'region', 'age'] }
const filtersOf = (search: string, rules: FilterRules = RULES) => resolveFilters(readSearchQuery(new URLSearchParams(search)), rules)

describe('the filter state from the query string', () => {
  it('reads valid values', () => {
    expect(filtersOf('gender=man&country=BE&countryregion=VAN&min_age=25&max_age=40&appearance=sexy')).toEqual({
      gender: 'man', country: 'BE', countryregion: 'VAN', min_age: 25, max_age: 40, appearance: 'sexy',
    })
  })

  it('defaults everything that is missing', () => {
    expect(filtersOf('')).toEqual({ gender: 'woman', country: null, countryregion: null, min_age: 18, max_age: 99, appearance: null })
    expect(filtersOf('', { ...RULES, defaultGender: 'all', minimumAge: 21 })).toMatchObject({ gender: 'all', min_age: 21 })
  })

  it('drops bad values one by one and never throws', () => {
    const bad = [
      'gender=alien&country=XX&countryregion=%3Cscript%3E&min_age=abc&max_age=-5&appearance=ugly&cursor=!!!',
      'min_age=17&max_age=100&country=nl-x',
      'min_age=25.5&max_age=1e3',
      'country=DE&countryregion=BY', // a country the site does not offer
      'country=NL&countryregion=VAN', // a Belgian province with the Netherlands
      'countryregion=NH', // a region without a country
      `gender=${'x'.repeat(10_000)}&cursor=${'a'.repeat(5000)}`,
      'min_age=&max_age=&gender=',
    ]
    for (const search of bad) {
      const filters = filtersOf(search)
      expect(filters.gender).toBe('woman')
      expect(filters.min_age).toBeGreaterThanOrEqual(18)
      expect(filters.max_age).toBeLessThanOrEqual(99)
      expect(filters.min_age).toBeLessThanOrEqual(filters.max_age)
      expect(filters.appearance).toBeNull()
    }
    expect(filtersOf('country=DE&countryregion=BY').country).toBeNull()
    expect(filtersOf('country=NL&countryregion=VAN')).toMatchObject({ country: 'NL', countryregion: null })
    expect(filtersOf('countryregion=NH').countryregion).toBeNull()
    expect(filtersOf('min_age=30&max_age=100')).toMatchObject({ min_age: 30, max_age: 99 })
  })

  it('accepts lower case and takes the first of repeated parameters', () => {
    expect(filtersOf('country=nl&countryregion=nh&gender=man&gender=woman')).toMatchObject({ country: 'NL', countryregion: 'NH', gender: 'man' })
  })

  it('turns a reversed age range around', () => {
    expect(filtersOf('min_age=40&max_age=30')).toMatchObject({ min_age: 30, max_age: 40 })
  })

  it('ignores filters the site does not show', () => {
    expect(filtersOf('gender=man&country=BE&countryregion=VAN&min_age=30', { ...RULES, searchFields: ['age'] })).toMatchObject({
      gender: 'woman', country: null, countryregion: null, min_age: 30,
    })
  })

  it('writes the filters back as a query string that reads the same', () => {
    const filters = filtersOf('gender=all&country=NL&countryregion=NH&min_age=20&max_age=30&appearance=normal')
    const search = filtersToSearch(filters, { minimumAge: 18, cursor: 'abc' })
    expect(search).toBe('?gender=all&country=NL&countryregion=NH&min_age=20&max_age=30&appearance=normal&cursor=abc')
    expect(filtersOf(search.slice(1))).toEqual(filters)
    expect(filtersToSearch(filtersOf(''), { minimumAge: 18 })).toBe('?gender=woman')
  })
})

describe('the cursor', () => {
  it('round-trips and is opaque', () => {
    const cursor = { hasPhoto: true, lastActiveAt: new Date('2026-01-02T03:04:05.678Z'), id: 4711 }
    const encoded = encodeCursor(cursor)
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(decodeCursor(encoded)).toEqual(cursor)
    expect(decodeCursor(encodeCursor({ ...cursor, hasPhoto: false }))).toEqual({ ...cursor, hasPhoto: false })
  })

  it('is null for anything else', () => {
    const b64 = (s: string) => Buffer.from(s).toString('base64url')
    for (const value of [null, undefined, '', '!!!', b64('not a cursor'), b64('2026-01-02T03:04:05.678Z|-1'), b64('2026-01-02T03:04:05.678Z|5'), b64('2|2026-01-02T03:04:05.678Z|5'), b64('2026-13-45T00:00:00Z|5'), b64('2026-01-02T03:04:05.678Z|99999999999'), 'a'.repeat(500)]) {
      expect(decodeCursor(value)).toBeNull()
    }
  })
})

describe('age bounds', () => {
  it('are inclusive and match ageOn() on every day around birthdays, leap days included', () => {
    const todays = ['2024-02-28', '2024-02-29', '2024-03-01', '2025-02-28', '2025-03-01', '2026-12-31', '2027-01-01'].map((d) => new Date(`${d}T12:00:00Z`))
    for (const today of todays) {
      for (const [min, max] of [[30, 30], [25, 40], [18, 35], [35, 99], [19, 19]] as const) {
        const { bornOnOrBefore, bornAfter } = birthDateBounds(min, max, today)
        // Every birth date from 101 years ago to 17 years ago.
        for (let day = 0; day < 84 * 366; day += 1) {
          const birth = new Date(Date.UTC(today.getUTCFullYear() - 101, 0, 1 + day))
          const iso = birth.toISOString().slice(0, 10)
          const inBounds = (bornOnOrBefore === null || iso <= bornOnOrBefore) && (bornAfter === null || iso > bornAfter)
          const age = ageOn(birth, today)
          const expected = (min === 18 || age >= min) && (max === 99 || age <= max)
          if (inBounds !== expected) throw new Error(`today ${today.toISOString()} born ${iso} age ${age} range ${min}-${max}`)
        }
      }
    }
  })

  it('clamps 29 February to 28 February in a common year', () => {
    expect(yearsBefore(new Date('2024-02-29T00:00:00Z'), 1).toISOString().slice(0, 10)).toBe('2023-02-28')
    expect(yearsBefore(new Date('2024-02-29T00:00:00Z'), 4).toISOString().slice(0, 10)).toBe('2020-02-29')
  })

  it('leave the whole range unbounded', () => {
    expect(birthDateBounds(18, 99, new Date())).toEqual({ bornOnOrBefore: null, bornAfter: null })
  })
})

describe('criteria and similar searches', () => {
  it('use the site countries when no country is chosen, and both genders for "all"', () => {
    const today = new Date('2026-06-01T00:00:00Z')
    expect(toCriteria(filtersOf('gender=all'), ['NL', 'BE'], today)).toMatchObject({ genders: ['woman', 'man'], countries: ['NL', 'BE'] })
    expect(toCriteria(filtersOf('country=BE'), ['NL', 'BE'], today)).toMatchObject({ genders: ['woman'], countries: ['BE'] })
  })

  it('relax by dropping the region, then widening the age by 5 years each side', () => {
    const steps = relaxations(filtersOf('country=NL&countryregion=NH&min_age=20&max_age=96'))
    expect(steps).toEqual([
      expect.objectContaining({ countryregion: null, min_age: 20, max_age: 96 }),
      expect.objectContaining({ countryregion: null, min_age: 18, max_age: 99 }),
    ])
    expect(relaxations(filtersOf(''))).toEqual([])
  })
})

describe('who a member looks for by default', () => {
  it('follows the profile sexuality, and women for visitors', () => {
    expect(lookingForOf(null)).toBe('woman')
    expect(lookingForOf({ gender: 'man', sexuality: 'hetero' })).toBe('woman')
    expect(lookingForOf({ gender: 'woman', sexuality: 'hetero' })).toBe('man')
    expect(lookingForOf({ gender: 'man', sexuality: 'gay' })).toBe('man')
    expect(lookingForOf({ gender: 'woman', sexuality: 'lesbian' })).toBe('woman')
    expect(lookingForOf({ gender: 'woman', sexuality: 'bi' })).toBe('all')
  })
})

describe('the match finder', () => {
  it('requires age and appearance, and never fails on the race answer', () => {
    const missing = MatchFinderSchema.safeParse({ race: 'white' })
    expect(missing.success).toBe(false)
    expect(missing.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['age', 'validation.choose'],
      ['appearance', 'validation.choose'],
    ])
    expect(MatchFinderSchema.safeParse({ age: '40+', appearance: 'sexy' }).success).toBe(false)
    expect(MatchFinderSchema.parse({ age: '35+', appearance: 'sexy', race: 'purple' })).toEqual({ age: '35+', appearance: 'sexy', race: undefined })
  })

  it('turns the answers into a search and passes nothing about race on', () => {
    expect(matchFinderTarget({ age: '18-35', appearance: 'sexy', race: 'white' }, 18)).toBe('/members?min_age=18&max_age=35&appearance=sexy')
    expect(matchFinderTarget({ age: '35+', appearance: 'normal', race: 'other' }, 18)).toBe('/members?min_age=35&max_age=99&appearance=normal')
    expect(matchFinderTarget({ age: '18-35', appearance: 'normal' }, 21)).toBe('/members?min_age=21&max_age=35&appearance=normal')
  })
})
