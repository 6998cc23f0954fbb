import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireMember } from '~/modules/auth/guards.server.ts'
import { readScoped } from '~/modules/db/scoped.server.ts'
import { paymentsEnabled } from '~/modules/payments/availability.ts'
import { activeDiscountFor, checkDiscountCode, timeBonusFor, welcomeDiscountFor, type ActiveDiscount } from '~/modules/payments/discounts.server.ts'
import { pricingCountry } from '~/modules/site/pricing-country.server.ts'
import { pricingCurrency } from '~/modules/site/pricing.ts'

// SPEC §7 GET /api/discountcode: `?welcome=true` the member's welcome discount (the client
// ignores errors), `?timebonus=true` the time bonus, `?code=X` checks a typed code; without
// these the active discount (time bonus, else welcome). SPEC §3 field names.
function view(discount: ActiveDiscount | null, country: string | null, currency: string, now: Date) {
  if (!discount) return { discountcode: null }
  const validity = Math.max(0, Math.floor((discount.expiresAt.getTime() - now.getTime()) / 1000))
  return {
    discountcode: { code: discount.code, country, user_id: null, expires: discount.expiresAt.toISOString(), value_percentage: discount.percent, percentage: discount.percent, currency, minimum_order_value: 0, status: 'active', validity, expired: false, paymentmethods: [] },
    time_bonus: discount.kind === 'timebonus' ? { isVisible: true, remaining: validity } : { isVisible: false, remaining: 0 },
  }
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const member = requireMember(context, request)
  const { reads, scope, tenant } = context
  const headers = { 'Cache-Control': 'private, no-store' }
  if (!paymentsEnabled(tenant)) return Response.json({ discountcode: null }, { headers })
  const url = new URL(request.url)
  const now = new Date()
  const who = { id: member.userId, paidUser: member.paidUser, signupDate: member.signupDate }
  const country = await pricingCountry(context, request.headers)
  const currency = pricingCurrency(tenant, country)
  const code = url.searchParams.get('code')
  if (code) {
    if (code.length > 40) return Response.json({ error: 'not_found' }, { status: 404, headers })
    const check = await readScoped(reads, scope, (tx) => checkDiscountCode(tx, scope, tenant, who, code, { country, currency, amount: Number.MAX_SAFE_INTEGER, method: null }, now))
    return check.ok
      ? Response.json({ discountcode: { code: check.code, value_percentage: check.percent, percentage: check.percent, status: 'active', expired: false } }, { headers })
      : Response.json({ error: check.reason }, { status: check.reason === 'not_found' ? 404 : 409, headers })
  }
  const discount = await readScoped(reads, scope, (tx) =>
    url.searchParams.get('welcome') === 'true' ? Promise.resolve(welcomeDiscountFor(tenant, who, now)) : url.searchParams.get('timebonus') === 'true' ? timeBonusFor(tx, scope, who, now) : activeDiscountFor(tx, scope, tenant, who, now),
  )
  return Response.json(view(discount, country, currency, now), { headers })
}
