import { describe, it, expect } from 'vitest';
import {
  COUNTRY_CODES,
  LANGUAGES_BY_COUNTRY,
  isCountryCode,
  regionLabelFor,
  type CountryCode,
  type RegionLabel,
} from './countries';
import { REGIONS, findRegion, regionsFor } from './regions';
import { INTERESTS } from './interests';

/** Rough bounding boxes: [minLat, maxLat, minLon, maxLon]. */
const BOUNDS: Record<CountryCode, readonly [number, number, number, number]> = {
  NL: [50.7, 53.6, 3.3, 7.3],
  BE: [49.4, 51.6, 2.5, 6.5],
  DE: [47.2, 55.1, 5.8, 15.1],
  AT: [46.3, 49.1, 9.5, 17.2],
  CH: [45.8, 47.9, 5.9, 10.5],
  GB: [49.8, 60.9, -8.7, 1.8],
  IE: [51.4, 55.4, -10.7, -5.9],
  US: [18.9, 71.5, -179.2, -66.9],
  CA: [41.6, 83.2, -141.1, -52.6],
  AU: [-43.7, -10.6, 112.9, 153.7],
  NZ: [-47.3, -34.3, 166.4, 178.6],
  FR: [41.3, 51.1, -5.2, 9.6],
  IT: [35.4, 47.1, 6.6, 18.6],
  ES: [27.6, 43.8, -18.2, 4.4],
  PL: [49.0, 54.9, 14.1, 24.2],
};

const EXPECTED_REGION_COUNT: Record<CountryCode, number> = {
  NL: 12,
  BE: 11,
  DE: 16,
  AT: 9,
  CH: 26,
  GB: 4,
  IE: 4,
  US: 51,
  CA: 13,
  AU: 8,
  NZ: 16,
  FR: 13,
  IT: 20,
  ES: 17,
  PL: 16,
};

describe('countries', () => {
  it('recognises country codes', () => {
    for (const code of COUNTRY_CODES) expect(isCountryCode(code)).toBe(true);
    expect(isCountryCode('XX')).toBe(false);
    expect(isCountryCode('nl')).toBe(false);
    expect(isCountryCode('')).toBe(false);
  });

  it('offers the languages per country from SPEC §9', () => {
    const expected: Record<CountryCode, readonly string[]> = {
      US: ['en', 'es'],
      BE: ['nl', 'fr', 'de'],
      CH: ['de', 'it', 'fr', 'en'],
      CA: ['en', 'fr'],
      NL: ['nl'],
      FR: ['fr'],
      IT: ['it'],
      ES: ['es'],
      DE: ['de'],
      AT: ['de'],
      IE: ['en'],
      GB: ['en'],
      PL: ['pl'],
      AU: ['en'],
      NZ: ['en'],
    };
    expect(Object.keys(LANGUAGES_BY_COUNTRY).sort()).toEqual([...COUNTRY_CODES].sort());
    for (const code of COUNTRY_CODES) {
      expect(LANGUAGES_BY_COUNTRY[code], code).toEqual(expected[code]);
    }
  });

  it('labels regions per SPEC §9', () => {
    const expected: Record<CountryCode, RegionLabel> = {
      NL: 'province',
      BE: 'province',
      IE: 'province',
      IT: 'province',
      ES: 'province',
      CA: 'province',
      GB: 'region',
      FR: 'region',
      DE: 'state',
      AT: 'state',
      US: 'state',
      AU: 'state',
      CH: 'canton',
      PL: 'voivodeship',
      NZ: 'region',
    };
    for (const code of COUNTRY_CODES) {
      expect(regionLabelFor(code), code).toBe(expected[code]);
    }
  });

  it("falls back to 'region' for unknown countries", () => {
    expect(regionLabelFor('XX')).toBe('region');
    expect(regionLabelFor('')).toBe('region');
  });
});

describe('regions', () => {
  it('has regions for every country and no others', () => {
    expect(Object.keys(REGIONS).sort()).toEqual([...COUNTRY_CODES].sort());
    for (const code of COUNTRY_CODES) {
      expect(REGIONS[code].length, code).toBe(EXPECTED_REGION_COUNT[code]);
    }
  });

  it('has unique, stable ASCII codes and unique names per country', () => {
    for (const code of COUNTRY_CODES) {
      const regions = REGIONS[code];
      const codes = regions.map((r) => r.code);
      const names = regions.map((r) => r.name);
      expect(new Set(codes).size, code).toBe(codes.length);
      expect(new Set(names).size, code).toBe(names.length);
      for (const regionCode of codes) expect(regionCode, code).toMatch(/^[A-Z0-9]{1,3}$/);
      for (const name of names) expect(name.trim().length, code).toBeGreaterThan(0);
    }
  });

  it('has coordinates inside the country', () => {
    for (const code of COUNTRY_CODES) {
      const [minLat, maxLat, minLon, maxLon] = BOUNDS[code];
      for (const region of REGIONS[code]) {
        const where = `${code}-${region.code}`;
        expect(region.lat, where).toBeGreaterThanOrEqual(minLat);
        expect(region.lat, where).toBeLessThanOrEqual(maxLat);
        expect(region.lon, where).toBeGreaterThanOrEqual(minLon);
        expect(region.lon, where).toBeLessThanOrEqual(maxLon);
      }
    }
  });

  it('looks regions up', () => {
    expect(regionsFor('NL')).toBe(REGIONS.NL);
    expect(regionsFor('nl')).toBe(REGIONS.NL);
    expect(regionsFor('XX')).toEqual([]);
    expect(findRegion('NL', 'NH')?.name).toBe('Noord-Holland');
    expect(findRegion('DE', 'BY')?.name).toBe('Bayern');
    expect(findRegion('FR', 'IDF')?.name).toBe('Île-de-France');
    expect(findRegion('NL', 'BY')).toBeUndefined();
    expect(findRegion('XX', 'NH')).toBeUndefined();
  });
});

describe('interests', () => {
  it('has 25-30 unique snake_case keys including the SPEC §3 ones', () => {
    expect(INTERESTS.length).toBeGreaterThanOrEqual(25);
    expect(INTERESTS.length).toBeLessThanOrEqual(30);
    expect(new Set(INTERESTS).size).toBe(INTERESTS.length);
    for (const key of INTERESTS) expect(key).toMatch(/^[a-z]+(_[a-z]+)*$/);
    const keys: readonly string[] = INTERESTS;
    for (const key of [
      'relationship',
      'one_night_stand',
      'kissing',
      'hugging',
      'massages',
      'lingerie',
      'sports',
      'music',
      'travel',
      'food_and_drink',
    ]) {
      expect(keys).toContain(key);
    }
  });
});
