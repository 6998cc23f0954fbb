// Mollie tells us a payment changed (webhook `id=tr_...`) or the reconciliation asks: fetch
// it with the site's own key, check it against our row, and apply it exactly once
// (docs/decisions/015-payments.md). The ledger's unique (site, reason, reference) is the
// last word: a purchase credits once, a refund or chargeback debits once, however many
// webhooks arrive at the same moment.
import { queuePurchasePostbacksIn } from '../postbacks/postbacks.server.ts'
import type { Payment as MolliePayment } from '@mollie/api-client'
import { changeCredits } from '../credits/ledger.server.ts'
import type { Db } from '../db/client.server.ts'
import { withScope, type Scope } from '../db/scoped.server.ts'
import type { Payment, PaymentStatus } from '~/generated/prisma/client.ts'
import { mollieFor } from './mollie.server.ts'
import { amountValue } from './purchase.server.ts'
import { queueReceiptIn } from './receipt.server.ts'
import { applyReversal } from './refunds.server.ts'
import { releaseDiscountIn } from './discounts.server.ts'
import type { LoadedTenant } from '../tenancy/load-tenants.server.ts'
import { metrics } from '../observability/metrics.server.ts'

type Site = LoadedTenant
type Log = Pick<Console, 'info' | 'error' | 'warn'>

export type SyncOutcome = 'unknown' | 'limited' | 'unavailable' | 'mismatch' | 'unchanged' | 'credited' | 'updated' | 'reversed'

// A burst of webhooks for one payment queues on its row lock: each may wait for a connection.
const WAIT = { maxWait: 15_000, timeout: 20_000 }

const STATUSES: readonly PaymentStatus[] = ['open', 'pending', 'authorized', 'paid', 'failed', 'canceled', 'expired']

/** Why Mollie's payment is not the one we asked for, or null when it is. */
export function mismatchOf(row: Pick<Payment, 'id' | 'amount' | 'currency'>, remote: Pick<MolliePayment, 'amount' | 'metadata'>): string | null {
  const metadata = remote.metadata as { paymentId?: unknown } | null
  if (!metadata || metadata.paymentId !== row.id) return `metadata ${JSON.stringify(remote.metadata)} does not name payment ${row.id}`
  if (remote.amount.currency !== row.currency) return `currency ${remote.amount.currency} instead of ${row.currency}`
  if (remote.amount.value !== amountValue(row.amount)) return `amount ${remote.amount.value} instead of ${amountValue(row.amount)}`
  return null
}

const isNotFound = (error: unknown) => typeof error === 'object' && error !== null && (error as { statusCode?: unknown }).statusCode === 404

/** Applies Mollie's state of payment `molliePaymentId` to this site's row. Throws on a provider error (Mollie retries). */
/**
 * The webhook's guard of lookups for ids we do not know (decision 054): `reserve` before the
 * GET at Mollie (false: not asked, 'limited'), `giveBack` when Mollie knew the payment.
 */
export type UnknownLookupGuard = { reserve: () => Promise<boolean>; giveBack: () => Promise<void> }

export async function syncPayment(db: Db, site: Site, scope: Scope, molliePaymentId: string, log: Log = console, guard?: UnknownLookupGuard): Promise<SyncOutcome> {
  if (!/^tr_\w{1,64}$/.test(molliePaymentId)) return 'unknown'
  let row = await withScope(db, scope, (tx) => tx.payment.findUnique({ where: { poolId_tenantId_molliePaymentId: { poolId: scope.poolId, tenantId: scope.tenantId, molliePaymentId } } }), WAIT)
  const mollie = mollieFor(site)
  if (!mollie) return row ? 'unavailable' : 'unknown'
  if (!row && guard && !(await guard.reserve())) return 'limited'
  let remote: MolliePayment
  try {
    remote = await mollie.payments.get(molliePaymentId)
  } catch (error) {
    if (isNotFound(error)) return 'unknown'
    if (!row) await guard?.giveBack()
    throw error
  }
  if (!row) {
    // Mollie made the payment but our write of its id failed (decision 040): the site's own
    // key found it, and its metadata names our row, which has no Mollie id yet.
    row = await adoptLostPayment(db, scope, remote)
    if (!row) return 'unknown'
    await guard?.giveBack()
    log.warn(`payments: ${scope.tenantId}: payment ${row.id} found at Mollie as ${molliePaymentId}`)
  }
  const mismatch = mismatchOf(row, remote)
  if (mismatch) {
    log.error(`payments: ${scope.tenantId}: payment ${row.id} (${molliePaymentId}) not credited: ${mismatch}`)
    await withScope(db, scope, (tx) => tx.payment.update({ where: { poolId_tenantId_id: { poolId: scope.poolId, tenantId: scope.tenantId, id: row.id } }, data: { mismatch } }), WAIT)
    return 'mismatch'
  }
  const status = STATUSES.includes(remote.status as PaymentStatus) ? (remote.status as PaymentStatus) : row.status
  const reversed = remote.status === 'paid' && (hasAmount(remote.amountRefunded) || hasAmount(remote.amountChargedBack))
  return withScope(db, scope, async (tx) => {
    // One sync of a payment at a time; the others wait and then see its result.
    const locked = await tx.$queryRaw<Payment[]>`SELECT * FROM "Payment" WHERE "tenantId" = ${scope.tenantId} AND id = ${row.id} FOR UPDATE`
    const current = locked[0]
    if (!current) return 'unknown'
    let outcome: SyncOutcome = 'unchanged'
    if (status === 'paid') {
      const credit = await changeCredits(tx, scope, { userId: current.userId, delta: current.credits, reason: 'purchase', reference: current.id })
      if (credit.ok) {
        outcome = 'credited'
        // Premium (SPEC §1) from the first paid purchase; refunds and chargebacks settle it again (refunds.server.ts).
        await tx.user.updateMany({ where: { poolId: scope.poolId, tenantId: scope.tenantId, id: current.userId }, data: { paidUser: true } })
        // The receipt, in this transaction: sent when (and only if) the credits arrived.
        await queueReceiptIn(tx, site, current)
        // Decision 052: purchase (and first_purchase) postbacks, once per payment and network.
        await queuePurchasePostbacksIn(tx, scope, current)
        if (current.discountCode) {
          await tx.$executeRaw`INSERT INTO "DiscountRedemption" ("poolId", "tenantId", code, "userId", "paymentId") VALUES (${scope.poolId}, ${scope.tenantId}, ${current.discountCode}, ${current.userId}, ${current.id}) ON CONFLICT DO NOTHING`
        }
      } else if (credit.reason === 'no_account') {
        log.warn(`payments: ${scope.tenantId}: payment ${current.id} is paid but its account is gone`)
      }
      if (current.status !== 'paid' || !current.creditedAt) {
        await tx.payment.update({ where: { poolId_tenantId_id: { poolId: scope.poolId, tenantId: scope.tenantId, id: current.id } }, data: { status: 'paid', paidAt: current.paidAt ?? (remote.paidAt ? new Date(remote.paidAt) : new Date()), creditedAt: current.creditedAt ?? new Date() } })
        if (outcome === 'unchanged') outcome = 'updated'
      }
      if (reversed) {
        // Refunded plus charged back, in all: credits x reversed / amount come back out once.
        const fresh = (await tx.$queryRaw<Payment[]>`SELECT * FROM "Payment" WHERE "tenantId" = ${scope.tenantId} AND id = ${current.id}`)[0]!
        const total = cents(remote.amountRefunded) + cents(remote.amountChargedBack)
        outcome = (await applyReversal(tx, scope, fresh, total, hasAmount(remote.amountChargedBack) ? 'chargeback' : 'refund', log)) ? 'reversed' : outcome
      }
    } else if (current.status !== 'paid' && current.status !== status) {
      // A paid payment never goes back; anything else follows Mollie.
      await tx.payment.update({ where: { poolId_tenantId_id: { poolId: scope.poolId, tenantId: scope.tenantId, id: current.id } }, data: { status } })
      // A checkout that failed, expired or was canceled gives its discount back (decision 040).
      if (status === 'failed' || status === 'canceled' || status === 'expired') await releaseDiscountIn(tx, scope, current.id)
      outcome = 'updated'
    }
    if (outcome !== 'unchanged') metrics.payments.inc({ state: reversed && outcome === 'reversed' ? 'reversed' : status })
    return outcome
  }, WAIT)
}

/** Links our row named in a Mollie payment's metadata to it, when the row has no Mollie id yet. */
export async function adoptLostPayment(db: Db, scope: Scope, remote: Pick<MolliePayment, 'id' | 'metadata' | '_links'>): Promise<Payment | null> {
  const paymentId = (remote.metadata as { paymentId?: unknown } | null)?.paymentId
  if (typeof paymentId !== 'string' || paymentId.length > 60) return null
  return withScope(db, scope, async (tx) => {
    const checkoutUrl = remote._links?.checkout?.href ?? null
    const adopted = await tx.payment.updateMany({ where: { poolId: scope.poolId, tenantId: scope.tenantId, id: paymentId, molliePaymentId: null }, data: { molliePaymentId: remote.id, ...(checkoutUrl ? { checkoutUrl } : {}) } })
    if (adopted.count === 0) return null
    return tx.payment.findUnique({ where: { poolId_tenantId_id: { poolId: scope.poolId, tenantId: scope.tenantId, id: paymentId } } })
  }, WAIT)
}

function hasAmount(amount: { value: string } | undefined | null): boolean {
  return Boolean(amount && Number(amount.value) > 0)
}

const cents = (amount: { value: string } | undefined | null): number => (amount ? Math.round(Number(amount.value) * 100) : 0)
