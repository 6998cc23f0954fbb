// What /refunds shows and sends besides the queue (issue #23, decision 054): the mail that
// tells a member why their refund request was declined (in their language, from the site it
// was made on, once per payment), and the chargebacks of a site with their effect on the
// ledger (the `refund` rows the reversal wrote, reference `<payment>:<reversed amount>`).
import type { Payment } from '~/generated/prisma/client.ts'
import type { Db } from '../db/client.server.ts'
import { withScope, type ScopedTx } from '../db/scoped.server.ts'
import { translatorFor } from '../i18n/i18n.server.ts'
import { renderMail } from '../mail/render.server.ts'
import { queueMailIn } from '../mail/send.server.ts'
import { siteUrl } from '../notifications/links.server.ts'
import { formatLocaleFor } from '../site/format-locale.ts'
import { numberFormat } from '../site/formatters.ts'
import type { LoadedTenant } from '../tenancy/load-tenants.server.ts'
import { themeFor } from '../../../themes/index.ts'
import type { Locale } from '../../../tenants/schema.ts'

export const DECLINE_REASON_MAX = 500

/** Queues the "refund declined" mail with the operator's reason, in the decision's transaction. */
export async function queueRefundDeclinedIn(tx: ScopedTx, tenant: LoadedTenant, payment: Pick<Payment, 'id' | 'userId' | 'amount' | 'currency'> & { refundCredits: number | null }, reason: string): Promise<string | null> {
  const user = await tx.user.findFirst({ where: { poolId: tenant.pool, tenantId: tenant.slug, id: payment.userId }, select: { email: true, locale: true, profile: { select: { name: true } } } })
  if (!user) return null
  const locale = (tenant.locales.offered as readonly string[]).includes(user.locale ?? '') ? (user.locale as Locale) : tenant.locales.default
  const amount = numberFormat(formatLocaleFor(locale, tenant.countries), { style: 'currency', currency: payment.currency }).format(payment.amount / 100)
  const mail = await renderMail('refund_declined', {
    t: translatorFor(locale, tenant),
    tenant,
    theme: themeFor(tenant),
    link: siteUrl(tenant, `/transactions/${payment.id}`),
    values: { name: user.profile?.name ?? user.email, amount, reason, credits: payment.refundCredits ?? 0 },
  })
  return queueMailIn(tx, { tenantId: tenant.slug, poolId: tenant.pool }, { to: user.email, ...mail, dedupeKey: `refund_declined:${payment.id}` })
}

export type ChargebackRow = { id: string; userId: string; amount: number; currency: string; credits: number; chargedBackAt: Date; ledger: number }

/** The site's charged-back payments (newest first, at most 100) and the credits the ledger took back for each. */
export async function chargebacksOf(db: Db, tenant: Pick<LoadedTenant, 'slug' | 'pool'>): Promise<ChargebackRow[]> {
  return withScope(db, { tenantId: tenant.slug, poolId: tenant.pool }, async (tx) => {
    const rows = await tx.payment.findMany({
      where: { poolId: tenant.pool, tenantId: tenant.slug, chargedBackAt: { not: null } },
      orderBy: { chargedBackAt: 'desc' },
      take: 100,
      select: { id: true, userId: true, amount: true, currency: true, credits: true, chargedBackAt: true },
    })
    if (rows.length === 0) return []
    const ledger = await tx.$queryRaw<{ id: string; delta: number }[]>`
      SELECT split_part(reference, ':', 1) AS id, sum(delta)::int AS delta FROM "CreditTransaction"
       WHERE "poolId" = ${tenant.pool} AND "tenantId" = ${tenant.slug} AND reason = 'refund' AND split_part(reference, ':', 1) = ANY(${rows.map((r) => r.id)})
       GROUP BY 1`
    const taken = new Map(ledger.map((l) => [l.id, l.delta]))
    return rows.map((r) => ({ ...r, chargedBackAt: r.chargedBackAt!, ledger: taken.get(r.id) ?? 0 }))
  })
}
