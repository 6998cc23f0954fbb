/**
 * Countries the engine supports, with the languages offered and the name of
 * the first-level subdivision per country (SPEC §9). Pure module: safe on
 * both server and client.
 */

export const COUNTRY_CODES = [
  'NL',
  'BE',
  'DE',
  'AT',
  'CH',
  'GB',
  'IE',
  'US',
  'CA',
  'AU',
  'NZ',
  'FR',
  'IT',
  'ES',
  'PL',
] as const;

export type CountryCode = (typeof COUNTRY_CODES)[number];

/** Languages offered per country, first one is the default (SPEC §9). */
export const LANGUAGES_BY_COUNTRY: Record<CountryCode, readonly string[]> = {
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

export type RegionLabel = 'province' | 'region' | 'state' | 'canton' | 'voivodeship';

const REGION_LABEL_BY_COUNTRY: Partial<Record<CountryCode, RegionLabel>> = {
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
};

const COUNTRY_CODE_SET: ReadonlySet<string> = new Set<string>(COUNTRY_CODES);

export function isCountryCode(value: string): value is CountryCode {
  return COUNTRY_CODE_SET.has(value);
}

/** Label for a country's regions (SPEC §9); 'region' for anything not listed. */
export function regionLabelFor(country: string): RegionLabel {
  const code = country.toUpperCase();
  if (!isCountryCode(code)) return 'region';
  return REGION_LABEL_BY_COUNTRY[code] ?? 'region';
}
