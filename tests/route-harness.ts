// Drives route modules on the server with a real context (tenant, session cookie, scoped
// database): what a browser test would check, minus the browser.
import { randomBytes } from 'node:crypto'
import type { AppLoadContext } from '@remix-run/node'
import { THEME_NAMES } from '../themes/index.ts'
import { createSession } from '../app/modules/auth/session.server.ts'
import type { Db } from '../app/modules/db/client.server.ts'
import { withScope, type Scope } from '../app/modules/db/scoped.server.ts'
import { buildAppContext } from '../app/modules/tenancy/context.server.ts'
import { loadTenants, type LoadedTenant } from '../app/modules/tenancy/load-tenants.server.ts'
import { setUnsubscribeKey } from '../app/modules/notifications/links.server.ts'
import { createMember } from './fixtures.ts'

// The node secrets a started node loads (startTenancy): signed links and the visitor-device
// cookie of the signup forms need the key.
setUnsubscribeKey(randomBytes(32).toString('base64url'))

export type RouteResult = { status: number; body: unknown; headers: Headers }

/** Runs a loader or action and normalises what it returns or throws. */
export async function runRoute(fn: () => Promise<unknown>): Promise<RouteResult> {
  let value: unknown
  try {
    value = await fn()
  } catch (thrown) {
    value = thrown
  }
  if (value instanceof Response) {
    const text = value.headers.get('content-type')?.startsWith('text/event-stream') ? '' : await value.text()
    return { status: value.status, body: text.startsWith('{') ? JSON.parse(text) : text, headers: value.headers }
  }
  if (value && typeof value === 'object' && 'type' in value && value.type === 'DataWithResponseInit') {
    const { data, init } = value as unknown as { data: unknown; init?: ResponseInit }
    return { status: init?.status ?? 200, body: data, headers: new Headers(init?.headers) }
  }
  return { status: 200, body: value, headers: new Headers() }
}

let tenants: LoadedTenant[] | undefined

export async function tenantFor(scope: Scope): Promise<LoadedTenant> {
  tenants ??= await loadTenants(THEME_NAMES)
  const tenant = tenants.find((t) => t.slug === scope.tenantId)
  if (!tenant) throw new Error(`no tenant ${scope.tenantId}`)
  return tenant
}

export async function contextFor(scope: Scope, request: Request): Promise<AppLoadContext> {
  return buildAppContext(request, await tenantFor(scope))
}

/** A member of the site with a session: `cookie` logs requests in as them. */
export async function loggedInMember(db: Db, scope: Scope, name?: string) {
  const member = await createMember(db, scope, name)
  const sid = await withScope(db, scope, (tx) => createSession(tx, { ...scope, userId: member.user.id }))
  return { ...member, cookie: `sid=${sid}` }
}

/** A request to the site of `scope` (its first domain), optionally logged in. */
export async function siteRequest(scope: Scope, path: string, init: RequestInit & { cookie?: string } = {}): Promise<Request> {
  const tenant = await tenantFor(scope)
  const headers = new Headers(init.headers)
  if (init.cookie) headers.set('cookie', init.cookie)
  return new Request(`http://${tenant.domains[0]}${path}`, { ...init, headers })
}
