import { describe, expect, it } from 'vitest'
import { decideLocale, domainLocale } from './locale.server.ts'

const nlSite = { slug: 'nl-site', locales: { default: 'nl' as const, offered: ['nl' as const, 'en' as const] }, domainLanguage: 'nl-NL' }
const mixed = { slug: 'mixed', locales: { default: 'nl' as const, offered: ['nl' as const, 'en' as const] }, domainLanguage: 'en-US' }
const enOnly = { slug: 'en-only', locales: { default: 'en' as const, offered: ['en' as const] }, domainLanguage: 'de-DE' }

const request = (url: string, cookie?: string) => new Request(url, { headers: cookie ? { cookie } : {} })

describe('domainLocale (SPEC §7)', () => {
  it('takes the domain language by its first two letters when offered', () => {
    expect(domainLocale(nlSite)).toBe('nl')
    expect(domainLocale(mixed)).toBe('en')
  })
  it('falls back to the site default otherwise', () => {
    expect(domainLocale(enOnly)).toBe('en')
  })
})

describe('decideLocale', () => {
  it('uses the domain language on a first visit and remembers it for 365 days', async () => {
    const decision = await decideLocale(request('http://x.test/'), mixed)
    expect(decision.locale).toBe('en')
    expect(decision.setCookie).toMatch(/^lng=/)
    expect(decision.setCookie).toMatch(/Max-Age=31536000/)
  })
  it('keeps a cookie the visitor chose, without setting it again', async () => {
    const cookie = (await decideLocale(request('http://x.test/?lng=en'), nlSite)).setCookie!.split(';')[0]!
    const decision = await decideLocale(request('http://x.test/', cookie), nlSite)
    expect(decision).toEqual({ locale: 'en', setCookie: null })
  })
  it('lets ?lng= switch, but only to an offered locale', async () => {
    expect((await decideLocale(request('http://x.test/?lng=en'), nlSite)).locale).toBe('en')
    expect((await decideLocale(request('http://x.test/?lng=pl'), nlSite)).locale).toBe('nl')
  })
  it('ignores the Accept-Language header', async () => {
    const req = new Request('http://x.test/', { headers: { 'accept-language': 'en-US,en;q=0.9' } })
    expect((await decideLocale(req, nlSite)).locale).toBe('nl')
  })
})
