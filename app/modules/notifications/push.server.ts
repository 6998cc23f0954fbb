// Web push (decision 016): subscriptions per site and member, messages encrypted with the
// subscription's keys (aes128gcm) and signed with the site's VAPID key by `web-push`, sent by
// a job. A push service answering 404 or 410 has forgotten the subscription: it is deleted.
import webpush from 'web-push'
import { z } from 'zod'
import { getEnv } from '../config/env.server.ts'
import type { Db } from '../db/client.server.ts'
import { withScope, type Scope, type ScopedTx } from '../db/scoped.server.ts'
import { vapidKeysFor } from './vapid.server.ts'
import type { PushPayload } from './kinds.ts'

const base64url = z.string().regex(/^[A-Za-z0-9_-]+={0,2}$/).max(200)

/** What the browser's PushSubscription.toJSON() gives (SPEC §7: POST /api/user?push=1). */
export const SubscriptionSchema = z.object({
  endpoint: z.url().max(1000),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url, auth: base64url }),
})
export type SubscriptionInput = z.infer<typeof SubscriptionSchema>

/**
 * Push services are https. Plain http only outside production and only on this machine (the
 * tests' receiver): the endpoint is the member's input, never a way into the network.
 */
export function endpointAllowed(endpoint: string, mode = getEnv().mode): boolean {
  let url: URL
  try {
    url = new URL(endpoint)
  } catch {
    return false
  }
  if (url.protocol === 'https:') return true
  return mode !== 'production' && url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)
}

export async function saveSubscription(db: Db, scope: Scope, userId: string, input: SubscriptionInput, locale: string | null): Promise<'saved' | 'refused'> {
  if (!endpointAllowed(input.endpoint)) return 'refused'
  await withScope(db, scope, (tx) =>
    tx.pushSubscription.upsert({
      where: { poolId_tenantId_endpoint: { poolId: scope.poolId, tenantId: scope.tenantId, endpoint: input.endpoint } },
      create: { poolId: scope.poolId, tenantId: scope.tenantId, userId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth, locale },
      // A browser's endpoint moves with the member who is logged in on it.
      update: { userId, p256dh: input.keys.p256dh, auth: input.keys.auth, locale },
    }),
  )
  return 'saved'
}

export async function hasSubscription(tx: ScopedTx, scope: Scope, userId: string): Promise<boolean> {
  return (await tx.pushSubscription.count({ where: { poolId: scope.poolId, tenantId: scope.tenantId, userId } })) > 0
}

export type PushOutcome = 'sent' | 'gone' | 'no_keys' | 'missing'

export class PushFailed extends Error {}

/**
 * The `push-send` job: one message to one subscription. web-push builds the encrypted,
 * signed request; fetch sends it (the same request `sendNotification` would, which speaks
 * https only). 5xx and network errors throw, so the job is retried with backoff.
 */
export async function deliverPush(db: Db, scope: Scope, subscriptionId: string, payload: PushPayload, subject: string): Promise<PushOutcome> {
  const sub = await withScope(db, scope, (tx) => tx.pushSubscription.findFirst({ where: { poolId: scope.poolId, tenantId: scope.tenantId, id: subscriptionId } }))
  if (!sub) return 'missing'
  const keys = vapidKeysFor(scope.tenantId)
  if (!keys) return 'no_keys'
  if (!endpointAllowed(sub.endpoint)) {
    await withScope(db, scope, (tx) => tx.pushSubscription.deleteMany({ where: { poolId: scope.poolId, tenantId: scope.tenantId, id: sub.id } }))
    return 'gone'
  }
  const details = webpush.generateRequestDetails({ endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } }, JSON.stringify(payload), {
    vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
    TTL: 24 * 3600,
    contentEncoding: 'aes128gcm',
  })
  const response = await fetch(details.endpoint, {
    method: details.method,
    headers: details.headers as Record<string, string>,
    body: details.body ? new Uint8Array(details.body) : undefined,
    redirect: 'error',
    signal: AbortSignal.timeout(15_000),
  })
  await response.arrayBuffer().catch(() => undefined)
  if (response.status === 404 || response.status === 410) {
    await withScope(db, scope, (tx) => tx.pushSubscription.deleteMany({ where: { poolId: scope.poolId, tenantId: scope.tenantId, id: sub.id } }))
    return 'gone'
  }
  if (!response.ok) throw new PushFailed(`push service answered ${response.status}`)
  await withScope(db, scope, (tx) => tx.pushSubscription.updateMany({ where: { poolId: scope.poolId, tenantId: scope.tenantId, id: sub.id }, data: { lastSentAt: new Date() } }))
  return 'sent'
}
