// Returns (SPEC §1: within the site's refund days, a value never shown). A member asks for
// one on a paid purchase; an operator approves it; Mollie refunds it and its webhook writes
// the one compensating ledger row (sync.server.ts). Declined requests change nothing.
import type { TenantConfig } from '../../../tenants/schema.ts'
import type { Db } from '../db/client.server.ts'
import { withScope, type Scope, type ScopedTx } from '../db/scoped.server.ts'
import { mollieFor } from './mollie.server.ts'
import { amountValue } from './purchase.server.ts'

type Site = Pick<TenantConfig, 'slug' | 'payments' | 'refundDays'>

export type RefundRequest = { ok: true } | { ok: false; reason: 'not_found' | 'too_late' | 'not_paid' | 'already' }

/** Whether a paid payment of `paidAt` is still within the site's refund days. */
export function withinRefundDays(site: Pick<TenantConfig, 'refundDays'>, paidAt: Date | null, now = new Date()): boolean {
  return paidAt !== null && now.getTime() - paidAt.getTime() <= site.refundDays * 86_400_000
}

export async function requestRefund(db: Db, site: Site, scope: Scope, userId: string, paymentId: string, now = new Date()): Promise<RefundRequest> {
  return withScope(db, scope, async (tx) => {
    const payment = await tx.payment.findFirst({ where: { tenantId: scope.tenantId, userId, id: paymentId } })
    if (!payment) return { ok: false, reason: 'not_found' }
    if (payment.status !== 'paid' || payment.chargedBackAt) return { ok: false, reason: 'not_paid' }
    if (payment.refundStatus) return { ok: false, reason: 'already' }
    if (!withinRefundDays(site, payment.paidAt, now)) return { ok: false, reason: 'too_late' }
    // Conditional: two clicks make one request.
    const updated = await tx.payment.updateMany({ where: { tenantId: scope.tenantId, id: payment.id, refundStatus: null }, data: { refundStatus: 'requested', refundRequestedAt: now } })
    return updated.count === 1 ? { ok: true } : { ok: false, reason: 'already' }
  })
}

export async function refundRequests(db: Db, scope: Scope) {
  return withScope(db, scope, (tx) =>
    tx.payment.findMany({ where: { tenantId: scope.tenantId, refundStatus: 'requested' }, orderBy: { refundRequestedAt: 'asc' }, take: 200 }),
  )
}

export type RefundDecision = { ok: true; status: 'processing' | 'rejected' } | { ok: false; reason: 'not_found' | 'provider' }

/**
 * The operator's decision. Approving asks Mollie for the refund once (idempotency key = our
 * row). `inDecision` runs in the transaction that records the decision (the console's audit row).
 */
export async function decideRefund(
  db: Db,
  site: Site,
  scope: Scope,
  paymentId: string,
  approve: boolean,
  options: { inDecision?: (tx: ScopedTx, payment: { id: string; userId: string; amount: number; currency: string; credits: number }) => Promise<void> } = {},
): Promise<RefundDecision> {
  const claimed = await withScope(db, scope, async (tx) => {
    const updated = await tx.payment.updateMany({ where: { tenantId: scope.tenantId, id: paymentId, refundStatus: 'requested' }, data: { refundStatus: approve ? 'processing' : 'rejected' } })
    const payment = updated.count === 1 ? await tx.payment.findUnique({ where: { id: paymentId } }) : null
    if (payment) await options.inDecision?.(tx, payment)
    return payment
  })
  if (!claimed) return { ok: false, reason: 'not_found' }
  if (!approve) return { ok: true, status: 'rejected' }
  const mollie = mollieFor(site)
  try {
    if (!mollie || !claimed.molliePaymentId) throw new Error('no Mollie payment to refund')
    const refund = await mollie.paymentRefunds.create({ paymentId: claimed.molliePaymentId, amount: { value: amountValue(claimed.amount), currency: claimed.currency }, description: `Refund ${claimed.id}`, idempotencyKey: `refund-${claimed.id}` })
    await withScope(db, scope, (tx) => tx.payment.update({ where: { id: claimed.id }, data: { mollieRefundId: refund.id } }))
    return { ok: true, status: 'processing' }
  } catch (error) {
    console.error(`payments: ${scope.tenantId}: refund of ${claimed.id} failed`, error)
    await withScope(db, scope, (tx) => tx.payment.update({ where: { id: claimed.id }, data: { refundStatus: 'requested' } }))
    return { ok: false, reason: 'provider' }
  }
}
