// Repeat orders (SPEC §2 /credits/repeat-order): a member's Mollie customer, the mandates a
// first payment left behind (saved cards and accounts), and recurring payments on them.
// Every charge has our row first; its id is Mollie's idempotency key and the browser's key
// makes a double click one row, so a repeated request never charges twice.
import type { TenantConfig } from '../../../tenants/schema.ts'
import type { Db } from '../db/client.server.ts'
import { withScope, type Scope } from '../db/scoped.server.ts'
import { mollieFor } from './mollie.server.ts'
import { amountValue, bundlePrice } from './purchase.server.ts'
import { customerFor } from './customers.server.ts'

type Site = Pick<TenantConfig, 'slug' | 'name' | 'payments' | 'creditBundles' | 'countries'>

export type SavedMethod = { id: string; method: string; label: string }

/** Valid mandates of the member: what a repeat order can charge. */
export async function savedMethods(db: Db, site: Site, scope: Scope, userId: string): Promise<SavedMethod[]> {
  const mollie = mollieFor(site)
  if (!mollie) return []
  const customer = await withScope(db, scope, (tx) => tx.paymentCustomer.findUnique({ where: { tenantId_userId: { tenantId: scope.tenantId, userId } } }))
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
  const customer = await withScope(db, scope, (tx) => tx.paymentCustomer.findUnique({ where: { tenantId_userId: { tenantId: scope.tenantId, userId } } }))
  if (!mollie || !customer || !/^mdt_\w{1,64}$/.test(mandateId)) return false
  try {
    await mollie.customerMandates.revoke(mandateId, { customerId: customer.mollieCustomerId })
    return true
  } catch {
    return false
  }
}

export type RepeatResult = { ok: true; paymentId: string } | { ok: false; reason: 'unavailable' | 'unknown_bundle' | 'no_mandate' | 'provider' }

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
  const payment = await withScope(db, scope, async (tx) => {
    await tx.$executeRaw`
      INSERT INTO "Payment" (id, "tenantId", "userId", "bundleId", credits, amount, currency, method, sequence, "idempotencyKey", status, "updatedAt")
      VALUES (gen_random_uuid()::text, ${scope.tenantId}, ${input.userId}, ${bundle.id}, ${bundle.credits}, ${bundle.amount}, ${bundle.currency},
              ${mandate.method === 'directdebit' ? 'sdd' : mandate.method}, 'recurring', ${input.idempotencyKey}, 'open', now())
      ON CONFLICT ("tenantId", "userId", "idempotencyKey") DO NOTHING`
    return tx.payment.findUniqueOrThrow({ where: { tenantId_userId_idempotencyKey: { tenantId: scope.tenantId, userId: input.userId, idempotencyKey: input.idempotencyKey } } })
  })
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
    await withScope(db, scope, (tx) => tx.payment.update({ where: { id: payment.id }, data: { molliePaymentId: created.id, status: created.status as never } }))
    return { ok: true, paymentId: payment.id }
  } catch (error) {
    console.error(`payments: ${scope.tenantId}: repeat order ${payment.id} failed`, error)
    await withScope(db, scope, (tx) => tx.payment.update({ where: { id: payment.id }, data: { status: 'failed' } }))
    return { ok: false, reason: 'provider' }
  }
}

/** The bundle of the member's last paid purchase, for "buy it again". */
export async function lastBundleId(db: Db, scope: Scope, userId: string): Promise<string | null> {
  const last = await withScope(db, scope, (tx) => tx.payment.findFirst({ where: { tenantId: scope.tenantId, userId, status: 'paid' }, orderBy: { createdAt: 'desc' }, select: { bundleId: true } }))
  return last?.bundleId ?? null
}
