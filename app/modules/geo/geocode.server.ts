// Reverse geocoding from the data shipped with the project (SPEC §3, §7): the region whose
// centre (its main city, app/modules/geo/regions.ts) is nearest by great-circle distance.
// No external service: coarse, but enough to prefill a country and region.
import { COUNTRY_CODES, type CountryCode } from './countries.ts'
import { REGIONS } from './regions.ts'

/** Farther than this from every region centre, the point is not somewhere we know. */
export const MAX_DISTANCE_KM = 400
/** SPEC §9: geolocation cache 1 hour. */
export const GEOCODE_TTL_MS = 3600_000
const EARTH_RADIUS_KM = 6371.0088

export type GeocodeHit = { country: CountryCode; region: string; distanceKm: number }

const rad = (deg: number) => (deg * Math.PI) / 180

/** Great-circle distance (haversine). */
export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = rad(lat2 - lat1)
  const dLon = rad(lon2 - lon1)
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(dLon / 2) ** 2
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)))
}

/** The nearest region of all known countries, or null when none is within MAX_DISTANCE_KM. */
export function reverseGeocode(lat: number, lon: number): GeocodeHit | null {
  let best: GeocodeHit | null = null
  for (const country of COUNTRY_CODES) {
    for (const region of REGIONS[country]) {
      const d = distanceKm(lat, lon, region.lat, region.lon)
      if (!best || d < best.distanceKm) best = { country, region: region.code, distanceKm: d }
    }
  }
  return best && best.distanceKm <= MAX_DISTANCE_KM ? best : null
}

const NUMBER = /^[-+]?(\d+(\.\d*)?|\.\d+)$/

/** lat in [-90, 90], lon in [-180, 180], as plain decimal numbers; null otherwise. */
export function parseCoordinates(params: URLSearchParams): { lat: number; lon: number } | null {
  const lat = params.get('lat')?.trim() ?? ''
  const lon = params.get('lon')?.trim() ?? ''
  if (!NUMBER.test(lat) || !NUMBER.test(lon) || lat.length > 20 || lon.length > 20) return null
  const la = Number(lat)
  const lo = Number(lon)
  if (!Number.isFinite(la) || !Number.isFinite(lo) || Math.abs(la) > 90 || Math.abs(lo) > 180) return null
  return { lat: la, lon: lo }
}

/** A small LRU with a time to live: a Map keeps insertion order, so the first key is the oldest. */
export class LruCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>()
  constructor(
    private readonly max: number,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key)
    if (!entry) return undefined
    this.entries.delete(key)
    if (entry.expires <= this.now()) return undefined
    this.entries.set(key, entry)
    return entry.value
  }

  set(key: string, value: V): void {
    this.entries.delete(key)
    this.entries.set(key, { value, expires: this.now() + this.ttlMs })
    while (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!)
  }

  get size(): number {
    return this.entries.size
  }
}

const sharedCache = new LruCache<GeocodeHit | null>(5000, GEOCODE_TTL_MS)

/** Coordinates are rounded to 0.01° (about 1 km): the cache key, and all the precision a region needs. */
export function geocodeCached(lat: number, lon: number, cache: LruCache<GeocodeHit | null> = sharedCache): GeocodeHit | null {
  const rLat = Math.round(lat * 100) / 100
  const rLon = Math.round(lon * 100) / 100
  const key = `${rLat.toFixed(2)},${rLon.toFixed(2)}`
  const cached = cache.get(key)
  if (cached !== undefined) return cached
  const hit = reverseGeocode(rLat, rLon)
  cache.set(key, hit)
  return hit
}

export type GeocodeAnswer =
  | { status: 200; body: { country: CountryCode; region: string; in_site: boolean } | { country: null; region: null; in_site: false } }
  | { status: 400; body: { error: 'invalid_coordinates' } }

/** What GET /api/geocode answers for a query, on a site with these countries. */
export function geocodeAnswer(params: URLSearchParams, siteCountries: readonly string[], cache?: LruCache<GeocodeHit | null>): GeocodeAnswer {
  const coordinates = parseCoordinates(params)
  if (!coordinates) return { status: 400, body: { error: 'invalid_coordinates' } }
  const hit = geocodeCached(coordinates.lat, coordinates.lon, cache)
  if (!hit) return { status: 200, body: { country: null, region: null, in_site: false } }
  return { status: 200, body: { country: hit.country, region: hit.region, in_site: siteCountries.includes(hit.country) } }
}
