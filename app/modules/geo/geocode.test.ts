import { describe, expect, it } from 'vitest'
import { distanceKm, geocodeAnswer, geocodeCached, LruCache, MAX_DISTANCE_KM, parseCoordinates, reverseGeocode, type GeocodeHit } from './geocode.server.ts'

const q = (query: string) => new URLSearchParams(query)

describe('reverseGeocode', () => {
  it('finds the nearest region of the shipped data', () => {
    expect(reverseGeocode(52.37, 4.9)).toMatchObject({ country: 'NL', region: 'NH' })
    expect(reverseGeocode(51.5074, -0.1278)).toMatchObject({ country: 'GB', region: 'ENG' })
    expect(reverseGeocode(51.92, 4.48)).toMatchObject({ country: 'NL', region: 'ZH' }) // Rotterdam
    expect(reverseGeocode(48.14, 11.58)).toMatchObject({ country: 'DE', region: 'BY' }) // München
    expect(reverseGeocode(55.95, -3.19)).toMatchObject({ country: 'GB', region: 'SCT' }) // Edinburgh
    expect(reverseGeocode(-33.87, 151.21)).toMatchObject({ country: 'AU' }) // Sydney
  })

  it('knows nothing far from every region centre', () => {
    expect(reverseGeocode(0, 0)).toBeNull() // Gulf of Guinea
    expect(reverseGeocode(35.68, 139.69)).toBeNull() // Tokyo
    expect(reverseGeocode(64.15, -21.94)).toBeNull() // Reykjavík
    expect(reverseGeocode(-90, 0)).toBeNull()
  })

  it('measures great-circle distances', () => {
    // Amsterdam - London is about 358 km.
    expect(distanceKm(52.37, 4.9, 51.51, -0.13)).toBeGreaterThan(350)
    expect(distanceKm(52.37, 4.9, 51.51, -0.13)).toBeLessThan(365)
    expect(distanceKm(10, 179.9, 10, -179.9)).toBeLessThan(25) // across the antimeridian
    expect(MAX_DISTANCE_KM).toBe(400)
  })
})

describe('parseCoordinates', () => {
  it('accepts decimal numbers within range', () => {
    expect(parseCoordinates(q('lat=52.37&lon=4.90'))).toEqual({ lat: 52.37, lon: 4.9 })
    expect(parseCoordinates(q('lat=-90&lon=180'))).toEqual({ lat: -90, lon: 180 })
    expect(parseCoordinates(q('lat=+1.5&lon=-.5'))).toEqual({ lat: 1.5, lon: -0.5 })
  })

  it('rejects anything else', () => {
    for (const bad of ['', 'lat=52', 'lon=4', 'lat=&lon=', 'lat=90.01&lon=0', 'lat=0&lon=-180.5', 'lat=abc&lon=1', 'lat=1e2&lon=1', 'lat=Infinity&lon=1', 'lat=0x10&lon=1', 'lat=1,5&lon=2', `lat=${'1'.repeat(30)}&lon=1`]) {
      expect(parseCoordinates(q(bad)), bad).toBeNull()
    }
  })
})

describe('geocodeAnswer', () => {
  it('answers country, region and whether the site serves that country', () => {
    expect(geocodeAnswer(q('lat=52.37&lon=4.90'), ['NL', 'BE'])).toEqual({ status: 200, body: { country: 'NL', region: 'NH', in_site: true } })
    expect(geocodeAnswer(q('lat=51.51&lon=-0.13'), ['NL', 'BE'])).toEqual({ status: 200, body: { country: 'GB', region: 'ENG', in_site: false } })
    expect(geocodeAnswer(q('lat=51.51&lon=-0.13'), ['GB', 'IE'])).toEqual({ status: 200, body: { country: 'GB', region: 'ENG', in_site: true } })
  })

  it('answers nulls out of range and an error for invalid input', () => {
    expect(geocodeAnswer(q('lat=0&lon=0'), ['NL'])).toEqual({ status: 200, body: { country: null, region: null, in_site: false } })
    expect(geocodeAnswer(q('lat=95&lon=0'), ['NL'])).toEqual({ status: 400, body: { error: 'invalid_coordinates' } })
    expect(geocodeAnswer(q('lat=x&lon=0'), ['NL'])).toEqual({ status: 400, body: { error: 'invalid_coordinates' } })
  })
})

describe('the cache', () => {
  it('keys on coordinates rounded to 0.01° and expires after its time to live', () => {
    let now = 0
    const cache = new LruCache<GeocodeHit | null>(10, 3600_000, () => now)
    expect(geocodeCached(52.3701, 4.9002, cache)).toMatchObject({ country: 'NL', region: 'NH' })
    expect(cache.size).toBe(1)
    geocodeCached(52.3749, 4.8951, cache) // rounds to the same key
    expect(cache.size).toBe(1)
    geocodeCached(0, 0, cache) // a miss is cached too
    expect(cache.size).toBe(2)
    now = 3600_000
    expect(cache.get('52.37,4.90')).toBeUndefined()
  })

  it('evicts the least recently used entry', () => {
    const cache = new LruCache<number>(2, 1000, () => 0)
    cache.set('a', 1)
    cache.set('b', 2)
    expect(cache.get('a')).toBe(1) // a is now the most recent
    cache.set('c', 3)
    expect(cache.get('b')).toBeUndefined()
    expect(cache.get('a')).toBe(1)
    expect(cache.get('c')).toBe(3)
  })
})
