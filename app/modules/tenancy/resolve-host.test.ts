import { describe, expect, it } from 'vitest'
import { buildHostIndex, normalizeHost, resolveHost } from './resolve-host.ts'

const tenants = [
  { slug: 'flirtlokaal', domains: ['flirtlokaal.nl', 'www.flirtlokaal.nl'] },
  { slug: 'datevibe', domains: ['datevibe.com'] },
]
const index = buildHostIndex(tenants)
const dev = { allowLocalhostSlugs: true }
const prod = { allowLocalhostSlugs: false }

describe('normalizeHost', () => {
  it('lower-cases and drops the port and a trailing dot', () => {
    expect(normalizeHost('WWW.FlirtLokaal.NL:443')).toBe('www.flirtlokaal.nl')
    expect(normalizeHost('datevibe.com.')).toBe('datevibe.com')
    expect(normalizeHost('a.test, b.test')).toBe('a.test')
  })
  it('rejects what is not a host name', () => {
    expect(normalizeHost('')).toBeNull()
    expect(normalizeHost(undefined)).toBeNull()
    expect(normalizeHost('evil.com/path')).toBeNull()
    expect(normalizeHost('exa mple.com')).toBeNull()
  })
})

describe('resolveHost', () => {
  it('matches a configured domain exactly', () => {
    expect(resolveHost('flirtlokaal.nl', index, prod)).toMatchObject({ tenant: tenants[0], via: 'domain' })
    expect(resolveHost('www.flirtlokaal.nl:8080', index, prod)).toMatchObject({ tenant: tenants[0] })
  })
  it('does not match sub- or super-domains', () => {
    expect(resolveHost('evil.flirtlokaal.nl', index, prod).tenant).toBeNull()
    expect(resolveHost('flirtlokaal.nl.evil.com', index, prod).tenant).toBeNull()
    expect(resolveHost('nl', index, prod).tenant).toBeNull()
  })
  it('answers <slug>.localhost only when allowed', () => {
    expect(resolveHost('datevibe.localhost:3000', index, dev)).toMatchObject({ tenant: tenants[1], via: 'localhost' })
    expect(resolveHost('datevibe.localhost:3000', index, prod)).toEqual({ tenant: null, reason: 'unknown-host' })
    expect(resolveHost('nope.localhost', index, dev)).toEqual({ tenant: null, reason: 'unknown-host' })
    expect(resolveHost('localhost', index, dev).tenant).toBeNull()
  })
  it('reports a missing host', () => {
    expect(resolveHost(null, index, dev)).toEqual({ tenant: null, reason: 'no-host' })
  })
})
