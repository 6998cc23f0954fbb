// When a SEPA direct debit may be charged (SPEC §3, §8; decision 040): one rule for the
// /directdebit form and for repeat orders on a SEPA mandate. An operator may lift or impose
// the block and set a member's own limit in member care (decision 054).
import type { TenantConfig } from '../../../tenants/schema.ts'
import type { Scope, ScopedTx } from '../db/scoped.server.ts'

/**
 * The one rule of every SEPA direct debit (the /directdebit form and repeat orders on a SEPA
 * mandate; decision 040): refused after a chargeback or a bounced debit (`failed`; a
 * provider error is not one), and beyond the site's limit per 30 days. The caller holds the
 * member's row lock and has not written the new payment yet.
 */
export async function assertDirectDebitAllowed(tx: ScopedTx, scope: Scope, site: Pick<TenantConfig, 'payments'>, userId: string, amount: number, now = new Date()): Promise<'blocked' | 'limit' | null> {
  const state = await directDebitState(tx, scope, site, userId, now)
  if (state.blocked) return 'blocked'
  return state.used + amount > state.limit ? 'limit' : null
}

export type DirectDebitState = {
  blocked: boolean
  /** Why the rule blocks (an operator's 'allowed' may lift it), or null. */
  cause: 'chargeback' | 'failed' | null
  /** An operator's setting in member care (decision 054), or null: the rule decides. */
  override: 'allowed' | 'blocked' | null
  /** Direct debits open or paid in the last 30 days, in cents. */
  used: number
  /** This member's limit per 30 days (cents): their own or the site's. */
  limit: number
  ownLimit: number | null
}

/** What the rule says for this member now: shown in member care, applied by assertDirectDebitAllowed. */
export async function directDebitState(tx: ScopedTx, scope: Scope, site: Pick<TenantConfig, 'payments'>, userId: string, now = new Date()): Promise<DirectDebitState> {
  const user = await tx.user.findFirst({ where: { poolId: scope.poolId, tenantId: scope.tenantId, id: userId }, select: { directDebit: true, directDebitLimit: true } })
  const chargebacks = await tx.payment.count({ where: { poolId: scope.poolId, tenantId: scope.tenantId, userId, chargedBackAt: { not: null } } })
  const bounced = chargebacks > 0 ? 0 : await tx.payment.count({ where: { poolId: scope.poolId, tenantId: scope.tenantId, userId, method: 'sdd', status: 'failed' } })
  const cause = chargebacks > 0 ? 'chargeback' : bounced > 0 ? 'failed' : null
  const override = user?.directDebit === 'allowed' || user?.directDebit === 'blocked' ? user.directDebit : null
  const recent = await tx.payment.aggregate({
    where: { tenantId: scope.tenantId, userId, method: 'sdd', status: { in: ['open', 'pending', 'authorized', 'paid'] }, createdAt: { gt: new Date(now.getTime() - 30 * 86_400_000) } },
    _sum: { amount: true },
  })
  const ownLimit = user?.directDebitLimit ?? null
  return { blocked: override === 'blocked' || (override !== 'allowed' && cause !== null), cause, override, used: recent._sum.amount ?? 0, limit: ownLimit ?? site.payments.directDebitLimit, ownLimit }
}

