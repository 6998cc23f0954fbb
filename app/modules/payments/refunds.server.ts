// Returns (SPEC §1: within the site's refund days; docs/decisions/040-money-rules.md). A member
// asks for one on a paid purchase: the purchase's unused credits are held at once (taken off
// the balance, so they cannot be spent while the request waits) and the refund is the
// unspent share, amount x held / credits (the site's `refundPolicy`, default pro rata
// unused). An operator approves on the console: the claim queues a pg-boss job in the same
// transaction, and the job asks Mollie (so a process dying after the claim cannot lose the
// refund). Declining gives the held credits back. Refunds and chargebacks reported by Mollie
// take back credits x reversed / amount (sync.server.ts, `applyReversal`), and a member
// with no paid, unreversed purchase left is no longer premium.
import type { TenantConfig } from '../../../tenants/schema.ts'
import type { Db } from '../db/client.server.ts'
import { withScope, type Scope, type ScopedTx } from '../db/scoped.server.ts'
import { changeCredits } from '../credits/ledger.server.ts'
import { enqueueIn, wake } from '../jobs/runner.server.ts'
import type { Payment } from '~/generated/prisma/client.ts'
import { mollieFor } from './mollie.server.ts'
import { amountValue } from './purchase.server.ts'

type Site = Pick<TenantConfig, 'slug' | 'payments' | 'refundDays' | 'refundPolicy'>
type Log = Pick<Console, 'info' | 'error' | 'warn'>

export type RefundRequest = { ok: true; credits: number; amount: number } | { ok: false; reason: 'not_found' | 'too_late' | 'not_paid' | 'already' | 'nothing_left' | 'no_refunds' }

/** Whether a paid payment of `paidAt` is still within the site's refund days. */
export function withinRefundDays(site: Pick<TenantConfig, 'refundDays'>, paidAt: Date | null, now = new Date()): boolean {
  return paidAt !== null && now.getTime() - paidAt.getTime() <= site.refundDays * 86_400_000
}

/** The refund of `unused` of a purchase's credits: its share of the amount, rounded down (never more than was paid for them). */
export function proRataAmount(payment: Pick<Payment, 'amount' | 'credits'>, unused: number): number {
  return Math.floor((payment.amount * unused) / payment.credits)
}

/** Credits a reversal of `reversed` minor units takes back: credits x reversed / amount, rounded down. */
export function creditsFor(payment: Pick<Payment, 'amount' | 'credits'>, reversed: number): number {
  return Math.floor((payment.credits * Math.min(reversed, payment.amount)) / payment.amount)
}

async function lockPayment(tx: ScopedTx, scope: Scope, id: string): Promise<Payment | null> {
  const rows = await tx.$queryRaw<Payment[]>`SELECT * FROM "Payment" WHERE "poolId" = ${scope.poolId} AND "tenantId" = ${scope.tenantId} AND id = ${id} FOR UPDATE`
  return rows[0] ?? null
}

async function balanceOf(tx: ScopedTx, scope: Scope, userId: string): Promise<number> {
  const rows = await tx.$queryRaw<{ credits: number }[]>`SELECT credits FROM "User" WHERE "poolId" = ${scope.poolId} AND "tenantId" = ${scope.tenantId} AND id = ${userId} FOR UPDATE`
  return rows[0]?.credits ?? 0
}

/**
 * Holds the purchase's unused credits (as far as the balance still has them) and fixes the
 * refund's amount. The caller holds the payment's row lock. Null: nothing left to return.
 */
async function holdIn(tx: ScopedTx, scope: Scope, payment: Payment): Promise<{ credits: number; amount: number } | null> {
  const balance = await balanceOf(tx, scope, payment.userId)
  const unused = Math.min(payment.credits - payment.creditsTakenBack, balance)
  const amount = proRataAmount(payment, unused)
  if (unused <= 0 || amount <= 0) return null
  const debit = await changeCredits(tx, scope, { userId: payment.userId, delta: -unused, reason: 'refund', reference: payment.id })
  if (!debit.ok) return null
  await tx.payment.update({ where: { poolId_tenantId_id: { poolId: scope.poolId, tenantId: scope.tenantId, id: payment.id } }, data: { refundCredits: unused, refundAmount: amount, creditsTakenBack: { increment: unused } } })
  return { credits: unused, amount }
}

export async function requestRefund(db: Db, site: Site, scope: Scope, userId: string, paymentId: string, now = new Date()): Promise<RefundRequest> {
  return withScope(db, scope, async (tx) => {
    const found = await tx.payment.findFirst({ where: { poolId: scope.poolId, tenantId: scope.tenantId, userId, id: paymentId }, select: { id: true } })
    if (!found) return { ok: false, reason: 'not_found' }
    // Under the row lock: two clicks make one request and one hold.
    const payment = await lockPayment(tx, scope, found.id)
    if (!payment) return { ok: false, reason: 'not_found' }
    if (site.refundPolicy === 'none') return { ok: false, reason: 'no_refunds' }
    if (payment.status !== 'paid' || payment.chargedBackAt || payment.amountReversed > 0) return { ok: false, reason: 'not_paid' }
    if (payment.refundStatus) return { ok: false, reason: 'already' }
    if (!withinRefundDays(site, payment.paidAt, now)) return { ok: false, reason: 'too_late' }
    const held = await holdIn(tx, scope, payment)
    if (!held) return { ok: false, reason: 'nothing_left' }
    await tx.payment.update({ where: { poolId_tenantId_id: { poolId: scope.poolId, tenantId: scope.tenantId, id: payment.id } }, data: { refundStatus: 'requested', refundRequestedAt: now } })
    return { ok: true, ...held }
  })
}

export async function refundRequests(db: Db, scope: Scope) {
  return withScope(db, scope, (tx) =>
    tx.payment.findMany({ where: { poolId: scope.poolId, tenantId: scope.tenantId, refundStatus: 'requested' }, orderBy: { refundRequestedAt: 'asc' }, take: 200 }),
  )
}

/**
 * Premium (SPEC §1) follows the purchases: a member is premium while a paid purchase is kept,
 * that is neither charged back, nor returned on the member's request (approved), nor
 * refunded in full (a partial refund from Mollie's dashboard keeps it).
 */
export function keptPurchaseWhere(scope: Scope, userId: string) {
  return {
    tenantId: scope.tenantId,
    userId,
    status: 'paid' as const,
    chargedBackAt: null,
    OR: [{ refundStatus: null }, { refundStatus: { in: ['requested' as const, 'rejected' as const] } }],
  }
}

export async function settlePremiumIn(tx: ScopedTx, scope: Scope, userId: string): Promise<boolean> {
  const kept = (await tx.payment.findMany({ where: keptPurchaseWhere(scope, userId), select: { amount: true, amountReversed: true } })).filter((p) => p.amountReversed < p.amount).length
  await tx.user.updateMany({ where: { poolId: scope.poolId, tenantId: scope.tenantId, id: userId }, data: { paidUser: kept > 0 } })
  return kept > 0
}

export type RefundDecision = { ok: true; status: 'processing' | 'rejected' } | { ok: false; reason: 'not_found' | 'nothing_left' | 'amount' }

/**
 * The operator's decision. Approving queues the Mollie call (`sendRefund`, job
 * `payment-refund`) in the transaction that claims the request, so it is sent even when this
 * process dies right after. Declining gives the held credits back. `inDecision` runs in that
 * transaction too (the console's audit row).
 */
export async function decideRefund(
  db: Db,
  _site: Site,
  scope: Scope,
  paymentId: string,
  approve: boolean,
  options: {
    inDecision?: (tx: ScopedTx, payment: { id: string; userId: string; amount: number; currency: string; credits: number; refundAmount: number | null; refundCredits: number | null }) => Promise<void>
    /** An approval for another amount than the policy's (minor units, up to what was paid): a full or other partial refund (decision 054). */
    amount?: number
  } = {},
): Promise<RefundDecision> {
  const decided = await withScope(db, scope, async (tx): Promise<RefundDecision> => {
    const payment = await lockPayment(tx, scope, paymentId)
    if (!payment || payment.refundStatus !== 'requested' || payment.chargedBackAt || payment.amountReversed > 0) return { ok: false, reason: 'not_found' }
    let current = payment
    if (approve && current.refundAmount === null) {
      // A request from before holds existed: hold now.
      if (!(await holdIn(tx, scope, current))) return { ok: false, reason: 'nothing_left' }
      current = (await lockPayment(tx, scope, paymentId))!
    }
    if (approve && options.amount !== undefined) {
      if (!Number.isSafeInteger(options.amount) || options.amount < 1 || options.amount > current.amount - current.amountReversed) return { ok: false, reason: 'amount' }
      await tx.payment.update({ where: { poolId_tenantId_id: { poolId: scope.poolId, tenantId: scope.tenantId, id: current.id } }, data: { refundAmount: options.amount } })
      current = { ...current, refundAmount: options.amount }
    }
    if (approve) {
      await tx.payment.update({ where: { poolId_tenantId_id: { poolId: scope.poolId, tenantId: scope.tenantId, id: current.id } }, data: { refundStatus: 'processing' } })
      await enqueueIn(tx, 'payment-refund', { tenantId: scope.tenantId, paymentId: current.id })
      await settlePremiumIn(tx, scope, current.userId)
    } else {
      if (current.refundCredits) {
        await changeCredits(tx, scope, { userId: current.userId, delta: current.refundCredits, reason: 'refund_release', reference: current.id })
        await tx.payment.update({ where: { poolId_tenantId_id: { poolId: scope.poolId, tenantId: scope.tenantId, id: current.id } }, data: { creditsTakenBack: { decrement: current.refundCredits } } })
      }
      await tx.payment.update({ where: { poolId_tenantId_id: { poolId: scope.poolId, tenantId: scope.tenantId, id: current.id } }, data: { refundStatus: 'rejected' } })
    }
    await options.inDecision?.(tx, current)
    return { ok: true, status: approve ? 'processing' : 'rejected' }
  })
  if (decided.ok && decided.status === 'processing') wake('payment-refund')
  return decided
}

export type RefundSend = 'sent' | 'already' | 'not_processing' | 'unavailable'

/**
 * The Mollie refund of an approved request (the `payment-refund` job, and reconciliation for
 * one whose job gave up). Idempotent: Mollie's idempotency key is our row, and a refund id
 * once stored ends it. Throws on a provider error, so the job is retried.
 */
export async function sendRefund(db: Db, site: Pick<TenantConfig, 'slug' | 'payments'>, scope: Scope, paymentId: string, log: Log = console): Promise<RefundSend> {
  const payment = await withScope(db, scope, (tx) => tx.payment.findFirst({ where: { poolId: scope.poolId, tenantId: scope.tenantId, id: paymentId } }))
  if (!payment || payment.refundStatus !== 'processing') return 'not_processing'
  if (payment.mollieRefundId) return 'already'
  const mollie = mollieFor(site)
  if (!mollie || !payment.molliePaymentId || !payment.refundAmount) {
    log.error(`payments: ${scope.tenantId}: refund of ${payment.id} cannot be sent (no provider, Mollie id or amount)`)
    return 'unavailable'
  }
  const refund = await mollie.paymentRefunds.create({
    paymentId: payment.molliePaymentId,
    amount: { value: amountValue(payment.refundAmount), currency: payment.currency },
    description: `Refund ${payment.id}`,
    idempotencyKey: `refund-${payment.id}`,
  })
  await withScope(db, scope, (tx) => tx.payment.updateMany({ where: { poolId: scope.poolId, tenantId: scope.tenantId, id: payment.id, mollieRefundId: null }, data: { mollieRefundId: refund.id } }))
  log.info(`payments: ${scope.tenantId}: refund of ${payment.id} sent (${amountValue(payment.refundAmount)} ${payment.currency})`)
  return 'sent'
}

/**
 * A refund or chargeback Mollie reports on a paid payment (the caller holds its row lock):
 * `reversed` minor units in all take back credits x reversed / amount, less what was taken
 * back already (a member's refund hold), as far as the balance still holds them; once per
 * new total. Then premium is settled again.
 */
export async function applyReversal(tx: ScopedTx, scope: Scope, payment: Payment, reversedTotal: number, kind: 'refund' | 'chargeback', log: Log): Promise<boolean> {
  const reversed = Math.min(reversedTotal, payment.amount)
  if (reversed <= payment.amountReversed) return false
  const target = creditsFor(payment, reversed)
  let taken = 0
  const wanted = target - payment.creditsTakenBack
  if (wanted > 0) {
    const balance = await balanceOf(tx, scope, payment.userId)
    const debit = Math.min(wanted, balance)
    if (debit > 0) {
      const result = await changeCredits(tx, scope, { userId: payment.userId, delta: -debit, reason: 'refund', reference: `${payment.id}:${reversed}` })
      if (result.ok) taken = debit
      else if (result.reason !== 'duplicate') log.warn(`payments: ${scope.tenantId}: ${kind} of ${payment.id}: ${result.reason}`)
    }
  }
  const now = new Date()
  const done = payment.refundStatus === 'processing' && payment.refundAmount !== null && reversed >= payment.refundAmount
  await tx.payment.update({
    where: { poolId_tenantId_id: { poolId: scope.poolId, tenantId: scope.tenantId, id: payment.id } },
    data: {
      amountReversed: reversed,
      creditsTakenBack: { increment: taken },
      ...(kind === 'chargeback' ? { chargedBackAt: payment.chargedBackAt ?? now } : {}),
      // Our refund arrived, a full refund from Mollie's dashboard, or money that went back
      // while a request waited: the purchase is returned (a waiting request is not sent any more).
      ...(done || (payment.refundStatus === null && reversed >= payment.amount) || payment.refundStatus === 'requested' ? { refundStatus: 'refunded' as const, refundedAt: now } : {}),
      ...(kind === 'refund' && !payment.refundedAt ? { refundedAt: now } : {}),
    },
  })
  await settlePremiumIn(tx, scope, payment.userId)
  log.info(`payments: ${scope.tenantId}: ${kind} of ${payment.id} (${amountValue(reversed)} ${payment.currency} in all): ${taken} credit(s) taken back`)
  return true
}
