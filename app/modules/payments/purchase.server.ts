// Starting a credit purchase (docs/decisions/015-payments.md): the bundle and its price come
// from the tenant config, the discount from discounts.server.ts; a Payment row is written
// first (its id is Mollie's metadata and idempotency key), then the Mollie payment. The
// browser's idempotency key makes a double submit return the same payment.
import type { TenantConfig, PaymentMethod } from '../../../tenants/schema.ts'
import type { Db } from '../db/client.server.ts'
import { withScope, type Scope } from '../db/scoped.server.ts'
import { pricedBundles } from '../site/pricing.ts'
import { activeDiscountFor, checkDiscountCode, discounted, type CodeCheck } from './discounts.server.ts'
import { METHODS, methodsFor } from './methods.ts'
import { mollieFor } from './mollie.server.ts'
import { customerFor, MANDATE_METHODS } from './customers.server.ts'

type Site = Pick<TenantConfig, 'slug' | 'name' | 'payments' | 'creditBundles' | 'countries' | 'welcomeDiscountHours'> & { company?: Pick<TenantConfig['company'], 'deleteDiscount'> }

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

export async function startPurchase(db: Db, site: Site, scope: Scope, input: PurchaseInput): Promise<PurchaseResult> {
  const mollie = mollieFor(site)
  if (!mollie) return { ok: false, reason: 'unavailable' }
  const bundle = bundlePrice(site, input.bundleId, input.country)
  if (!bundle) return { ok: false, reason: 'unknown_bundle' }
  if (input.method && !methodsFor(site.payments.methods, input.country, bundle.currency).includes(input.method)) return { ok: false, reason: 'method' }

  const prepared = await withScope(db, scope, async (tx) => {
    const earlier = await tx.payment.findUnique({ where: { tenantId_userId_idempotencyKey: { tenantId: scope.tenantId, userId: input.userId, idempotencyKey: input.idempotencyKey } } })
    if (earlier) return { ok: true as const, payment: earlier }
    const member = await tx.user.findFirst({ where: { tenantId: scope.tenantId, id: input.userId }, select: { id: true, paidUser: true, signupDate: true } })
    if (!member) return { ok: false as const, reason: 'unavailable' as const }
    let code: string | null = null
    let percent = 0
    if (input.code) {
      const check = await checkDiscountCode(tx, scope, site, member, input.code, { country: input.country, currency: bundle.currency, amount: bundle.amount, method: input.method })
      if (!check.ok) return { ok: false as const, reason: 'code' as const, code: check.reason }
      code = check.code
      percent = check.percent
    } else {
      const active = await activeDiscountFor(tx, scope, site, member)
      if (active) {
        code = active.code
        percent = active.percent
      }
    }
    // ON CONFLICT: a concurrent submit with the same key inserted first; use its row.
    const rows = await tx.$queryRaw<{ id: string }[]>`
      INSERT INTO "Payment" (id, "tenantId", "userId", "bundleId", credits, amount, currency, method, issuer, "discountCode", "discountPercent", "idempotencyKey", "updatedAt")
      VALUES (gen_random_uuid()::text, ${scope.tenantId}, ${input.userId}, ${bundle.id}, ${bundle.credits}, ${discounted(bundle.amount, percent)}, ${bundle.currency},
              ${input.method}, ${input.method === 'ideal' ? input.issuer : null}, ${code}, ${percent}, ${input.idempotencyKey}, now())
      ON CONFLICT ("tenantId", "userId", "idempotencyKey") DO NOTHING
      RETURNING id`
    const payment = await tx.payment.findUnique({ where: { tenantId_userId_idempotencyKey: { tenantId: scope.tenantId, userId: input.userId, idempotencyKey: input.idempotencyKey } } })
    return payment && rows.length >= 0 ? { ok: true as const, payment } : { ok: false as const, reason: 'unavailable' as const }
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
    await withScope(db, scope, (tx) => tx.payment.update({ where: { id: payment.id }, data: { molliePaymentId: created.id, checkoutUrl, ...(customerId ? { sequence: 'first' as const } : {}) } }))
    return { ok: true, paymentId: payment.id, checkoutUrl }
  } catch (error) {
    console.error(`payments: ${site.slug}: creating the Mollie payment for ${payment.id} failed`, error)
    return { ok: false, reason: 'provider' }
  }
}
