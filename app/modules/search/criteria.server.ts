// From the filter state to what the query needs: genders, countries, region, birth-date
// bounds and appearance. Ages become birth-date ranges computed from today in UTC, so the
// age filter is a plain range on Profile.birthDate.
import type { Gender } from '~/generated/prisma/enums.ts'
import { AGE_MAX, AGE_MIN, type SearchFilters } from './search-params.ts'

export type SearchCriteria = {
  genders: Gender[]
  /** One chosen country, or all of the site's countries. */
  countries: string[]
  region: string | null
  /** Birth date on or before this (YYYY-MM-DD): at least min_age. */
  bornOnOrBefore: string | null
  /** Birth date strictly after this (YYYY-MM-DD): at most max_age. */
  bornAfter: string | null
  appearance: string | null
}

const iso = (date: Date) => date.toISOString().slice(0, 10)

/**
 * The same calendar day `years` earlier; 29 February becomes 28 February in other years.
 * That matches ageOn() in app/modules/profiles/age.ts: someone born on 29 February turns a
 * year older on 1 March in a common year.
 */
export function yearsBefore(today: Date, years: number): Date {
  const year = today.getUTCFullYear() - years
  const month = today.getUTCMonth()
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate()
  return new Date(Date.UTC(year, month, Math.min(today.getUTCDate(), lastDay)))
}

/** Inclusive age bounds as birth-date bounds; null where the bound is the whole range. */
export function birthDateBounds(minAge: number, maxAge: number, today: Date): Pick<SearchCriteria, 'bornOnOrBefore' | 'bornAfter'> {
  return {
    // Aged at least minAge: born on or before today minus minAge years.
    bornOnOrBefore: minAge > AGE_MIN ? iso(yearsBefore(today, minAge)) : null,
    // Aged at most maxAge: not yet maxAge + 1, so born after today minus (maxAge + 1) years.
    bornAfter: maxAge < AGE_MAX ? iso(yearsBefore(today, maxAge + 1)) : null,
  }
}

export function gendersFor(lookingFor: SearchFilters['gender']): Gender[] {
  return lookingFor === 'all' ? ['woman', 'man'] : [lookingFor]
}

export function toCriteria(filters: SearchFilters, siteCountries: readonly string[], today: Date): SearchCriteria {
  return {
    genders: gendersFor(filters.gender),
    countries: filters.country ? [filters.country] : [...siteCountries],
    region: filters.countryregion,
    ...birthDateBounds(filters.min_age, filters.max_age, today),
    appearance: filters.appearance,
  }
}

/** Wider searches for 'similar members' (issue #4): first without the region, then also 5 years wider each side. */
export function relaxations(filters: SearchFilters): SearchFilters[] {
  const steps: SearchFilters[] = []
  const withoutRegion = { ...filters, countryregion: null }
  if (filters.countryregion) steps.push(withoutRegion)
  const wider = { ...withoutRegion, min_age: Math.max(AGE_MIN, filters.min_age - 5), max_age: Math.min(AGE_MAX, filters.max_age + 5) }
  if (wider.min_age !== filters.min_age || wider.max_age !== filters.max_age) steps.push(wider)
  return steps
}
