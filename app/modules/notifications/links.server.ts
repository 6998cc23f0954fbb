// Links in notifications, built without a request: production uses the site's first domain
// over https; the demo and tests the site's <slug>.localhost on this node's port.
import { createHmac, timingSafeEqual } from 'node:crypto'
import { getEnv, type Env } from '../config/env.server.ts'
import type { LoadedTenant } from '../tenancy/load-tenants.server.ts'
import type { NotificationKind } from './kinds.ts'

export function siteUrl(tenant: Pick<LoadedTenant, 'slug' | 'domains'>, path: string, env: Env = getEnv()): string {
  if (env.mode === 'production') return `https://${tenant.domains[0]}${path}`
  return `http://${tenant.slug}.localhost:${env.PORT}${path}`
}

let unsubscribeKey: Buffer | undefined

export function setUnsubscribeKey(key: string): void {
  unsubscribeKey = Buffer.from(key, 'base64url')
}

/**
 * A key of its own for another signature (e.g. the visitor-device cookie), derived from the
 * shared unsubscribe key every node loads at start-up: the same on every node, never the
 * unsubscribe key itself.
 */
export function derivedKey(purpose: string): Buffer {
  if (!unsubscribeKey) throw new Error('the unsubscribe key is not loaded (startTenancy)')
  return createHmac('sha256', unsubscribeKey).update(`derived-key\n${purpose}`).digest()
}

function sign(tenantId: string, userId: string, kind: string): string {
  if (!unsubscribeKey) throw new Error('the unsubscribe key is not loaded (startTenancy)')
  return createHmac('sha256', unsubscribeKey).update(`${tenantId}\n${userId}\n${kind}`).digest('base64url').slice(0, 32)
}

/** The token in a bulk mail's List-Unsubscribe link: which member, which kind, and a signature. */
export function unsubscribeToken(tenantId: string, userId: string, kind: NotificationKind): string {
  return `${userId}.${kind}.${sign(tenantId, userId, kind)}`
}

export function readUnsubscribeToken(tenantId: string, token: string): { userId: string; kind: string } | null {
  const [userId, kind, signature] = token.split('.')
  if (!userId || !kind || !signature || !unsubscribeKey) return null
  const expected = Buffer.from(sign(tenantId, userId, kind))
  const given = Buffer.from(signature)
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null
  return { userId, kind }
}
