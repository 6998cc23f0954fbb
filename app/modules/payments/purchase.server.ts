// Starting a credit purchase (docs/decisions/015-payments.md): the bundle and its price come
// from the tenant config, the discount from discounts.server.ts; a Payment row is written
// first (its id is Mollie's metadata and idempotency key), then the Mollie payment. The
// browser's idempotency key makes a double submit return the same payment.
import { randomUUID } from 'node:crypto'
import type { TenantConfig, PaymentMethod } from '../../../tenants/schema.ts'
import type { Db } from '../db/client.server.ts'
import { withScope, type Scope, type ScopedTx } from '../db/scoped.server.ts'
import { pricedBundles } from '../site/pricing.ts'
import { activeDiscountFor, checkDiscountCode, discounted, reserveDiscount, type CodeCheck, type Member, type Order } from './discounts.server.ts'
import { METHODS, methodsFor } from './methods.ts'
import { mollieFor } from './mollie.server.ts'
import { customerFor, MANDATE_METHODS } from './customers.server.ts'

type Site = Pick<TenantConfig, 'slug' | 'name' | 'payments' | 'creditBundles' | 'countries' | 'welcomeDiscountHours'>

export type PurchaseInput = {
  userId: string
  bundleId: string
  method: PaymentMethod | null
  issuer: string | null
  /** The member's payment country (profile), which picks the currency and the methods. */
  country: string | null
  code: string | null
  idempotencyKey: string
  /** This site's origin as the member sees it, for the return and webhook URLs. */
  origin: string
  locale: string
}

export type PurchaseResult =
  | { ok: true; paymentId: string; checkoutUrl: string }
  | { ok: false; reason: 'unknown_bundle' | 'method' | 'unavailable' | 'provider' }
  | { ok: false; reason: 'code'; code: Exclude<CodeCheck, { ok: true }>['reason'] }

/** What a purchase of `bundleId` costs this member now (null: no such bundle in their currency). */
export function bundlePrice(site: Pick<TenantConfig, 'creditBundles' | 'countries'>, bundleId: string, country: string | null) {
  return pricedBundles(site, country).find((bundle) => bundle.id === bundleId) ?? null
}

export const amountValue = (minor: number) => (minor / 100).toFixed(2)

/** Locks the member's account row: their checkouts and discount reservations one at a time. */
export async function lockMember(tx: ScopedTx, scope: Scope, userId: string): Promise<Member | null> {
  const rows = await tx.$queryRaw<Member[]>`SELECT id, "paidUser", "signupDate" FROM "User" WHERE "tenantId" = ${scope.tenantId} AND id = ${userId} FOR UPDATE`
  return rows[0] ?? null
}

export type DiscountChoice = { ok: true; code: string | null; percent: number } | Exclude<CodeCheck, { ok: true }>

/**
 * The discount of a new checkout, the same for every method (card, iDEAL, direct debit...):
 * a typed code, else the running time bonus or welcome discount, else none. Reserve it with
 * reserveDiscount in the transaction that writes the payment.
 */
export async function discountFor(tx: ScopedTx, scope: Scope, site: Pick<TenantConfig, 'welcomeDiscountHours'>, member: Member, typed: string | null, order: Order): Promise<DiscountChoice> {
  if (typed) {
    const check = await checkDiscountCode(tx, scope, site, member, typed, order)
    return check.ok ? { ok: true, code: check.code, percent: check.percent } : check
  }
  const active = await activeDiscountFor(tx, scope, site, member)
  return { ok: true, code: active?.code ?? null, percent: active?.percent ?? 0 }
}

export async function startPurchase(db: Db, site: Site, scope: Scope, input: PurchaseInput): Promise<PurchaseResult> {
  const mollie = mollieFor(site)
  if (!mollie) return { ok: false, reason: 'unavailable' }
  const bundle = bundlePrice(site, input.bundleId, input.country)
  if (!bundle) return { ok: false, reason: 'unknown_bundle' }
  if (input.method && !methodsFor(site.payments.methods, input.country, bundle.currency).includes(input.method)) return { ok: false, reason: 'method' }

  const prepared = await withScope(db, scope, async (tx) => {
    // One checkout of this member at a time: a double submit waits and finds the first's row,
    // and two checkouts cannot both take a once-only discount (decision 040).
    const member = await lockMember(tx, scope, input.userId)
    if (!member) return { ok: false as const, reason: 'unavailable' as const }
    const earlier = await tx.payment.findUnique({ where: { poolId_tenantId_userId_idempotencyKey: { poolId: scope.poolId, tenantId: scope.tenantId, userId: input.userId, idempotencyKey: input.idempotencyKey } } })
    if (earlier) return { ok: true as const, payment: earlier }
    const discount = await discountFor(tx, scope, site, member, input.code, { country: input.country, currency: bundle.currency, amount: bundle.amount, method: input.method })
    if (!discount.ok) return { ok: false as const, reason: 'code' as const, code: discount.reason }
    const id = randomUUID()
    const payment = await tx.payment.create({
      data: {
        id,
        poolId: scope.poolId,
        tenantId: scope.tenantId,
        userId: input.userId,
        bundleId: bundle.id,
        credits: bundle.credits,
        amount: discounted(bundle.amount, discount.percent),
        currency: bundle.currency,
        method: input.method,
        issuer: input.method === 'ideal' ? input.issuer : null,
        discountCode: discount.code,
        discountPercent: discount.percent,
        idempotencyKey: input.idempotencyKey,
      },
    })
    if (discount.code && !(await reserveDiscount(tx, scope, input.userId, discount.code, id))) throw new Error(`discount ${discount.code} was taken under the member's lock`)
    return { ok: true as const, payment }
  })
  if (!prepared.ok) return prepared.reason === 'code' ? { ok: false, reason: 'code', code: prepared.code } : { ok: false, reason: prepared.reason }
  const { payment } = prepared
  if (payment.molliePaymentId && payment.checkoutUrl) return { ok: true, paymentId: payment.id, checkoutUrl: payment.checkoutUrl }
  if (payment.status !== 'open') return { ok: true, paymentId: payment.id, checkoutUrl: `${input.origin}/credits/result/${payment.id}` }

  try {
    // A method that can leave a mandate makes this a first payment of the member's customer:
    // afterwards the card or account is saved for repeat orders.
    const mollieMethod = payment.method ? METHODS[payment.method as PaymentMethod].mollie : null
    const customerId = mollieMethod && MANDATE_METHODS.has(mollieMethod) ? await customerFor(db, mollie, scope, payment.userId) : null
    // Our row's id is Mollie's idempotency key: however often this runs for one row, Mollie
    // makes one payment.
    const created = await mollie.payments.create({
      amount: { value: amountValue(payment.amount), currency: payment.currency },
      description: `${payment.credits} credits ${site.name}`,
      redirectUrl: `${input.origin}/credits/result/${payment.id}`,
      webhookUrl: `${input.origin}/api/payments/webhook`,
      metadata: { paymentId: payment.id, site: site.slug, member: payment.userId },
      ...(mollieMethod ? { method: mollieMethod as never } : {}),
      ...(customerId ? { customerId, sequenceType: 'first' as never } : {}),
      ...(payment.issuer ? { issuer: payment.issuer } : {}),
      locale: (input.locale === 'nl' ? 'nl_NL' : input.locale === 'de' ? 'de_DE' : input.locale === 'fr' ? 'fr_FR' : 'en_US') as never,
      idempotencyKey: payment.id,
    })
    const checkoutUrl = created.getCheckoutUrl() ?? `${input.origin}/credits/result/${payment.id}`
    await withScope(db, scope, (tx) => tx.payment.update({ where: { poolId_tenantId_id: { poolId: scope.poolId, tenantId: scope.tenantId, id: payment.id } }, data: { molliePaymentId: created.id, checkoutUrl, ...(customerId ? { sequence: 'first' as const } : {}) } }))
    return { ok: true, paymentId: payment.id, checkoutUrl }
  } catch (error) {
    console.error(`payments: ${site.slug}: creating the Mollie payment for ${payment.id} failed`, error)
    return { ok: false, reason: 'provider' }
  }
}
