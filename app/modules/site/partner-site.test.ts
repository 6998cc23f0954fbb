import { describe, expect, it } from 'vitest'
import { THEME_NAMES } from '../../../themes/index.ts'
import { loadTenants } from '../tenancy/load-tenants.server.ts'
import { partnerSiteFor, samePoolPartners } from './partner-site.ts'

describe('partnerSiteFor', () => {
  it("forwards in the member's language, else the site's default, else the first", () => {
    const site = { partnerSite: { nl: 'https://nl.example/', en: 'https://en.example/' }, locales: { default: 'nl' as const } }
    expect(partnerSiteFor(site, 'en')).toBe('https://en.example/')
    expect(partnerSiteFor(site, 'de')).toBe('https://nl.example/')
    expect(partnerSiteFor({ partnerSite: { fr: 'https://fr.example/' }, locales: { default: 'nl' } }, 'de')).toBe('https://fr.example/')
    expect(partnerSiteFor({ partnerSite: 'https://one.example/', locales: { default: 'nl' } }, 'en')).toBe('https://one.example/')
  })
})

describe('samePoolPartners', () => {
  it('refuses a partner that is a site of the same pool, with or without www.', () => {
    const a = { file: 'a.ts', pool: 'p', domains: ['a.nl', 'www.a.nl'], partnerSite: 'https://b.nl/' }
    const b = { file: 'b.ts', pool: 'p', domains: ['b.nl'], partnerSite: { nl: 'https://www.a.nl/', en: 'https://c.com/' } }
    const c = { file: 'c.ts', pool: 'q', domains: ['c.com'], partnerSite: 'https://a.nl/' }
    const problems = samePoolPartners([a, b, c])
    expect(problems).toHaveLength(2)
    expect(problems[0]).toContain('a.ts: partnerSite: https://b.nl/')
    expect(problems[1]).toContain('b.ts: partnerSite: https://www.a.nl/')
  })

  it('passes for the demo sites: each forwards outside its own pool', async () => {
    const sites = await loadTenants(THEME_NAMES)
    expect(samePoolPartners(sites)).toEqual([])
    const datevibe = sites.find((s) => s.slug === 'datevibe')!
    expect(new URL(partnerSiteFor(datevibe, 'en')).hostname).not.toMatch(/flirtlokaal|datedichtbij/)
  })
})
