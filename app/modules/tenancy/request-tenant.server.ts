// Picks the tenant for a request's host. The host comes from the server's edge
// (server/edge/proxy.ts): Host, or X-Forwarded-Host from a trusted proxy (TRUST_PROXY), the
// same value the URL Remix sees is built from.
import { getEnv } from '../config/env.server.ts'
import type { LoadedTenant } from './load-tenants.server.ts'
import { getRegistry } from './registry.server.ts'
import { resolveHost } from './resolve-host.ts'

export async function tenantForHost(host: string | null | undefined): Promise<LoadedTenant | null> {
  const registry = await getRegistry()
  return resolveHost(host, registry.index, { allowLocalhostSlugs: getEnv().LOCALHOST_TENANTS }).tenant
}
