// When a SEPA direct debit may be charged (SPEC §3, §8; decision 040): one rule for the
// /directdebit form and for repeat orders on a SEPA mandate.
import type { TenantConfig } from '../../../tenants/schema.ts'
import type { Scope, ScopedTx } from '../db/scoped.server.ts'

/**
 * The one rule of every SEPA direct debit (the /directdebit form and repeat orders on a SEPA
 * mandate; decision 040): refused after a chargeback or a bounced debit (`failed`; a
 * provider error is not one), and beyond the site's limit per 30 days. The caller holds the
 * member's row lock and has not written the new payment yet.
 */
export async function assertDirectDebitAllowed(tx: ScopedTx, scope: Scope, site: Pick<TenantConfig, 'payments'>, userId: string, amount: number, now = new Date()): Promise<'blocked' | 'limit' | null> {
  const bad = await tx.payment.count({ where: { poolId: scope.poolId, tenantId: scope.tenantId, userId, OR: [{ chargedBackAt: { not: null } }, { method: 'sdd', status: 'failed' }] } })
  if (bad > 0) return 'blocked'
  const recent = await tx.payment.aggregate({
    where: { tenantId: scope.tenantId, userId, method: 'sdd', status: { in: ['open', 'pending', 'authorized', 'paid'] }, createdAt: { gt: new Date(now.getTime() - 30 * 86_400_000) } },
    _sum: { amount: true },
  })
  return (recent._sum.amount ?? 0) + amount > site.payments.directDebitLimit ? 'limit' : null
}

