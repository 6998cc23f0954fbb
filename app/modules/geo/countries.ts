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

const displayNames = new Map<string, Intl.DisplayNames>();

/**
 * The country's name in `locale` ("België" in Dutch, "Belgium" in English), for texts such
 * as a company's address on the legal pages. The code itself when the name is unknown.
 */
export function countryName(code: string, locale: string): string {
  let names = displayNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
    displayNames.set(locale, names);
  }
  return /^[A-Za-z]{2}$/.test(code) ? (names.of(code.toUpperCase()) ?? code) : code;
}

/** The currency each country pays in (ISO 4217). */
export const CURRENCY_BY_COUNTRY = {
  NL: 'EUR',
  BE: 'EUR',
  DE: 'EUR',
  AT: 'EUR',
  IE: 'EUR',
  FR: 'EUR',
  IT: 'EUR',
  ES: 'EUR',
  CH: 'CHF',
  GB: 'GBP',
  US: 'USD',
  CA: 'CAD',
  AU: 'AUD',
  NZ: 'NZD',
  PL: 'PLN',
} as const satisfies Record<CountryCode, string>;
