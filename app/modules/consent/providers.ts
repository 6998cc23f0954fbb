// Third-party tags a site may load (SPEC §7: an ad tag manager and a behaviour analytics
// script), named in its tenant config by provider and public id. Nothing of them loads
// before the visitor agreed in the cookie banner (decision 018), and the site's CSP allows
// exactly the hosts of its own providers (server/edge/security-headers.ts).
// No server imports: the browser builds the script addresses from the same table.
export const TAG_MANAGERS = ['gtm'] as const
export const ANALYTICS = ['hotjar', 'clarity'] as const
export type TagManagerProvider = (typeof TAG_MANAGERS)[number]
export type AnalyticsProvider = (typeof ANALYTICS)[number]
export type Provider = TagManagerProvider | AnalyticsProvider

/** A site's third-party tags: public ids only (they appear in the page anyway). */
export type TrackingConfig = {
  tagManager?: { provider: TagManagerProvider; id: string }
  analytics?: { provider: AnalyticsProvider; id: string }
}

export type CspSources = { script: string[]; connect: string[]; img: string[]; font: string[]; style: string[]; frame: string[] }

type ProviderInfo = {
  /** Shown on the cookie page and in the banner. */
  name: string
  /** Valid public ids. */
  id: RegExp
  /** The one script that starts the provider. */
  script: (id: string) => string
  csp: Partial<CspSources>
}

export const PROVIDERS: Record<Provider, ProviderInfo> = {
  gtm: {
    name: 'Google Tag Manager',
    id: /^GTM-[A-Z0-9]{4,12}$/,
    script: (id) => `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`,
    csp: {
      script: ['https://www.googletagmanager.com'],
      connect: ['https://www.googletagmanager.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com'],
      img: ['https://www.googletagmanager.com', 'https://*.google-analytics.com'],
    },
  },
  hotjar: {
    name: 'Hotjar',
    id: /^\d{4,12}$/,
    script: (id) => `https://static.hotjar.com/c/hotjar-${encodeURIComponent(id)}.js?sv=6`,
    csp: {
      script: ['https://static.hotjar.com', 'https://script.hotjar.com'],
      connect: ['https://*.hotjar.com', 'https://*.hotjar.io', 'wss://*.hotjar.com'],
      img: ['https://*.hotjar.com'],
      font: ['https://script.hotjar.com'],
      style: ['https://static.hotjar.com'],
    },
  },
  clarity: {
    name: 'Microsoft Clarity',
    id: /^[a-z0-9]{6,16}$/,
    script: (id) => `https://www.clarity.ms/tag/${encodeURIComponent(id)}`,
    csp: {
      script: ['https://www.clarity.ms', 'https://*.clarity.ms'],
      connect: ['https://*.clarity.ms'],
      img: ['https://*.clarity.ms'],
    },
  },
}

export function configuredProviders(tracking: TrackingConfig): { provider: Provider; id: string; kind: 'tagManager' | 'analytics' }[] {
  const list: { provider: Provider; id: string; kind: 'tagManager' | 'analytics' }[] = []
  if (tracking.tagManager) list.push({ ...tracking.tagManager, kind: 'tagManager' })
  if (tracking.analytics) list.push({ ...tracking.analytics, kind: 'analytics' })
  return list
}

/** The extra CSP sources of a site's providers, each host once; empty lists without any. */
// One object per site configuration: the edge keeps the CSP it built for it (decision 036).
const sourcesOf = new WeakMap<TrackingConfig, CspSources>()

export function cspSourcesFor(tracking: TrackingConfig): CspSources {
  let known = sourcesOf.get(tracking)
  if (!known) {
    known = buildCspSources(tracking)
    sourcesOf.set(tracking, known)
  }
  return known
}

function buildCspSources(tracking: TrackingConfig): CspSources {
  const sources: CspSources = { script: [], connect: [], img: [], font: [], style: [], frame: [] }
  for (const { provider } of configuredProviders(tracking)) {
    for (const [directive, hosts] of Object.entries(PROVIDERS[provider].csp) as [keyof CspSources, string[]][]) {
      for (const host of hosts) if (!sources[directive].includes(host)) sources[directive].push(host)
    }
  }
  return sources
}
