// Host -> tenant, as one pure function: exact domain match, then <slug>.localhost when
// allowed, else nothing (the caller answers with the 404 page).

export type HostIndex<T> = { byDomain: ReadonlyMap<string, T>; bySlug: ReadonlyMap<string, T> }

export type ResolveOptions = { allowLocalhostSlugs: boolean }

export type Resolution<T> = { tenant: T; via: 'domain' | 'localhost' } | { tenant: null; reason: 'no-host' | 'unknown-host' }

/** Lower-cases, drops the port and a trailing dot; rejects anything that is not a host name. */
export function normalizeHost(raw: string | null | undefined): string | null {
  if (!raw) return null
  const first = raw.split(',')[0]!.trim().toLowerCase()
  const withoutPort = first.startsWith('[') ? first : first.replace(/:\d+$/, '')
  const host = withoutPort.replace(/\.$/, '')
  return /^[a-z0-9.-]{1,253}$/.test(host) ? host : null
}

export function resolveHost<T>(rawHost: string | null | undefined, index: HostIndex<T>, options: ResolveOptions): Resolution<T> {
  const host = normalizeHost(rawHost)
  if (!host) return { tenant: null, reason: 'no-host' }
  const exact = index.byDomain.get(host)
  if (exact) return { tenant: exact, via: 'domain' }
  if (options.allowLocalhostSlugs && host.endsWith('.localhost')) {
    const slug = host.slice(0, -'.localhost'.length)
    const bySlug = index.bySlug.get(slug)
    if (bySlug) return { tenant: bySlug, via: 'localhost' }
  }
  return { tenant: null, reason: 'unknown-host' }
}

export function buildHostIndex<T extends { slug: string; domains: readonly string[] }>(tenants: readonly T[]): HostIndex<T> {
  const byDomain = new Map<string, T>()
  const bySlug = new Map<string, T>()
  for (const tenant of tenants) {
    bySlug.set(tenant.slug, tenant)
    for (const domain of tenant.domains) byDomain.set(domain, tenant)
  }
  return { byDomain, bySlug }
}
