// Which visitor documents the edge may serve from its micro-cache (server/edge/micro-cache.ts,
// decision 034), and under which key. The key holds everything that changes such a page:
// the site and the configuration's generation, the locale, path and query, and the cookies
// and headers a visitor's page is built from (lander variants, traffic source, consent,
// the entry warning, the country a trusted proxy names). A request with a session or a
// flash toast is never served from the cache. Cookies are never part of a cached answer:
// the Set-Cookie headers a page would send on its own (the remembered language) are
// decided here for each request, and a render that sets any other cookie is not stored.
import { SESSION_COOKIE } from '../auth/session.server.ts'
import { ENTRY_WARNING_COOKIE } from '../site/entry-warning.ts'
import { CONSENT_COOKIE } from '../consent/consent.server.ts'
import { decideLocale } from '../i18n/locale.server.ts'
import { LANDER_COOKIE } from '../landers/variants.ts'
import { visitorCountry } from '../site/visitor-country.server.ts'
import type { LoadedTenant } from '../tenancy/load-tenants.server.ts'
import { registryGeneration } from '../tenancy/registry.server.ts'
import type { VisitorCacheHandle } from './visitor-cache-handle.ts'

/** The flash toast (app/modules/http/toast.server.ts): shown once, so never cached. */
export const TOAST_COOKIE = 'toast'
/** The traffic source of the signup mode (app/modules/accounts/tracking.server.ts). */
export const TRACKING_COOKIE = 'trk'
/** Set once the 18+ entry warning was answered: the server renders the warning until then. */
export { ENTRY_WARNING_COOKIE }

/** A request with one of these is personal: it never touches the cache. */
export const BYPASS_COOKIES: readonly string[] = [SESSION_COOKIE, TOAST_COOKIE]
/** Cookies whose value changes a visitor's page: their values are part of the key. */
export const VARYING_COOKIES: readonly string[] = [CONSENT_COOKIE, LANDER_COOKIE, TRACKING_COOKIE]
/** Cookies whose presence changes a visitor's page. */
export const PRESENCE_COOKIES: readonly string[] = [ENTRY_WARNING_COOKIE]


/** Response header the document entry sets on a render that may be stored (the edge removes it). */
export const CACHEABLE_HEADER = 'x-visitor-cacheable'

export type VisitorCacheDecision = {
  key: string
  /** The configuration generation the key belongs to: a newer one empties the cache. */
  generation: number
  /** Set-Cookie headers this request gets whether the page comes from the cache or not. */
  setCookies: string[]
}

function cookiesOf(header: string | null): Map<string, string> {
  const cookies = new Map<string, string>()
  if (!header) return cookies
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    const name = (eq < 0 ? part : part.slice(0, eq)).trim()
    if (name && !cookies.has(name)) cookies.set(name, eq < 0 ? '' : part.slice(eq + 1).trim())
  }
  return cookies
}

/** The cache key of a document request, or null when it must be rendered for this request alone. */
export async function visitorCacheDecision(tenant: LoadedTenant, request: Request): Promise<VisitorCacheDecision | null> {
  if (request.method !== 'GET') return null
  const cookies = cookiesOf(request.headers.get('cookie'))
  if (BYPASS_COOKIES.some((name) => cookies.has(name))) return null
  const url = new URL(request.url)
  // Remix's data requests (?_data=) and resource routes answer JSON: only documents here.
  if (url.searchParams.has('_data')) return null
  const { locale, setCookie } = await decideLocale(request, tenant)
  const parts = [
    tenant.slug,
    String(registryGeneration()),
    locale,
    url.pathname + url.search,
    ...VARYING_COOKIES.map((name) => `${name}=${cookies.get(name) ?? ''}`),
    ...PRESENCE_COOKIES.map((name) => `${name}:${cookies.has(name) ? 1 : 0}`),
    `country=${visitorCountry(request.headers) ?? ''}`,
  ]
  return { key: parts.join('\u0000'), generation: registryGeneration(), setCookies: setCookie ? [setCookie] : [] }
}

/** True when the render may be kept for every visitor with the same key. */
export function rendersForAnyVisitor(handles: readonly unknown[], status: number): boolean {
  // The root and the layouts render the same for every visitor with the same key; the page
  // itself decides.
  const policy = (handles[handles.length - 1] as VisitorCacheHandle | undefined)?.visitorCache
  return (policy === true && status === 200) || (policy === 'not-found' && status === 404)
}
