// Picks the tenant for an incoming request: Host (X-Forwarded-Host only behind a trusted
// proxy), and a test-only header when tests switch it on.
import type { IncomingHttpHeaders } from 'node:http'
import { getEnv } from '../config/env.server.ts'
import type { LoadedTenant } from './load-tenants.server.ts'
import { getRegistry } from './registry.server.ts'
import { resolveHost } from './resolve-host.ts'

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name]
  return Array.isArray(value) ? value[0] : value
}

export function requestHost(headers: IncomingHttpHeaders): string | undefined {
  const env = getEnv()
  return (env.TRUST_PROXY ? header(headers, 'x-forwarded-host') : undefined) ?? header(headers, 'host')
}

export async function tenantForRequest(headers: IncomingHttpHeaders): Promise<LoadedTenant | null> {
  const env = getEnv()
  const registry = await getRegistry()
  const forced = env.TEST_TENANT_HEADER ? header(headers, 'x-test-tenant') : undefined
  if (forced) return registry.bySlug.get(forced) ?? null
  const resolution = resolveHost(requestHost(headers), registry.index, { allowLocalhostSlugs: env.LOCALHOST_TENANTS })
  return resolution.tenant
}
