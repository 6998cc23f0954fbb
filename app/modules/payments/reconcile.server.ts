// Mollie stops retrying a webhook after about a day, and a node can die between Mollie's
// 'paid' and our webhook. reconcileOpenPayments re-asks Mollie about every payment of ours
// that is not final yet (and every refund in progress) and applies the answer through the
// same syncPayment as the webhook, so running it twice, or beside a webhook, credits once.
import type { Db } from '../db/client.server.ts'
import { withScope } from '../db/scoped.server.ts'
import type { LoadedTenant } from '../tenancy/load-tenants.server.ts'
import { mollieFor } from './mollie.server.ts'
import { sendRefund } from './refunds.server.ts'
import { syncPayment, type SyncOutcome } from './sync.server.ts'

type Log = Pick<Console, 'info' | 'error' | 'warn'>
export type ReconcileRun = Record<string, Partial<Record<SyncOutcome | 'failed' | 'abandoned' | 'refunded', number>>>

/** Open payments older than this are re-checked (younger ones are still at the checkout). */
const SETTLE_MS = 60_000
/** Mollie payments expire within days; rows older than this are left alone. */
const LOOK_BACK_MS = 30 * 24 * 3_600_000
/** A row Mollie never heard of (creating it failed) is given up after this. */
const ABANDON_MS = 3_600_000

export async function reconcileOpenPayments(db: Db, tenants: readonly LoadedTenant[], options: { now?: Date; settleMs?: number | undefined; log?: Log } = {}): Promise<ReconcileRun> {
  const now = options.now ?? new Date()
  const log = options.log ?? console
  const settled = new Date(now.getTime() - (options.settleMs ?? SETTLE_MS))
  const run: ReconcileRun = {}
  for (const tenant of tenants) {
    if (!mollieFor(tenant)) continue
    const scope = { tenantId: tenant.slug, poolId: tenant.pool }
    const counts: ReconcileRun[string] = (run[tenant.slug] = {})
    // Rows without a Mollie id (creating it failed, or our write of its id did: decision 040):
    // Mollie's own list of this site's payments is searched for our id in their metadata.
    const lost = await withScope(db, scope, (tx) =>
      tx.payment.findMany({
        where: { tenantId: scope.tenantId, molliePaymentId: null, status: { in: ['open', 'provider_error'] }, createdAt: { gt: new Date(now.getTime() - LOOK_BACK_MS), lt: settled } },
        select: { id: true, createdAt: true },
        orderBy: { createdAt: 'asc' },
        take: 500,
      }),
    )
    if (lost.length > 0) {
      const found = await findAtMollie(tenant, new Set(lost.map((l) => l.id)), lost[0]!.createdAt, log)
      for (const [, remoteId] of found) {
        try {
          const outcome = await syncPayment(db, tenant, scope, remoteId, log)
          counts[outcome] = (counts[outcome] ?? 0) + 1
        } catch (error) {
          counts.failed = (counts.failed ?? 0) + 1
          log.error(`payments: ${tenant.slug}: reconciling ${remoteId} failed`, error)
        }
      }
    }
    const rows = await withScope(db, scope, async (tx) => {
      const abandoned = await tx.payment.updateMany({
        where: { tenantId: scope.tenantId, molliePaymentId: null, status: 'open', createdAt: { lt: new Date(now.getTime() - ABANDON_MS) } },
        // Mollie never made it: never a bounced debit (decision 040).
        data: { status: 'provider_error' },
      })
      if (abandoned.count > 0) counts.abandoned = abandoned.count
      return tx.payment.findMany({
        where: {
          tenantId: scope.tenantId,
          molliePaymentId: { not: null },
          createdAt: { gt: new Date(now.getTime() - LOOK_BACK_MS) },
          OR: [{ status: { in: ['open', 'pending', 'authorized'] }, createdAt: { lt: settled } }, { refundStatus: 'processing' }, { status: 'paid', creditedAt: null }],
        },
        select: { molliePaymentId: true },
        orderBy: { createdAt: 'asc' },
        take: 500,
      })
    })
    // Approved refunds whose job gave up (or never ran): sent now, once (Mollie's idempotency key).
    const unsent = await withScope(db, scope, (tx) =>
      tx.payment.findMany({ where: { poolId: scope.poolId, tenantId: scope.tenantId, refundStatus: 'processing', mollieRefundId: null, updatedAt: { lt: settled } }, select: { id: true }, take: 100 }),
    )
    for (const refund of unsent) {
      try {
        if ((await sendRefund(db, tenant, scope, refund.id, log)) === 'sent') counts.refunded = (counts.refunded ?? 0) + 1
      } catch (error) {
        counts.failed = (counts.failed ?? 0) + 1
        log.error(`payments: ${tenant.slug}: sending refund ${refund.id} failed`, error)
      }
    }
    for (const row of rows) {
      try {
        const outcome = await syncPayment(db, tenant, scope, row.molliePaymentId!, log)
        counts[outcome] = (counts[outcome] ?? 0) + 1
      } catch (error) {
        counts.failed = (counts.failed ?? 0) + 1
        log.error(`payments: ${tenant.slug}: reconciling ${row.molliePaymentId} failed`, error)
      }
    }
    if (counts.credited) log.info(`payments: ${tenant.slug}: reconciliation credited ${counts.credited} payment(s)`)
  }
  return run
}

/** Mollie payments of this site (newest first, back to `since`) whose metadata names one of `ids`: our id -> Mollie's. */
async function findAtMollie(tenant: LoadedTenant, ids: ReadonlySet<string>, since: Date, log: Log): Promise<Map<string, string>> {
  const found = new Map<string, string>()
  const mollie = mollieFor(tenant)
  if (!mollie) return found
  const limit = since.getTime() - 3_600_000
  try {
    for await (const remote of mollie.payments.iterate()) {
      const ours = (remote.metadata as { paymentId?: unknown } | null)?.paymentId
      if (typeof ours === 'string' && ids.has(ours)) found.set(ours, remote.id)
      if (found.size === ids.size || new Date(remote.createdAt).getTime() < limit) break
    }
  } catch (error) {
    log.error(`payments: ${tenant.slug}: listing Mollie payments failed`, error)
  }
  return found
}

/**
 * Runs the reconciliation at start and every `intervalMs` on this node (the lead moves it
 * onto the job queue). A slow run is never overlapped; the returned function stops it.
 */
export function startPaymentReconciler(options: { db: Db; tenants: () => Promise<readonly LoadedTenant[]>; intervalMs: number; log?: Log; onRun?: (run: ReconcileRun) => void }): () => Promise<void> {
  const { db, tenants, intervalMs, log = console, onRun } = options
  let running: Promise<void> | null = null
  let stopped = false
  let first = true
  const tick = () => {
    if (stopped || running) return
    // At start-up every open payment is asked about, however young: this node may have died
    // just after sending a member to the checkout.
    const settleMs = first ? 0 : undefined
    first = false
    running = tenants()
      .then((list) => reconcileOpenPayments(db, list, { log, settleMs }))
      .then((run) => onRun?.(run))
      .catch((error: unknown) => log.error('payments: reconciliation failed', error))
      .finally(() => {
        running = null
      })
  }
  tick()
  const timer = setInterval(tick, intervalMs)
  timer.unref()
  return async () => {
    stopped = true
    clearInterval(timer)
    await running
  }
}
