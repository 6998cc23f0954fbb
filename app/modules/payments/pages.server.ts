// What the credit pages show (routes stay thin): bundles priced for the member's payment
// country, the running discount, the methods that work for them, their payments.
import type { AppLoadContext } from '@remix-run/node'
import { readScoped, withScope } from '../db/scoped.server.ts'
import { localized } from '../site/public-settings.server.ts'
import { pricedBundles } from '../site/pricing.ts'
import { pricingCountry } from '../site/pricing-country.server.ts'
import { paymentsEnabled } from './availability.ts'
import { activeDiscountFor, discounted, type ActiveDiscount } from './discounts.server.ts'
import { methodLabel, methodsFor } from './methods.ts'
import { mollieFor } from './mollie.server.ts'
import { syncPayment } from './sync.server.ts'
import { savedMethods, type SavedMethod } from './recurring.server.ts'
import type { Member } from '../auth/session.server.ts'

type Context = Pick<AppLoadContext, 'db' | 'reads' | 'scope' | 'tenant' | 'member' | 'locale' | 't'>

export type DiscountView = { code: string; percent: number; kind: ActiveDiscount['kind']; secondsLeft: number }

function discountView(discount: ActiveDiscount | null, now: Date): DiscountView | null {
  return discount ? { code: discount.code, percent: discount.percent, kind: discount.kind, secondsLeft: Math.max(0, Math.floor((discount.expiresAt.getTime() - now.getTime()) / 1000)) } : null
}

export async function activeDiscount(context: Context, member: Member, now = new Date()): Promise<DiscountView | null> {
  const { reads, scope, tenant } = context
  const discount = await readScoped(reads, scope, (tx) => activeDiscountFor(tx, scope, tenant, { id: member.userId, paidUser: member.paidUser, signupDate: member.signupDate }, now))
  return discountView(discount, now)
}

/** /credits: the bundles with their price after the running discount. */
export async function creditsPage(context: Context, member: Member, headers: Headers) {
  const country = await pricingCountry(context, headers)
  const discount = await activeDiscount(context, member)
  const bundles = pricedBundles(context.tenant, country).map((bundle) => ({ ...bundle, price: discount ? discounted(bundle.amount, discount.percent) : bundle.amount }))
  return { bundles, discount, enabled: paymentsEnabled(context.tenant) && mollieFor(context.tenant) !== null, country }
}

const issuersCache = new Map<string, { id: string; name: string }[]>()

/** iDEAL's banks from Mollie (cached per site); none when Mollie cannot be asked. */
async function idealIssuers(context: Context): Promise<{ id: string; name: string }[]> {
  const cached = issuersCache.get(context.tenant.slug)
  if (cached) return cached
  const mollie = mollieFor(context.tenant)
  if (!mollie) return []
  try {
    const method = await mollie.methods.get('ideal' as never, { include: 'issuers' as never })
    const issuers = (method.issuers ?? []).map((issuer) => ({ id: issuer.id, name: issuer.name }))
    issuersCache.set(context.tenant.slug, issuers)
    return issuers
  } catch (error) {
    console.error(`payments: ${context.tenant.slug}: iDEAL banks could not be loaded`, error)
    return []
  }
}

/** /credits/{id}/{method?}: the bundle, methods, banks and the disclosure; null: no such bundle here. */
export async function checkoutPage(context: Context, member: Member, headers: Headers, bundleId: string) {
  const page = await creditsPage(context, member, headers)
  const bundle = page.bundles.find((b) => b.id === bundleId)
  if (!bundle) return null
  const methods = methodsFor(context.tenant.payments.methods, page.country, bundle.currency).map((id) => ({ id, label: methodLabel(id, (key) => context.t(key)) }))
  const fallback = context.tenant.locales.default
  // Saved cards and accounts (mandates of earlier purchases): paid in one step on repeat-order.
  let saved: SavedMethod[] = []
  if (member.paidUser) {
    try {
      saved = await savedMethods(context.db, context.tenant, context.scope, member.userId)
    } catch (error) {
      console.error(`payments: ${context.tenant.slug}: saved methods could not be read`, error)
    }
  }
  return {
    saved,
    ...page,
    bundle,
    methods,
    issuers: methods.some((m) => m.id === 'ideal') ? await idealIssuers(context) : [],
    // Before the first purchase the site's fictional-profile notice is shown and acknowledged (ACM).
    // Said of the site's profiles in general: at checkout there is no profile in view.
    disclosure: member.paidUser
      ? null
      : { text: context.t('checkout.disclosureText', { ns: 'payments', siteName: context.tenant.name, plural: localized(context.tenant.fictional.plural, context.locale, fallback), icon: context.tenant.fictional.icon }) },
  }
}

/** A payment of this member, after asking Mollie once more when it is not final. */
export async function resultPage(context: Context, member: Member, paymentId: string) {
  const { db, scope, tenant } = context
  const find = () => withScope(db, scope, (tx) => tx.payment.findFirst({ where: { poolId: scope.poolId, tenantId: scope.tenantId, userId: member.userId, id: paymentId } }))
  let payment = await find()
  if (!payment) return null
  if (payment.molliePaymentId && ['open', 'pending', 'authorized'].includes(payment.status)) {
    try {
      await syncPayment(db, tenant, scope, payment.molliePaymentId)
      payment = (await find()) ?? payment
    } catch (error) {
      console.error(`payments: ${tenant.slug}: status of ${payment.id} could not be read`, error)
    }
  }
  const balance = await withScope(db, scope, (tx) => tx.user.findFirst({ where: { poolId: scope.poolId, tenantId: scope.tenantId, id: member.userId }, select: { credits: true, paidUser: true } }))
  // "Premium for life" is news only on the purchase that made the member premium: the first paid one.
  const paidAt = payment.status === 'paid' ? payment.paidAt : null
  const paidBefore = paidAt
    ? await withScope(db, scope, (tx) => tx.payment.count({ where: { poolId: scope.poolId, tenantId: scope.tenantId, userId: member.userId, paidAt: { lt: paidAt } } }))
    : 1
  return {
    id: payment.id,
    status: payment.status,
    credits: payment.credits,
    amount: payment.amount,
    currency: payment.currency,
    method: payment.method,
    bundleId: payment.bundleId,
    recurring: payment.sequence === 'recurring',
    checkoutUrl: payment.status === 'open' ? payment.checkoutUrl : null,
    balance: balance?.credits ?? 0,
    premium: (balance?.paidUser ?? false) && paidBefore === 0,
  }
}
