import { describe, expect, it } from 'vitest'
import { entryWarningAllowed, entryWarningCookie, hasEntryWarningCookie, type EntryWarningInput } from './entry-warning.ts'

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

describe('the entry warning cookie', () => {
  it('is read by name among other cookies, and written for a year', () => {
    expect(hasEntryWarningCookie('consent=necessary; entry_warning_seen=1; lng=nl')).toBe(true)
    expect(hasEntryWarningCookie('xentry_warning_seen=1')).toBe(false)
    expect(hasEntryWarningCookie(null)).toBe(false)
    expect(entryWarningCookie(true)).toBe('entry_warning_seen=1; Path=/; Max-Age=31536000; SameSite=Lax; Secure')
    expect(hasEntryWarningCookie(entryWarningCookie(false).split(';')[0]!)).toBe(true)
  })
})
