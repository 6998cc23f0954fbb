// Legal pages print the company's country by name, in the page's language (never 'NL').
/* eslint-disable no-restricted-imports -- this test drives the route modules themselves */
import { describe, expect, it } from 'vitest'
import { DATEVIBE, FLIRTLOKAAL } from '../../../tests/fixtures.ts'
import { contextFor, runRoute, siteRequest } from '../../../tests/route-harness.ts'
import { loader as complaintsLoader } from '../../routes/_default.complaints.tsx'
import { loader as pageLoader } from '../../routes/_default.pages.$page.tsx'
import { loader as companyLoader } from '../../routes/api.companyinfo[.php].ts'
import type { Scope } from '../db/scoped.server.ts'
import { countryName } from '../geo/countries.ts'
import type { StaticPageContent } from './static-pages.server.ts'

async function pageText(scope: Scope, path: string, page?: string): Promise<string> {
  const request = await siteRequest(scope, path)
  const context = await contextFor(scope, request)
  const result = await runRoute(async () => (page ? pageLoader({ request, context, params: { page } }) : complaintsLoader({ request, context, params: {} })))
  expect(result.status, path).toBe(200)
  const { content } = result.body as { content: StaticPageContent }
  return [content.intro, ...content.sections.flatMap((s) => s.body)].join('\n')
}

describe('countryName', () => {
  it('names a country in the given language, and leaves what is no code alone', () => {
    expect(countryName('NL', 'nl')).toBe('Nederland')
    expect(countryName('BE', 'fr')).toBe('Belgique')
    expect(countryName('GB', 'pl')).toBe('Wielka Brytania')
    expect(countryName('de', 'de')).toBe('Deutschland')
    expect(countryName('N1', 'en')).toBe('N1')
  })
})

describe('legal pages', () => {
  it('print the company’s country by name in the page’s language', async () => {
    const terms = await pageText(FLIRTLOKAAL, '/pages/terms', 'terms')
    expect(terms).toContain('1015 CJ Amsterdam, Nederland,')
    expect(terms).not.toMatch(/Amsterdam, NL\b/)
    expect(await pageText(FLIRTLOKAAL, '/pages/privacy?lng=en', 'privacy')).toContain('Amsterdam, Netherlands,')
    expect(await pageText(DATEVIBE, '/pages/service', 'service')).toContain('W1S 1JJ London, United Kingdom')
    expect(await pageText(DATEVIBE, '/complaints')).toContain('London, United Kingdom')
  })

  it('every page that names the company’s town names its country too, never the code', async () => {
    for (const page of ['terms', 'privacy', 'cookies', 'ban', 'return-policy', 'faq', 'service']) {
      const text = await pageText(FLIRTLOKAAL, `/pages/${page}`, page)
      expect(text, page).not.toMatch(/Amsterdam, NL\b/)
      if (text.includes('1015 CJ Amsterdam')) expect(text, page).toContain('1015 CJ Amsterdam, Nederland')
    }
  })
})

describe('GET /api/companyinfo.php', () => {
  it('answers the country code (SPEC §3) and its name in the request’s language', async () => {
    for (const [path, name] of [
      ['/api/companyinfo.php', 'Nederland'],
      ['/api/companyinfo.php?lng=en', 'Netherlands'],
    ] as const) {
      const request = await siteRequest(FLIRTLOKAAL, path)
      const result = await runRoute(async () => companyLoader({ request, context: await contextFor(FLIRTLOKAAL, request), params: {} }))
      expect(result.body).toMatchObject({ companyinfo: { country: 'NL', country_name: name } })
    }
  })
})
