// Who may search (SPEC §6): members always; visitors when the site allows logged-out search,
// or allows it for visitors from a traffic source (network or ref in the query, or
// remembered in the `trk` cookie) and they have one. Everyone else logs in first.
import type { AppLoadContext } from '@remix-run/node'
import { hasTrafficSource, resolveTracking, type Tracking } from '../accounts/tracking.server.ts'
import { requireMember } from '../auth/guards.server.ts'
import type { LoadedTenant } from '../tenancy/load-tenants.server.ts'

type SearchSettings = Pick<LoadedTenant, 'loggedOutSearch' | 'loggedOutSearchTrafficsource'>

export function loggedOutSearchAllowed(tenant: SearchSettings, tracking: Tracking | null): boolean {
  if (tenant.loggedOutSearch) return true
  return tenant.loggedOutSearchTrafficsource && hasTrafficSource(tracking)
}

/**
 * Throws the login redirect when the request may not search. `setCookie` remembers a
 * traffic source that arrived in the query, so the visitor's next pages still count it.
 */
export async function requireSearchAccess(context: AppLoadContext, request: Request): Promise<{ setCookie: string | null }> {
  const { tracking, setCookie } = await resolveTracking(request)
  if (context.member || loggedOutSearchAllowed(context.tenant, tracking)) return { setCookie }
  requireMember(context, request)
  return { setCookie: null }
}
