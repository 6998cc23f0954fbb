// Repeat orders (SPEC §2 /credits/repeat-order): a member's Mollie customer, the mandates a
// first payment left behind (saved cards and accounts), and recurring payments on them.
// Every charge has our row first; its id is Mollie's idempotency key and the browser's key
// makes a double click one row, so a repeated request never charges twice.
import type { TenantConfig } from '../../../tenants/schema.ts'
import type { Db } from '../db/client.server.ts'
import { withScope, type Scope } from '../db/scoped.server.ts'
import { mollieFor } from './mollie.server.ts'
import { amountValue, bundlePrice, lockMember } from './purchase.server.ts'
import { assertDirectDebitAllowed } from './direct-debit-rules.server.ts'
import { customerFor } from './customers.server.ts'

type Site = Pick<TenantConfig, 'slug' | 'name' | 'payments' | 'creditBundles' | 'countries'>

export type SavedMethod = { id: string; method: string; label: string }

/** Valid mandates of the member: what a repeat order can charge. */
export async function savedMethods(db: Db, site: Site, scope: Scope, userId: string): Promise<SavedMethod[]> {
  const mollie = mollieFor(site)
  if (!mollie) return []
  const customer = await withScope(db, scope, (tx) => tx.paymentCustomer.findUnique({ where: { poolId_tenantId_userId: { poolId: scope.poolId, tenantId: scope.tenantId, userId } } }))
  if (!customer) return []
  const mandates = await mollie.customerMandates.page({ customerId: customer.mollieCustomerId })
  return mandates
    .filter((m) => m.status === 'valid')
    .map((m) => {
      const details = m.details as unknown as Record<string, string | null | undefined>
      const label = m.method === 'creditcard' ? `${details.cardLabel ?? 'Card'} •••• ${details.cardNumber ?? ''}` : `${details.consumerName ?? ''} ${(details.consumerAccount ?? '').replace(/^(.{4}).*(.{4})$/, '$1 •••• $2')}`.trim()
      return { id: m.id, method: m.method, label }
    })
}

export async function removeSavedMethod(db: Db, site: Site, scope: Scope, userId: string, mandateId: string): Promise<boolean> {
  const mollie = mollieFor(site)
  const customer = await withScope(db, scope, (tx) => tx.paymentCustomer.findUnique({ where: { poolId_tenantId_userId: { poolId: scope.poolId, tenantId: scope.tenantId, userId } } }))
  if (!mollie || !customer || !/^mdt_\w{1,64}$/.test(mandateId)) return false
  try {
    await mollie.customerMandates.revoke(mandateId, { customerId: customer.mollieCustomerId })
    return true
  } catch {
    return false
  }
}

export type RepeatResult = { ok: true; paymentId: string } | { ok: false; reason: 'unavailable' | 'unknown_bundle' | 'no_mandate' | 'provider' | 'blocked' | 'limit' }

/** Charges the bundle on a saved mandate; the same key returns the same payment. */
export async function repeatOrder(db: Db, site: Site, scope: Scope, input: { userId: string; bundleId: string; mandateId: string; country: string | null; idempotencyKey: string; origin: string }): Promise<RepeatResult> {
  const mollie = mollieFor(site)
  if (!mollie) return { ok: false, reason: 'unavailable' }
  const bundle = bundlePrice(site, input.bundleId, input.country)
  if (!bundle) return { ok: false, reason: 'unknown_bundle' }
  const saved = await savedMethods(db, site, scope, input.userId)
  const mandate = saved.find((m) => m.id === input.mandateId)
  if (!mandate) return { ok: false, reason: 'no_mandate' }
  const customerId = await customerFor(db, mollie, scope, input.userId)
  const method = mandate.method === 'directdebit' ? 'sdd' : mandate.method
  const prepared = await withScope(db, scope, async (tx) => {
    // One order of this member at a time: a double click waits, then finds the first's row.
    if (!(await lockMember(tx, scope, input.userId))) return 'unavailable' as const
    const earlier = await tx.payment.findUnique({ where: { poolId_tenantId_userId_idempotencyKey: { poolId: scope.poolId, tenantId: scope.tenantId, userId: input.userId, idempotencyKey: input.idempotencyKey } } })
    if (earlier) return earlier
    // A SEPA mandate is direct debit: the same block and 30-day limit as /directdebit (decision 040).
    if (method === 'sdd') {
      const refused = await assertDirectDebitAllowed(tx, scope, site, input.userId, bundle.amount)
      if (refused) return refused
    }
    return tx.payment.create({ data: { poolId: scope.poolId, tenantId: scope.tenantId, userId: input.userId, bundleId: bundle.id, credits: bundle.credits, amount: bundle.amount, currency: bundle.currency, method, sequence: 'recurring', idempotencyKey: input.idempotencyKey } })
  })
  if (typeof prepared === 'string') return { ok: false, reason: prepared }
  const payment = prepared
  if (payment.molliePaymentId) return { ok: true, paymentId: payment.id }
  try {
    const created = await mollie.customerPayments.create({
      customerId,
      sequenceType: 'recurring' as never,
      mandateId: mandate.id,
      amount: { value: amountValue(payment.amount), currency: payment.currency },
      description: `${payment.credits} credits ${site.name}`,
      webhookUrl: `${input.origin}/api/payments/webhook`,
      metadata: { paymentId: payment.id, site: site.slug, member: input.userId },
      idempotencyKey: payment.id,
    })
    await withScope(db, scope, (tx) => tx.payment.update({ where: { poolId_tenantId_id: { poolId: scope.poolId, tenantId: scope.tenantId, id: payment.id } }, data: { molliePaymentId: created.id, status: created.status as never } }))
    return { ok: true, paymentId: payment.id }
  } catch (error) {
    console.error(`payments: ${scope.tenantId}: repeat order ${payment.id} failed`, error)
    // Nothing was charged: its own status, never a bounced debit (decision 040). Reconciliation
    // still asks Mollie whether it made the payment after all.
    await withScope(db, scope, (tx) => tx.payment.updateMany({ where: { poolId: scope.poolId, tenantId: scope.tenantId, id: payment.id, molliePaymentId: null, status: 'open' }, data: { status: 'provider_error' } }))
    return { ok: false, reason: 'provider' }
  }
}

/** The bundle of the member's last paid purchase, for "buy it again". */
export async function lastBundleId(db: Db, scope: Scope, userId: string): Promise<string | null> {
  const last = await withScope(db, scope, (tx) => tx.payment.findFirst({ where: { poolId: scope.poolId, tenantId: scope.tenantId, userId, status: 'paid' }, orderBy: { createdAt: 'desc' }, select: { bundleId: true } }))
  return last?.bundleId ?? null
}
