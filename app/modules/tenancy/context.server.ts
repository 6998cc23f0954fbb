// One typed context per request, built once in the server's getLoadContext: the site,
// its theme, the request's locale and translator, and the database handle with its scope.
import type { TFunction } from 'i18next'
import type { Locale } from '../../../tenants/schema.ts'
import { themeFor, type Theme } from '../../../themes/index.ts'
import { getRuntimeDb, type Db } from '../db/client.server.ts'
import type { ReadScope, Scope } from '../db/scoped.server.ts'
import { createRequestReads, requestDb } from '../db/request-reads.server.ts'
import { loadMember, type Member } from '../auth/session.server.ts'
import { decideLocale } from '../i18n/locale.server.ts'
import { translatorFor } from '../i18n/i18n.server.ts'
import type { LoadedTenant } from './load-tenants.server.ts'

export type AppContext = {
  /** A member site's request (the console's context says 'console', decision 023). */
  face: 'member'
  tenant: LoadedTenant
  theme: Theme
  locale: Locale
  t: TFunction
  db: Db
  scope: Scope
  /**
   * The request's shared read transaction: pass it instead of `db` to read-only functions
   * (they take a Reader). Writes always go through `db`, whose transactions end the shared
   * read transaction first (one pool connection per request, request-reads.server.ts).
   */
  reads: ReadScope
  /** Ends the shared read transaction; the server calls it once the response is there. */
  endReads: () => Promise<void>
  /** The logged-in member of this site, from the session cookie. */
  member: Member | null
  /** Set-Cookie headers decided while building the context; server/app.ts sends them once. */
  setCookies: string[]
  /** This response's CSP nonce (server/edge/security-headers.ts); '' outside the server. */
  cspNonce: string
  /**
   * The client's IP address as the edge read it (X-Forwarded-For only from trusted
   * proxies, TRUST_PROXY): the key for per-IP limits. '' outside the server.
   */
  clientIp: string
}

declare module '@remix-run/node' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- module augmentation
  interface AppLoadContext extends AppContext {}
}

export { translatorFor }

export type EdgeFacts = { cspNonce?: string; clientIp?: string }

export async function buildAppContext(request: Request, tenant: LoadedTenant, edge: EdgeFacts = {}): Promise<AppContext> {
  const { locale, setCookie } = await decideLocale(request, tenant)
  const scope = { tenantId: tenant.slug, poolId: tenant.pool }
  const reads = createRequestReads(getRuntimeDb(), scope)
  // The request's transactions take turns with its shared reads: one pool connection at most.
  const db = requestDb(getRuntimeDb(), reads)
  const member = await loadMember(db, scope, request.headers.get('cookie'), new Date(), reads)
  return {
    face: 'member',
    tenant,
    theme: themeFor(tenant),
    locale,
    t: translatorFor(locale, tenant),
    db,
    scope,
    reads,
    endReads: reads.end,
    member,
    setCookies: setCookie ? [setCookie] : [],
    cspNonce: edge.cspNonce ?? '',
    clientIp: edge.clientIp ?? '',
  }
}
