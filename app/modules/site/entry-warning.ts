// SPEC §2: the site-entry warning is shown once to logged-out visitors outside the installed
// app. enable_site_entry_popup 'no' disables it; an optional country list limits it. On the
// chat, lander and empty layouts it is limited to NL and DE.

export const ENTRY_WARNING_SKIPPED_KEY = 'skipped'
/**
 * Set once the warning was answered (issue 22): the server reads it and renders the warning
 * itself until then, so it is painted with the page instead of after hydration. A login sets
 * it too, so a member's device never asks again.
 */
export const ENTRY_WARNING_COOKIE = 'entry_warning_seen'
export const ENTRY_WARNING_MAX_AGE_S = 365 * 24 * 3600

/** The cookie's header value (the browser sets the same with document.cookie). */
export function entryWarningCookie(secure: boolean): string {
  return [`${ENTRY_WARNING_COOKIE}=1`, 'Path=/', `Max-Age=${ENTRY_WARNING_MAX_AGE_S}`, 'SameSite=Lax', ...(secure ? ['Secure'] : [])].join('; ')
}

export function hasEntryWarningCookie(cookieHeader: string | null): boolean {
  return (cookieHeader ?? '').split(/;\s*/).some((c) => c.startsWith(`${ENTRY_WARNING_COOKIE}=`))
}
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
