// /pricing in the visitor's currency: the choice itself, and the page for visitors and
// members (whose profile country wins over where the request seems to come from).
/* eslint-disable no-restricted-imports -- this test drives the route module itself */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appDb, DATEVIBE, FLIRTLOKAAL } from '../../../tests/fixtures.ts'
import { contextFor, loggedInMember, runRoute, siteRequest } from '../../../tests/route-harness.ts'
import { THEME_NAMES } from '../../../themes/index.ts'
import { loader as pricingLoader } from '../../routes/_default.pricing.tsx'
import type { Db } from '../db/client.server.ts'
import { withScope, type Scope } from '../db/scoped.server.ts'
import { loadTenants } from '../tenancy/load-tenants.server.ts'
import { currencyForCountry, formatMoney, pricedBundles, pricingCurrency, siteCurrency } from './pricing.ts'

// The visitor's country is only believed behind a trusted proxy (visitor-country.server.ts).
const trustProxy = process.env.TRUST_PROXY
process.env.TRUST_PROXY = 'true'

const tenants = await loadTenants(THEME_NAMES)
const bySlug = (slug: string) => tenants.find((t) => t.slug === slug)!
const site = (prices: Record<string, number>[], countries: string[] = ['NL']) =>
  ({ countries, creditBundles: prices.map((p, i) => ({ id: `b${i}`, credits: 100, prices: p, highlighted: false })) }) as Parameters<typeof pricingCurrency>[0]

let db: Db

beforeAll(() => {
  db = appDb()
})

afterAll(async () => {
  await db.$disconnect()
  if (trustProxy === undefined) delete process.env.TRUST_PROXY
  else process.env.TRUST_PROXY = trustProxy
})

describe('the currency /pricing shows', () => {
  it('is the country’s when every bundle has a price in it', () => {
    expect(pricingCurrency(bySlug('datevibe'), 'IE')).toBe('EUR')
    expect(pricingCurrency(bySlug('datevibe'), 'GB')).toBe('GBP')
    expect(pricingCurrency(site([{ EUR: 100, CHF: 110 }, { EUR: 200, CHF: 220 }]), 'CH')).toBe('CHF')
  })

  it('is the site’s (its first country’s) otherwise: unknown country, no price in it, or not in every bundle', () => {
    expect(siteCurrency(bySlug('datevibe'))).toBe('GBP')
    expect(pricingCurrency(bySlug('datevibe'), null)).toBe('GBP')
    expect(pricingCurrency(bySlug('datevibe'), 'US')).toBe('GBP')
    expect(pricingCurrency(bySlug('flirtlokaal'), 'GB')).toBe('EUR')
    expect(pricingCurrency(bySlug('flirtlokaal'), 'XX')).toBe('EUR')
    // One bundle without CHF: the whole page stays in the site's currency, never a mix.
    expect(pricingCurrency(site([{ EUR: 100, CHF: 110 }, { EUR: 200 }]), 'CH')).toBe('EUR')
  })

  it('maps each country to the currency it pays in', () => {
    expect(currencyForCountry('PL')).toBe('PLN')
    expect(currencyForCountry('be')).toBe('EUR')
    expect(currencyForCountry('NZ')).toBe('NZD')
  })

  it('prices every bundle in that one currency', () => {
    const vibe = bySlug('datevibe')
    expect(pricedBundles(vibe, 'GB').map((b) => [b.currency, b.amount])).toEqual([['GBP', 1299], ['GBP', 2999], ['GBP', 6499]])
    expect(pricedBundles(vibe, 'IE')[0]).toMatchObject({ currency: 'EUR', amount: 1499, credits: 80 })
    expect(pricedBundles(vibe, 'IE')[0]!.perCredit).toBeCloseTo(1499 / 80)
  })

  it('formats money in the page’s locale', () => {
    expect(formatMoney(1495, 'EUR', 'nl')).toMatch(/^€\s?14,95$/)
    expect(formatMoney(1499, 'EUR', 'en')).toBe('€14.99')
    expect(formatMoney(1299, 'GBP', 'en')).toBe('£12.99')
    expect(formatMoney(1299, 'GBP', 'de')).toMatch(/^12,99\s£$/)
  })
})

type PricingBody = { bundles: { currency: string; amount: number }[]; welcomeDiscount: boolean }

async function pricing(scope: Scope, options: { cookie?: string; country?: string } = {}) {
  const headers: Record<string, string> = options.country ? { 'cf-ipcountry': options.country } : {}
  const request = await siteRequest(scope, '/pricing', { cookie: options.cookie, headers })
  const result = await runRoute(async () => pricingLoader({ request, context: await contextFor(scope, request), params: {} }))
  expect(result.status).toBe(200)
  const body = result.body as PricingBody
  return { currencies: [...new Set(body.bundles.map((b) => b.currency))], body }
}

describe('GET /pricing', () => {
  it('shows a visitor the prices of their country when the site has them, else the site’s', async () => {
    expect((await pricing(DATEVIBE)).currencies).toEqual(['GBP'])
    expect((await pricing(DATEVIBE, { country: 'IE' })).currencies).toEqual(['EUR'])
    expect((await pricing(DATEVIBE, { country: 'US' })).currencies).toEqual(['GBP'])
    expect((await pricing(FLIRTLOKAAL, { country: 'GB' })).currencies).toEqual(['EUR'])
    // A forged value is no country.
    expect((await pricing(DATEVIBE, { country: 'IE<script>' })).currencies).toEqual(['GBP'])
  })

  it('uses a member’s profile country over the request’s', async () => {
    const irish = await loggedInMember(db, DATEVIBE, 'Aoife')
    await withScope(db, DATEVIBE, (tx) => tx.profile.update({ where: { poolId_id: { poolId: DATEVIBE.poolId, id: irish.profile.id } }, data: { country: 'IE' } }))
    expect((await pricing(DATEVIBE, { cookie: irish.cookie, country: 'GB' })).currencies).toEqual(['EUR'])
    const british = await loggedInMember(db, DATEVIBE, 'Oliver')
    expect((await pricing(DATEVIBE, { cookie: british.cookie, country: 'IE' })).currencies).toEqual(['GBP'])
    // Her session is DateVibe's: on FlirtLokaal she is a visitor from wherever the request says.
    expect((await pricing(FLIRTLOKAAL, { cookie: irish.cookie, country: 'IE' })).currencies).toEqual(['EUR'])
  })

  it('claims no welcome discount while checkout cannot grant one', async () => {
    expect((await pricing(FLIRTLOKAAL)).body.welcomeDiscount).toBe(false)
  })
})
