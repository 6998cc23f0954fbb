// Affiliate postbacks (issue #23, decision 052). A member who came from a network (tracking
// `network`, SPEC §3) causes one Postback row per event the moment it happens, in that
// event's transaction (signup, activation, a credited purchase: first_purchase for the
// member's first). The row's unique key (site, network, event, account or payment) makes it
// once per event and network. The `postback` job fills the site's URL template for that
// network and sends it, with pg-boss's retries and backoff; rows for a network or event the
// site's file does not ask for are marked skipped. A row is claimed for a minute before the
// request (one sender at a time) and never sent again once the network answered 2xx.
import type { PostbackEvent, PostbackStatus } from '~/generated/prisma/client.ts'
import type { Db } from '../db/client.server.ts'
import { withScope, type Scope, type ScopedTx } from '../db/scoped.server.ts'
import { enqueueIn } from '../jobs/runner.server.ts'
import { reachWhere, type Reach } from '../operators/scope.server.ts'
import { QUEUES } from '../jobs/queues.ts'
import type { LoadedTenant } from '../tenancy/load-tenants.server.ts'

export type PostbackFacts = { userId: string; eventKey: string; amount?: number | null; currency?: string | null }

type Tracking = { network?: string; ref?: string; sub1?: string; sub2?: string; sub3?: string }

/** Records the event for the member's network (if any) and queues its sending; in the event's transaction. */
export async function queuePostbackIn(tx: ScopedTx, scope: Scope, event: PostbackEvent, facts: PostbackFacts): Promise<void> {
  const user = await tx.user.findFirst({ where: { poolId: scope.poolId, tenantId: scope.tenantId, id: facts.userId }, select: { tracking: true } })
  const tracking = (user?.tracking ?? null) as Tracking | null
  const network = typeof tracking?.network === 'string' ? tracking.network.slice(0, 100) : ''
  if (!network) return
  const rows = await tx.$queryRaw<{ id: number }[]>`
    INSERT INTO "Postback" ("poolId", "tenantId", network, event, "eventKey", "userId", tracking, amount, currency)
    VALUES (${scope.poolId}, ${scope.tenantId}, ${network}, ${event}::"PostbackEvent", ${facts.eventKey}, ${facts.userId}, ${JSON.stringify(tracking)}::jsonb, ${facts.amount ?? null}, ${facts.currency ?? null})
    ON CONFLICT ("poolId", "tenantId", network, event, "eventKey") DO NOTHING
    RETURNING id`
  const row = rows[0]
  if (row) await enqueueIn(tx, 'postback', { tenantId: scope.tenantId, id: row.id }, { singletonKey: `postback:${scope.tenantId}:${row.id}` })
}

/** A purchase credited: `purchase`, and `first_purchase` when no other purchase of the member was credited before. */
export async function queuePurchasePostbacksIn(tx: ScopedTx, scope: Scope, payment: { id: string; userId: string; amount: number; currency: string }): Promise<void> {
  const earlier = await tx.payment.count({ where: { poolId: scope.poolId, tenantId: scope.tenantId, userId: payment.userId, creditedAt: { not: null }, id: { not: payment.id } } })
  const facts = { userId: payment.userId, eventKey: payment.id, amount: payment.amount, currency: payment.currency }
  if (earlier === 0) await queuePostbackIn(tx, scope, 'first_purchase', facts)
  await queuePostbackIn(tx, scope, 'purchase', facts)
}

const PLACEHOLDER = /\{(network|ref|sub1|sub2|sub3|event|amount|currency|transaction|site)\}/g

/** The template with every placeholder's value URL-encoded; unknown ones stay as typed. */
export function fillTemplate(template: string, values: Record<string, string>): string {
  return template.replace(PLACEHOLDER, (_, name: string) => encodeURIComponent(values[name] ?? ''))
}

export type SendOutcome = 'sent' | 'skipped' | 'done' | 'busy' | 'failed'

const CLAIM_MS = 60_000
const TIMEOUT_MS = 10_000

/**
 * Sends one postback. Throws on a failed answer (pg-boss retries with backoff); the last
 * attempt marks the row failed. `fetcher` is for tests only.
 */
export async function sendPostback(db: Db, tenant: Pick<LoadedTenant, 'slug' | 'pool' | 'postbacks'>, id: number, options: { now?: Date; fetcher?: typeof fetch } = {}): Promise<SendOutcome> {
  const scope = { tenantId: tenant.slug, poolId: tenant.pool }
  const now = options.now ?? new Date()
  const claimed = await withScope(db, scope, async (tx) => {
    const rows = await tx.$queryRaw<{ id: number; network: string; event: PostbackEvent; eventKey: string; tracking: Tracking | null; amount: number | null; currency: string | null; attempts: number; status: string }[]>`
      UPDATE "Postback" SET status = 'sending', "lockedUntil" = ${new Date(now.getTime() + CLAIM_MS)}, attempts = attempts + 1
       WHERE "poolId" = ${scope.poolId} AND "tenantId" = ${scope.tenantId} AND id = ${id}
         AND (status = 'pending' OR status = 'failed' OR (status = 'sending' AND "lockedUntil" < ${now}))
       RETURNING id, network, event::text AS event, "eventKey", tracking, amount, currency, attempts, status::text AS status`
    return rows[0] ?? null
  })
  if (!claimed) {
    const row = await withScope(db, scope, (tx) => tx.postback.findFirst({ where: { poolId: scope.poolId, tenantId: scope.tenantId, id }, select: { status: true } }))
    return row?.status === 'sending' ? 'busy' : 'done'
  }
  const config = tenant.postbacks.find((p) => p.network === claimed.network)
  if (!config || !(config.events as readonly string[]).includes(claimed.event)) {
    await withScope(db, scope, (tx) => tx.postback.updateMany({ where: { poolId: scope.poolId, tenantId: scope.tenantId, id }, data: { status: 'skipped', lockedUntil: null } }))
    return 'skipped'
  }
  const t = claimed.tracking ?? {}
  const url = fillTemplate(config.url, {
    network: claimed.network, ref: t.ref ?? '', sub1: t.sub1 ?? '', sub2: t.sub2 ?? '', sub3: t.sub3 ?? '', event: claimed.event,
    amount: claimed.amount === null ? '' : (claimed.amount / 100).toFixed(2), currency: claimed.currency ?? '', transaction: claimed.eventKey, site: tenant.slug,
  })
  let status: number | null = null
  let body = ''
  try {
    const response = await (options.fetcher ?? fetch)(url, { method: 'GET', redirect: 'manual', signal: AbortSignal.timeout(TIMEOUT_MS), headers: { 'User-Agent': 'dating-engine-postback/1' } })
    status = response.status
    body = (await response.text()).slice(0, 500)
  } catch (error) {
    body = String((error as Error).message ?? error).slice(0, 500)
  }
  const ok = status !== null && status >= 200 && status < 300
  const last = claimed.attempts > QUEUES.postback.retryLimit
  await withScope(db, scope, (tx) =>
    tx.postback.updateMany({
      where: { poolId: scope.poolId, tenantId: scope.tenantId, id },
      data: { url, responseStatus: status, response: body, lockedUntil: null, status: ok ? 'sent' : last ? 'failed' : 'pending', sentAt: ok ? new Date() : null },
    }),
  )
  if (ok) return 'sent'
  if (last) return 'failed'
  throw new Error(`postback ${tenant.slug}/${id} to ${claimed.network}: ${status ?? 'no answer'}; retrying`)
}

/** The console's list (newest first), on the operator's handle. */
export const POSTBACK_STATUSES: readonly PostbackStatus[] = ['pending', 'sending', 'sent', 'failed', 'skipped']

export async function listPostbacks(tx: ScopedTx, reach: Reach, filter: { status?: PostbackStatus; network?: string } = {}) {
  return tx.postback.findMany({
    where: {
      ...reachWhere(reach),
      ...(filter.status ? { status: filter.status } : { status: { not: 'skipped' as const } }),
      ...(filter.network ? { network: filter.network } : {}),
    },
    orderBy: { id: 'desc' },
    take: 200,
  })
}
