// The visitor's choice in the cookie banner (decision 018): `all` lets the site's
// third-party tags load, `necessary` keeps them off. Stored in a first-party cookie for a
// year; nothing is stored before the visitor chooses, and without a choice nothing loads.
import { secureCookies } from '../config/env.server.ts'

export const CONSENT_COOKIE = 'consent'
export const CONSENT_MAX_AGE_S = 365 * 24 * 3600
export const CONSENT_CHOICES = ['all', 'necessary'] as const
export type Consent = (typeof CONSENT_CHOICES)[number]

export function readConsent(cookieHeader: string | null): Consent | null {
  if (!cookieHeader) return null
  for (const part of cookieHeader.split(';')) {
    const [name, value] = part.trim().split('=')
    if (name === CONSENT_COOKIE && (CONSENT_CHOICES as readonly string[]).includes(value ?? '')) return value as Consent
  }
  return null
}

/** Set-Cookie for a choice; `null` forgets it, so the banner asks again. */
export function consentCookie(choice: Consent | null): string {
  const attributes = ['Path=/', 'SameSite=Lax', ...(secureCookies() ? ['Secure'] : [])]
  return choice === null ? [`${CONSENT_COOKIE}=`, 'Max-Age=0', ...attributes].join('; ') : [`${CONSENT_COOKIE}=${choice}`, `Max-Age=${CONSENT_MAX_AGE_S}`, ...attributes].join('; ')
}
