// The Mollie client of a site: its own API key from the environment variable its tenant file
// names (availability.ts), against Mollie or the local sandbox (MOLLIE_API_ENDPOINT).
// The client pins Mollie's CA list; the sandbox's self-signed certificate is accepted only
// outside production and only for a loopback endpoint (STACK.md), and only by this client.
// A staging deployment's test endpoint is checked against MOLLIE_CA_FILE instead; production
// refuses a loopback endpoint at start (env.server.ts).
import { readFileSync } from 'node:fs'
import https from 'node:https'
import { createMollieClient, type MollieClient } from '@mollie/api-client'
import type { TenantConfig } from '../../../tenants/schema.ts'
import { getEnv } from '../config/env.server.ts'
import { mollieKeyEnv, paymentsEnabled } from './availability.ts'

type PaymentSite = Pick<TenantConfig, 'slug' | 'payments'>

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]'])

export function isLoopbackEndpoint(endpoint: string): boolean {
  const url = new URL(endpoint)
  return url.protocol === 'https:' && LOOPBACK.has(url.hostname)
}

/** The key of the site: its own, or in the demo with a sandbox a per-site sandbox key. */
export function mollieKeyFor(site: PaymentSite): string | null {
  const own = process.env[mollieKeyEnv(site)]
  if (own) return own
  const env = getEnv()
  if (env.mode !== 'production' && env.MOLLIE_API_ENDPOINT) return `test_sandbox${site.slug.replace(/[^a-z0-9]/g, '')}`
  return null
}

const clients = new Map<string, MollieClient>()

/** The site's client, or null when it takes no payments. */
export function mollieFor(site: PaymentSite): MollieClient | null {
  if (!paymentsEnabled(site)) return null
  const apiKey = mollieKeyFor(site)
  if (!apiKey) return null
  const env = getEnv()
  const apiEndpoint = env.MOLLIE_API_ENDPOINT
  const caFile = apiEndpoint ? env.MOLLIE_CA_FILE : undefined
  const cacheKey = `${apiKey}\u0000${apiEndpoint ?? ''}\u0000${caFile ?? ''}`
  const cached = clients.get(cacheKey)
  if (cached) return cached
  const client = apiEndpoint && caFile
    ? withAgentOptions({ ca: readFileSync(caFile) }, () => createMollieClient({ apiKey, apiEndpoint }))
    : apiEndpoint && env.mode !== 'production' && isLoopbackEndpoint(apiEndpoint)
      ? withAgentOptions({ rejectUnauthorized: false }, () => createMollieClient({ apiKey, apiEndpoint }))
      : createMollieClient({ apiKey, ...(apiEndpoint ? { apiEndpoint } : {}) })
  clients.set(cacheKey, client)
  return client
}

/**
 * The client builds its https.Agent once, in its constructor, with Mollie's CA list. For the
 * loopback sandbox that one agent (and no other in the process) skips the check; for a
 * staging endpoint it trusts MOLLIE_CA_FILE's authorities instead of Mollie's.
 */
function withAgentOptions<T>(extra: https.AgentOptions, build: () => T): T {
  const Original = https.Agent
  class SandboxAgent extends Original {
    constructor(options?: https.AgentOptions) {
      super({ ...options, ...extra })
    }
  }
  ;(https as { Agent: typeof https.Agent }).Agent = SandboxAgent
  try {
    return build()
  } finally {
    ;(https as { Agent: typeof https.Agent }).Agent = Original
  }
}

/** Production refuses to start for a site that sells credits without its key. */
export function missingMollieKeys(sites: readonly PaymentSite[]): string[] {
  return sites
    .filter((site) => site.payments.enabled && !process.env[mollieKeyEnv(site)])
    .map((site) => `${mollieKeyEnv(site)} is required in production for site ${site.slug} (its Mollie API key), or set payments.enabled: false in tenants/${site.slug}.ts`)
}
