import { describe, expect, it } from 'vitest'
import { THEME_NAMES } from '../../../themes/index.ts'
import { loadTenants } from '../tenancy/load-tenants.server.ts'
import { companyInfo, publicSettings } from './public-settings.server.ts'
import { pageTitle } from './title.ts'

const tenants = await loadTenants(THEME_NAMES)
const bySlug = (slug: string) => tenants.find((t) => t.slug === slug)!

describe('publicSettings', () => {
  it('exposes the SPEC §3 settings under their snake_case names, translated', () => {
    const settings = publicSettings(bySlug('flirtlokaal'), 'en')
    expect(settings).toMatchObject({
      name: 'FlirtLokaal',
      domain: 'flirtlokaal.nl',
      domain_language: 'nl-NL',
      message_credits: 10,
      enable_site_entry_popup: 'yes',
      fictional_singular: 'entertainment profile',
      signups: 'all',
    })
    // Falls back to the site default where a text has no translation.
    expect(publicSettings(bySlug('datevibe'), 'nl').index_title).toBe('Real chemistry starts with a hello')
  })

  it('never carries signup credits, bundles, partner site or delete discount', () => {
    const keys = Object.keys(publicSettings(bySlug('datevibe'), 'en'))
    for (const hidden of ['signup_credits', 'credits', 'creditBundles', 'partnerSite', 'company', 'delete_discount']) expect(keys).not.toContain(hidden)
  })

  it('company info strips dashes and spaces from the phone for dialling', () => {
    expect(companyInfo(bySlug('flirtlokaal'))).toMatchObject({ support_phone: '+31 20-123 4567', support_phone_dial: '+31201234567' })
  })
})

describe('pageTitle', () => {
  it('prefixes unread messages plus new likes (SPEC §2)', () => {
    expect(pageTitle('DateVibe')).toBe('DateVibe')
    expect(pageTitle('DateVibe', 'Pricing')).toBe('Pricing - DateVibe')
    expect(pageTitle('DateVibe', 'Pricing', 3)).toBe('(3) Pricing - DateVibe')
  })
})
