// The one way a member's credits change (docs/decisions/013-chat-and-ledger.md): the ledger
// row and the balance are written in the caller's transaction, the balance with a
// conditional update, so concurrent debits can never take it below zero.
import type { Scope, ScopedTx } from '../db/scoped.server.ts'
import type { CreditReason } from '~/generated/prisma/client.ts'

export type { CreditReason }

export type CreditChange = { userId: string; delta: number; reason: CreditReason; reference?: string | null; /** An operator's reason (operator_adjustment). */ note?: string | null }

export type CreditResult =
  | { ok: true; balance: number; transactionId: number }
  | { ok: false; reason: 'insufficient'; balance: number }
  | { ok: false; reason: 'duplicate' }
  | { ok: false; reason: 'no_account' }

/**
 * Adds `delta` (negative: a debit) to the member's credits and records it. Nothing changes
 * when the balance would go below zero (`insufficient`), when this reason and reference
 * were recorded before (`duplicate`: a purchase credits once), or when the account is not
 * one of this site's (`no_account`).
 */
export async function changeCredits(tx: ScopedTx, scope: Scope, change: CreditChange): Promise<CreditResult> {
  const { userId, delta, reason } = change
  const reference = change.reference ?? null
  if (!Number.isSafeInteger(delta) || delta === 0) throw new Error(`changeCredits: delta must be a non-zero integer, got ${delta}`)
  // The row first, taken from the account row so another site's account inserts nothing. ON
  // CONFLICT waits for a concurrent holder of the same reference and then yields to it,
  // without aborting the caller's transaction. The balance is filled in below.
  const inserted = await tx.$queryRaw<{ id: number }[]>`
    INSERT INTO "CreditTransaction" ("poolId", "tenantId", "userId", delta, reason, reference, "balanceAfter", note)
    SELECT u."poolId", u."tenantId", u.id, ${delta}, ${reason}::"CreditReason", ${reference}, 0, ${change.note ?? null}
    FROM "User" u WHERE u."poolId" = ${scope.poolId} AND u."tenantId" = ${scope.tenantId} AND u.id = ${userId}
    ON CONFLICT ("poolId", "tenantId", reason, reference) DO NOTHING
    RETURNING id`
  const row = inserted[0]
  if (!row) return (await accountExists(tx, scope, userId)) ? { ok: false, reason: 'duplicate' } : { ok: false, reason: 'no_account' }
  // Row-locked and re-checked against the latest balance: of concurrent debits only those
  // the balance pays for pass.
  const updated = await tx.$queryRaw<{ balanceAfter: number }[]>`
    WITH account AS (
      UPDATE "User" SET credits = credits + ${delta}
      WHERE "poolId" = ${scope.poolId} AND "tenantId" = ${scope.tenantId} AND id = ${userId} AND credits + ${delta} >= 0
      RETURNING credits
    )
    UPDATE "CreditTransaction" t SET "balanceAfter" = account.credits FROM account
    WHERE t."poolId" = ${scope.poolId} AND t."tenantId" = ${scope.tenantId} AND t.id = ${row.id}
    RETURNING t."balanceAfter"`
  const balance = updated[0]?.balanceAfter
  if (balance !== undefined) return { ok: true, balance, transactionId: row.id }
  await tx.$executeRaw`DELETE FROM "CreditTransaction" WHERE "poolId" = ${scope.poolId} AND "tenantId" = ${scope.tenantId} AND id = ${row.id}`
  const account = await tx.user.findUnique({ where: { poolId_tenantId_id: { poolId: scope.poolId, tenantId: scope.tenantId, id: userId } }, select: { tenantId: true, credits: true } })
  if (!account || account.tenantId !== scope.tenantId) return { ok: false, reason: 'no_account' }
  return { ok: false, reason: 'insufficient', balance: account.credits }
}

async function accountExists(tx: ScopedTx, scope: Scope, userId: string): Promise<boolean> {
  const account = await tx.user.findFirst({ where: { poolId: scope.poolId, tenantId: scope.tenantId, id: userId }, select: { id: true } })
  return account !== null
}

/** A member's ledger, newest first. */
export async function listCreditTransactions(tx: ScopedTx, scope: Scope, userId: string, take = 50) {
  return tx.creditTransaction.findMany({
    where: { tenantId: scope.tenantId, userId },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take,
    select: { id: true, delta: true, reason: true, reference: true, balanceAfter: true, note: true, createdAt: true },
  })
}
