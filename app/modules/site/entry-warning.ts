// SPEC §2: the site-entry warning is shown once to logged-out visitors outside the installed
// app. enable_site_entry_popup 'no' disables it; an optional country list limits it. On the
// chat, lander and empty layouts it is limited to NL and DE.

export const ENTRY_WARNING_SKIPPED_KEY = 'skipped'
export const RESTRICTED_LAYOUT_COUNTRIES = ['NL', 'DE'] as const

export type EntryWarningInput = {
  enabled: boolean
  countries: readonly string[]
  visitorCountry: string | null
  loggedIn: boolean
  layout: 'default' | 'chat' | 'lander' | 'empty'
  /** Pages where it never shows (complete-signup, reset-password). */
  excludedPage: boolean
}

/** Whether the server allows the warning; the browser then checks skipped and app mode. */
export function entryWarningAllowed(input: EntryWarningInput): boolean {
  if (!input.enabled || input.loggedIn || input.excludedPage) return false
  const countries = input.layout === 'default' ? input.countries : RESTRICTED_LAYOUT_COUNTRIES
  // An unknown country gets the warning: showing it once too often is the safe side.
  if (countries.length === 0 || input.visitorCountry === null) return true
  return countries.includes(input.visitorCountry)
}
