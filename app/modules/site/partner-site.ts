// Where a member goes after deleting their account (SPEC §2, issue 22): the site's partner
// in the member's language, never a site of the same pool (whose members the person just
// left; load-tenants.server.ts refuses such a config).
import type { Locale } from '../../../tenants/schema.ts'

type PartnerConfig = { partnerSite: string | Partial<Record<Locale, string>>; locales: { default: Locale } }

export function partnerSiteFor(site: PartnerConfig, locale: Locale): string {
  const partner = site.partnerSite
  if (typeof partner === 'string') return partner
  return partner[locale] ?? partner[site.locales.default] ?? Object.values(partner)[0]!
}

/** Every partner URL of a site. */
export function partnerUrls(site: Pick<PartnerConfig, 'partnerSite'>): string[] {
  return typeof site.partnerSite === 'string' ? [site.partnerSite] : Object.values(site.partnerSite).filter((u): u is string => typeof u === 'string')
}

/** Problems: partner URLs pointing at a site of the same pool. */
export function samePoolPartners(sites: readonly { file: string; pool: string; domains: readonly string[]; partnerSite: PartnerConfig['partnerSite'] }[]): string[] {
  const bare = (host: string) => host.toLowerCase().replace(/^www\./, '')
  const problems: string[] = []
  for (const site of sites) {
    const poolDomains = new Set(sites.filter((s) => s.pool === site.pool).flatMap((s) => s.domains.map(bare)))
    for (const url of partnerUrls(site)) {
      if (poolDomains.has(bare(new URL(url).hostname))) problems.push(`${site.file}: partnerSite: ${url} is a site of the same pool (${site.pool}); a deleted member must not land among the members they just left`)
    }
  }
  return problems
}
