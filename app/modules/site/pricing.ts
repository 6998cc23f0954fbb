// Credit bundle prices for /pricing (SPEC §1: bundles without subscription). Prices come
// from the tenant config only. The payments issue (#9) charges in the currency chosen here.
import { CURRENCY_BY_COUNTRY, isCountryCode } from '../geo/countries.ts'
import type { Currency, TenantConfig } from '../../../tenants/schema.ts'
import { numberFormat } from './formatters.ts'

type PricingSite = Pick<TenantConfig, 'creditBundles' | 'countries'>

/** The currency a visitor from `country` pays in; EUR for a country we do not know. */
export function currencyForCountry(country: string): Currency {
  const code = country.toUpperCase()
  return isCountryCode(code) ? CURRENCY_BY_COUNTRY[code] : 'EUR'
}

/** The site's own currency: that of its first country. tenant:check makes every bundle carry it. */
export function siteCurrency(site: Pick<TenantConfig, 'countries'>): Currency {
  return currencyForCountry(site.countries[0]!)
}

/**
 * The one currency the page shows: the country's when every bundle has a price in it, else
 * the site's. Never a mix, so bundles stay comparable and a member pays in one currency.
 */
export function pricingCurrency(site: PricingSite, country: string | null): Currency {
  const own = country ? currencyForCountry(country) : null
  return own && site.creditBundles.every((bundle) => bundle.prices[own] !== undefined) ? own : siteCurrency(site)
}

export type PricedBundle = { id: string; credits: number; amount: number; currency: Currency; perCredit: number; highlighted: boolean }

/** The bundles priced for a visitor or member from `country` (null: unknown, the site's currency). */
export function pricedBundles(site: PricingSite, country: string | null): PricedBundle[] {
  const currency = pricingCurrency(site, country)
  return site.creditBundles.flatMap((bundle) => {
    const amount = bundle.prices[currency]
    if (amount === undefined) return []
    return [{ id: bundle.id, credits: bundle.credits, amount, currency, perCredit: amount / bundle.credits, highlighted: bundle.highlighted }]
  })
}

/** An amount in minor units (cents), in the page's locale: "€ 14,95" (nl), "£12.99" (en). */
export function formatMoney(minor: number, currency: string, locale: string): string {
  return numberFormat(locale, { style: 'currency', currency }).format(minor / 100)
}
