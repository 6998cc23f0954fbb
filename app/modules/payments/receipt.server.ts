// The payment receipt (SPEC §1 e-mail, decision 016): queued in the transaction that credits
// the purchase, so it goes out exactly when the credits arrive and once per payment (the
// outbox's dedupe key). In the member's language, from the site the payment was made on.
import type { Payment } from '~/generated/prisma/client.ts'
import type { ScopedTx } from '../db/scoped.server.ts'
import { translatorFor } from '../i18n/i18n.server.ts'
import { queuePaymentReceiptIn } from '../mail/send.server.ts'
import { siteUrl } from '../notifications/links.server.ts'
import { numberFormat } from '../site/formatters.ts'
import type { LoadedTenant } from '../tenancy/load-tenants.server.ts'
import { themeFor } from '../../../themes/index.ts'
import type { Locale } from '../../../tenants/schema.ts'
import { formatLocaleFor } from '../site/format-locale.ts'

export async function queueReceiptIn(tx: ScopedTx, tenant: LoadedTenant, payment: Pick<Payment, 'id' | 'userId' | 'amount' | 'currency' | 'credits'>): Promise<void> {
  const user = await tx.user.findFirst({ where: { poolId: tenant.pool, tenantId: tenant.slug, id: payment.userId }, select: { email: true, locale: true, profile: { select: { name: true } } } })
  if (!user) return
  const locale = (tenant.locales.offered as readonly string[]).includes(user.locale ?? '') ? (user.locale as Locale) : tenant.locales.default
  const scope = { tenantId: tenant.slug, poolId: tenant.pool }
  const amount = numberFormat(formatLocaleFor(locale, tenant.countries), { style: 'currency', currency: payment.currency }).format(payment.amount / 100)
  await queuePaymentReceiptIn(
    tx,
    { scope, tenant, theme: themeFor(tenant), t: translatorFor(locale, tenant) },
    { to: user.email, name: user.profile?.name ?? user.email, amount, credits: payment.credits, reference: payment.id, link: siteUrl(tenant, `/transactions/${payment.id}`) },
  )
}
