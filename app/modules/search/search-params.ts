// The member-search filter state (SPEC §3: gender, country, countryregion, min_age,
// max_age) as GET query parameters, so a search is bookmarkable and works without
// JavaScript. Lenient on purpose: a bad value is dropped and its default used, never an
// error page. Pure module: safe on both server and client.
import { z } from 'zod'
import { findRegion } from '../geo/regions.ts'

export const AGE_MIN = 18
export const AGE_MAX = 99
export const PAGE_SIZE = 24
/** Fewer results than this on the first page bring 'similar members' (relaxed filters). */
export const FEW_RESULTS = 6
/** The total is counted up to here and shown as "1000+" beyond. */
export const COUNT_CAP = 1000

/** 'all' is men and women: the default for bisexual members. */
export const LOOKING_FOR = ['woman', 'man', 'all'] as const
export type LookingFor = (typeof LOOKING_FOR)[number]
/** Match finder (SPEC §2): how a member comes across; a Profile column. */
export const APPEARANCES = ['normal', 'sexy'] as const
export type Appearance = (typeof APPEARANCES)[number]

export type SearchFilters = {
  gender: LookingFor
  country: string | null
  countryregion: string | null
  min_age: number
  max_age: number
  appearance: Appearance | null
}

const Age = z.coerce.number().int().min(AGE_MIN).max(AGE_MAX)
const optional = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined)

/** Each parameter on its own: one bad value never invalidates the others. */
export const SearchQuerySchema = z.object({
  gender: optional(z.enum(LOOKING_FOR)),
  country: optional(z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/)),
  countryregion: optional(z.string().trim().toUpperCase().regex(/^[A-Z0-9]{1,3}$/)),
  min_age: optional(Age),
  max_age: optional(Age),
  appearance: optional(z.enum(APPEARANCES)),
  cursor: optional(z.string().regex(/^[A-Za-z0-9_-]{1,120}$/)),
})
export type SearchQuery = z.infer<typeof SearchQuerySchema>

export const SEARCH_PARAM_NAMES = ['gender', 'country', 'countryregion', 'min_age', 'max_age', 'appearance', 'cursor'] as const

export function readSearchQuery(params: URLSearchParams): SearchQuery {
  // The first value of each name only; a missing or empty one is "not set".
  const raw = Object.fromEntries(SEARCH_PARAM_NAMES.map((name) => [name, params.get(name) || undefined]))
  return SearchQuerySchema.parse(raw)
}

export type FilterRules = {
  /** The site's countries (tenant.countries). */
  countries: readonly string[]
  /** The site's minimum age: the default lower bound. */
  minimumAge: number
  /** Who the viewer looks for when the query does not say (their sexuality, or women). */
  defaultGender: LookingFor
  /** The filters the site shows (tenant.searchFields); the others keep their defaults. */
  searchFields?: readonly string[]
}

/** The effective filters: every value valid for this site, defaults where the query is silent or wrong. */
export function resolveFilters(query: SearchQuery, rules: FilterRules): SearchFilters {
  const offers = (field: string) => !rules.searchFields || rules.searchFields.includes(field)
  const gender = offers('gender') ? (query.gender ?? rules.defaultGender) : rules.defaultGender
  const country = offers('country') && query.country && rules.countries.includes(query.country) ? query.country : null
  const region = offers('region') && country && query.countryregion && findRegion(country, query.countryregion) ? query.countryregion : null
  const defaultMin = Math.min(AGE_MAX, Math.max(AGE_MIN, rules.minimumAge))
  let min = (offers('age') ? query.min_age : undefined) ?? defaultMin
  let max = (offers('age') ? query.max_age : undefined) ?? AGE_MAX
  // "40 to 30" means 30 to 40.
  if (min > max) [min, max] = [max, min]
  return { gender, country, countryregion: region, min_age: min, max_age: max, appearance: query.appearance ?? null }
}

/** The query string for these filters (plus a cursor), leaving out what is at its default. */
export function filtersToSearch(filters: SearchFilters, options: { minimumAge: number; cursor?: string | null }): string {
  const params = new URLSearchParams()
  params.set('gender', filters.gender)
  if (filters.country) params.set('country', filters.country)
  if (filters.countryregion) params.set('countryregion', filters.countryregion)
  if (filters.min_age !== Math.max(AGE_MIN, options.minimumAge)) params.set('min_age', String(filters.min_age))
  if (filters.max_age !== AGE_MAX) params.set('max_age', String(filters.max_age))
  if (filters.appearance) params.set('appearance', filters.appearance)
  if (options.cursor) params.set('cursor', options.cursor)
  return `?${params.toString()}`
}

/** Match finder answers (SPEC §2). */
export const MATCH_FINDER_AGES = ['18-35', '35+'] as const
export const MATCH_FINDER_RACES = ['white', 'other'] as const

/** The match finder form, for the browser (Conform) and the action alike. */
export const MatchFinderSchema = z.object({
  age: z.enum(MATCH_FINDER_AGES, { error: 'validation.choose' }),
  appearance: z.enum(APPEARANCES, { error: 'validation.choose' }),
  // Optional and lenient: it is never used, so it can never be the reason a search fails.
  race: z.enum(MATCH_FINDER_RACES).optional().catch(undefined),
})
