// Traffic source (SPEC §3 tracking data): network, ref, sub1, sub2, sub3 from the query of
// the signup URL, remembered in a 30-day cookie so a visitor who comes back later still
// counts as coming from that source. Stored with the account at signup.
import { createCookie } from '@remix-run/node'
import { secureCookies } from '../config/env.server.ts'
import type { LoadedTenant } from '../tenancy/load-tenants.server.ts'
import { TRACKING_KEYS, type Tracking } from './signup-schema.ts'

export { TRACKING_KEYS, type Tracking }

export const TRACKING_MAX_AGE_S = 30 * 24 * 3600

export const trackingCookie = createCookie('trk', {
  path: '/',
  httpOnly: true,
  sameSite: 'lax',
  maxAge: TRACKING_MAX_AGE_S,
  secure: secureCookies(),
})

/** Printable, bounded values only: they end up in reports and partner postbacks. */
function clean(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined
  const v = value.trim().replace(/[^\p{L}\p{N}._~:@/+=,-]/gu, '').slice(0, 100)
  return v === '' ? undefined : v
}

function fromRecord(record: Record<string, unknown>): Tracking | null {
  const tracking: Tracking = {}
  for (const key of TRACKING_KEYS) {
    const value = clean(record[key])
    if (value) tracking[key] = value
  }
  return Object.keys(tracking).length > 0 ? tracking : null
}

export function trackingFromQuery(url: URL | string): Tracking | null {
  const params = new URL(url).searchParams
  return fromRecord(Object.fromEntries(TRACKING_KEYS.map((k) => [k, params.get(k)])))
}

export async function trackingFromCookie(cookieHeader: string | null): Promise<Tracking | null> {
  try {
    const value: unknown = await trackingCookie.parse(cookieHeader)
    return value && typeof value === 'object' ? fromRecord(value as Record<string, unknown>) : null
  } catch {
    return null
  }
}

/** The query's source wins over the remembered one; `setCookie` is set when it should be remembered. */
export async function resolveTracking(request: Request): Promise<{ tracking: Tracking | null; setCookie: string | null }> {
  const fromQuery = trackingFromQuery(request.url)
  if (fromQuery) return { tracking: fromQuery, setCookie: await trackingCookie.serialize(fromQuery) }
  return { tracking: await trackingFromCookie(request.headers.get('cookie')), setCookie: null }
}

/** A traffic source is a network or a referrer (sub ids alone do not say where someone came from). */
export function hasTrafficSource(tracking: Tracking | null): boolean {
  return Boolean(tracking?.network || tracking?.ref)
}

/** SPEC §6: signup is allowed when signups is all, or with_trafficsource and a source is present. */
export function signupAllowed(mode: LoadedTenant['signups'], tracking: Tracking | null): boolean {
  if (mode === 'all') return true
  if (mode === 'with_trafficsource') return hasTrafficSource(tracking)
  return false
}
