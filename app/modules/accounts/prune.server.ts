// Database hygiene, run by the purge job (purge-scheduler.server.ts) for every site: rows
// that only ever grow and no longer mean anything. Idempotent, so nodes running it at the
// same time do no harm.
import type { Db } from '../db/client.server.ts'
import { withScope, type Scope } from '../db/scoped.server.ts'

/** Expired links are kept a day (the resend and reset intervals count recent ones). */
export const TOKEN_KEEP_MS = 24 * 3600_000
/** The demo outbox (mails while SMTP_URL is unset) keeps a week. */
export const OUTBOX_KEEP_MS = 7 * 24 * 3600_000

export type Pruned = { sessions: number; tokens: number; outbox: number }

/** One site's expired sessions, long-expired tokens and old outbox mails. */
export async function pruneTenant(db: Db, scope: Scope, now = new Date()): Promise<Pruned> {
  return withScope(db, scope, async (tx) => {
    const sessions = await tx.session.deleteMany({ where: { poolId: scope.poolId, tenantId: scope.tenantId, expiresAt: { lte: now } } })
    const tokens = await tx.token.deleteMany({ where: { poolId: scope.poolId, tenantId: scope.tenantId, expiresAt: { lte: new Date(now.getTime() - TOKEN_KEEP_MS) } } })
    const outbox = await tx.outboxMail.deleteMany({ where: { poolId: scope.poolId, tenantId: scope.tenantId, createdAt: { lte: new Date(now.getTime() - OUTBOX_KEEP_MS) } } })
    return { sessions: sessions.count, tokens: tokens.count, outbox: outbox.count }
  })
}

/** Limit counters (the Postgres store) whose window or block has ended. Not per site. */
export async function pruneRateLimits(db: Db, now = new Date()): Promise<number> {
  const { count } = await db.rateLimit.deleteMany({ where: { expire: { lte: BigInt(now.getTime()) } } })
  return count
}
