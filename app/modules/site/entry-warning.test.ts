import { describe, expect, it } from 'vitest'
import { entryWarningAllowed, type EntryWarningInput } from './entry-warning.ts'

const base: EntryWarningInput = { enabled: true, countries: [], visitorCountry: null, loggedIn: false, layout: 'default', excludedPage: false }

describe('entryWarningAllowed', () => {
  it('is off when the site disables it, for members, and on excluded pages', () => {
    expect(entryWarningAllowed({ ...base, enabled: false })).toBe(false)
    expect(entryWarningAllowed({ ...base, loggedIn: true })).toBe(false)
    expect(entryWarningAllowed({ ...base, excludedPage: true })).toBe(false)
  })
  it('follows the site’s country list on the default layout', () => {
    expect(entryWarningAllowed({ ...base, countries: ['NL'], visitorCountry: 'NL' })).toBe(true)
    expect(entryWarningAllowed({ ...base, countries: ['NL'], visitorCountry: 'GB' })).toBe(false)
    expect(entryWarningAllowed({ ...base, countries: ['NL'], visitorCountry: null })).toBe(true)
    expect(entryWarningAllowed({ ...base, countries: [], visitorCountry: 'US' })).toBe(true)
  })
  it('is limited to NL and DE on the chat, lander and empty layouts', () => {
    for (const layout of ['chat', 'lander', 'empty'] as const) {
      expect(entryWarningAllowed({ ...base, layout, visitorCountry: 'DE' })).toBe(true)
      expect(entryWarningAllowed({ ...base, layout, visitorCountry: 'BE' })).toBe(false)
    }
  })
})
