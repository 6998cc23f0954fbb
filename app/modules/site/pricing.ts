import type { Currency, TenantConfig } from '../../../tenants/schema.ts'

const EURO_COUNTRIES = new Set(['NL', 'BE', 'DE', 'AT', 'IE', 'FR', 'IT', 'ES'])

/** The currency a visitor from `country` pays in. */
export function currencyForCountry(country: string): Currency {
  if (EURO_COUNTRIES.has(country)) return 'EUR'
  const map: Record<string, Currency> = { GB: 'GBP', US: 'USD', CA: 'CAD', AU: 'AUD', NZ: 'NZD', CH: 'CHF', PL: 'PLN' }
  return map[country] ?? 'EUR'
}

export type PricedBundle = { id: string; credits: number; amount: number; currency: Currency; perCredit: number; highlighted: boolean }

/** Bundles priced in the site's first country's currency (the visitor's, once known). */
export function pricedBundles(tenant: Pick<TenantConfig, 'creditBundles' | 'countries'>, country = tenant.countries[0]!): PricedBundle[] {
  const preferred = currencyForCountry(country)
  return tenant.creditBundles.flatMap((bundle) => {
    const currency = bundle.prices[preferred] !== undefined ? preferred : (Object.keys(bundle.prices)[0] as Currency | undefined)
    const amount = currency ? bundle.prices[currency] : undefined
    if (!currency || amount === undefined) return []
    return [{ id: bundle.id, credits: bundle.credits, amount, currency, perCredit: amount / bundle.credits, highlighted: bundle.highlighted }]
  })
}

export function formatMoney(minor: number, currency: string, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(minor / 100)
}
