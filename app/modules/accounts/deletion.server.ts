// Account deletion with a grace period (SPEC §4): hidden at once, reversible for 14 days by
// the mailed link, then erased for good by purgeExpiredAccounts (run by the purge scheduler).
import type { UserStatus } from '~/generated/prisma/client.ts'
import { consumeToken, issueToken } from '../auth/tokens.server.ts'
import type { Db } from '../db/client.server.ts'
import { poolDataChanged } from '../cache/pool-data.server.ts'
import { withScope, type Scope, type ScopedTx } from '../db/scoped.server.ts'
import { sendMail, type MailContext } from '../mail/send.server.ts'
import { queueMediaDeletion, removeAfterCommit } from '../media/deletions.server.ts'
import type { MediaStorage } from '../media/storage.server.ts'
import { verifyCurrentPassword } from './password-change.server.ts'
import { DELETE_REASONS, DELETE_REMARKS_MAX, GRACE_DAYS, GRACE_MS, type DeleteReason } from './deletion-rules.ts'
export { DELETE_REASONS, DELETE_REMARKS_MAX, GRACE_DAYS, GRACE_MS, type DeleteReason }

/** SPEC §3 delete reasons. */

export type DeleteResult = { ok: true } | { ok: false; reason: 'wrong' } | { ok: false; reason: 'locked'; minutes: number }

/**
 * One transaction: the account and profile are marked deleted (the profile disappears from
 * every site of the pool at once), every session ends, and a reactivation link valid until
 * the purge is issued. The mail goes out after the commit.
 */
export async function deleteAccount(
  mail: MailContext,
  input: { userId: string; password: string; reason: DeleteReason; remarks?: string | null; linkFor: (token: string) => string; now?: Date },
): Promise<DeleteResult> {
  const { db, scope } = mail
  const now = input.now ?? new Date()
  const check = await verifyCurrentPassword(db, scope, input.userId, input.password, now)
  if (!check.ok) return check

  const deleted = await withScope(db, scope, (tx) => markDeletedIn(tx, scope, { userId: input.userId, reason: input.reason, remarks: input.remarks, now }))
  if (!deleted) return { ok: true }
  await poolDataChanged(scope.poolId)

  try {
    await sendMail(mail, { to: deleted.email, kind: 'account_deleted', link: input.linkFor(deleted.token), values: { name: deleted.name } })
  } catch (error) {
    // The deletion stands; the member can still reactivate by signing up again with the address.
    console.error('deleteAccount: the account_deleted mail could not be sent', error)
  }
  return { ok: true }
}

/**
 * The deletion itself, in the caller's transaction (the member's own form, or an operator's
 * "delete as the member would" in the console): account and profile marked deleted, every
 * session ended, a reactivation link issued. Null when there was nothing to delete.
 */
export async function markDeletedIn(
  tx: ScopedTx,
  scope: Scope,
  input: { userId: string; reason: DeleteReason; remarks?: string | null; now: Date },
): Promise<{ email: string; name: string; token: string } | null> {
  const { now } = input
  const user = await tx.user.findFirst({ where: { poolId: scope.poolId, tenantId: scope.tenantId, id: input.userId }, include: { profile: { select: { name: true } } } })
  if (!user || user.status === 'deleted') return null
  await tx.user.updateMany({
    where: { tenantId: scope.tenantId, id: user.id },
    data: {
      status: 'deleted',
      statusBeforeDelete: user.status,
      deletedAt: now,
      deleteReason: input.reason,
      deleteRemarks: input.remarks?.trim().slice(0, DELETE_REMARKS_MAX) || null,
    },
  })
  await tx.profile.updateMany({ where: { poolId: scope.poolId, userId: user.id }, data: { status: 'deleted' } })
  await tx.session.deleteMany({ where: { poolId: scope.poolId, tenantId: scope.tenantId, userId: user.id } })
  const token = await issueToken(tx, { ...scope, userId: user.id, purpose: 'reactivation', now, ttlMs: GRACE_MS })
  return { email: user.email, name: user.profile?.name ?? '', token }
}

export type ReactivationResult = { ok: true } | { ok: false; reason: 'invalid' | 'expired' | 'used' }

/** Follows a reactivation link (from the deletion mail or from a signup attempt). */
export async function reactivateAccount(db: Db, scope: Scope, rawToken: string, now = new Date()): Promise<ReactivationResult> {
  return withScope(db, scope, async (tx): Promise<ReactivationResult> => {
    const consumed = await consumeToken(tx, scope, 'reactivation', rawToken, now)
    if (!consumed.ok) return consumed
    const user = await tx.user.findFirst({ where: { poolId: scope.poolId, tenantId: scope.tenantId, id: consumed.userId } })
    if (!user || user.status !== 'deleted' || !user.deletedAt) return { ok: false, reason: 'invalid' }
    // Whatever link was used, the grace period ends 14 days after the deletion.
    if (user.deletedAt.getTime() + GRACE_MS <= now.getTime()) return { ok: false, reason: 'expired' }
    const status: UserStatus = user.statusBeforeDelete && user.statusBeforeDelete !== 'deleted' ? user.statusBeforeDelete : 'active'
    await tx.user.updateMany({
      where: { tenantId: scope.tenantId, id: user.id },
      data: { status, statusBeforeDelete: null, deletedAt: null, deleteReason: null, deleteRemarks: null },
    })
    // An account that was never confirmed gets its profile back hidden, as it was before.
    await tx.profile.updateMany({ where: { poolId: scope.poolId, userId: user.id }, data: { status: status === 'active' ? 'active' : 'disabled' } })
    await tx.token.updateMany({ where: { poolId: scope.poolId, tenantId: scope.tenantId, userId: user.id, purpose: 'reactivation', usedAt: null }, data: { usedAt: now } })
    return { ok: true }
  })
}

export type PurgeOptions = {
  batchSize?: number
  /** Runs first in every batch's transaction; returning false stops the purge (the scheduler's lock). */
  beforeBatch?: (tx: ScopedTx) => Promise<boolean>
  /** Where the purged members' photo files are removed from (default: the process's storage). */
  storage?: MediaStorage
}

/**
 * Erases this site's accounts deleted more than 14 days before `now` and returns how many.
 * The Profile goes (its Photo and Block rows cascade), then the User (Session and Token rows
 * cascade). Decisions for what later issues add:
 * - Messages a purged member sent are anonymised, not deleted, so the other party's
 *   conversation stays readable: chat must make the sender nullable (SET NULL) and show
 *   a neutral "deleted member"; likes and matches go with the profile.
 * - Photo files (every size) are queued for removal in the batch's transaction, before the
 *   rows cascade away, and removed after its commit (docs/decisions/008-private-media.md).
 * Only `scope` is touched: other sites' deleted accounts wait for their own run.
 */
/** What is left of a purged member who was in conversations: no account, no name, no photos, no details. */
async function anonymiseChatProfiles(tx: ScopedTx, scope: Scope, userIds: string[]): Promise<void> {
  const inChats = await tx.profile.findMany({
    where: { poolId: scope.poolId, userId: { in: userIds }, OR: [{ conversationsA: { some: {} } }, { conversationsB: { some: {} } }] },
    select: { id: true },
  })
  if (inChats.length === 0) return
  const profileIds = inChats.map((p) => p.id)
  await tx.photo.deleteMany({ where: { poolId: scope.poolId, profileId: { in: profileIds } } })
  await tx.profile.updateMany({
    where: { poolId: scope.poolId, id: { in: profileIds } },
    data: {
      userId: null, name: '', about: null, city: null, region: null, relationshipStatus: null, hairColour: null, eyeColour: null,
      bodyType: null, tattoos: null, reason: null, interests: [], appearance: null, status: 'deleted', invisible: true,
    },
  })
}

/**
 * Erases these accounts of `scope` now, in the caller's transaction: photo files queued for
 * removal (remove them with removeAfterCommit after the commit), profiles in conversations
 * left as empty shells, every other row gone. Only accounts marked deleted are erased. The
 * 14-day purge and the console's GDPR erasure share it.
 */
export async function purgeUsersIn(tx: ScopedTx, scope: Scope, ids: string[]): Promise<{ count: number; queued: Awaited<ReturnType<typeof queueMediaDeletion>> }> {
  const photos = await tx.photo.findMany({
    where: { poolId: scope.poolId, profile: { userId: { in: ids } } },
    select: { filename: true, thumbFilename: true },
  })
  const queued = await queueMediaDeletion(tx, scope, photos.flatMap((p) => [p.filename, p.thumbFilename]))
  // A profile in a conversation stays as an empty, deleted shell, so its partners keep
  // what was said (issue #12: anonymised, not lost); every other profile goes.
  await anonymiseChatProfiles(tx, scope, ids)
  await tx.profile.deleteMany({ where: { poolId: scope.poolId, userId: { in: ids } } })
  const { count } = await tx.user.deleteMany({ where: { poolId: scope.poolId, tenantId: scope.tenantId, id: { in: ids }, status: 'deleted' } })
  return { count, queued }
}

export async function purgeExpiredAccounts(db: Db, scope: Scope, now = new Date(), options: PurgeOptions = {}): Promise<number> {
  const batchSize = options.batchSize ?? 500
  const cutoff = new Date(now.getTime() - GRACE_MS)
  let purged = 0
  for (;;) {
    const batch = await withScope(
      db,
      scope,
      async (tx) => {
        if (options.beforeBatch && !(await options.beforeBatch(tx))) return null
        const users = await tx.user.findMany({
          where: { tenantId: scope.tenantId, status: 'deleted', deletedAt: { lte: cutoff } },
          select: { id: true },
          orderBy: { deletedAt: 'asc' },
          take: batchSize,
        })
        if (users.length === 0) return { count: 0, queued: [] }
        return purgeUsersIn(tx, scope, users.map((u) => u.id))
      },
      { timeout: 60_000 },
    )
    if (batch === null) return purged
    await removeAfterCommit(db, scope, batch.queued, options.storage)
    purged += batch.count
    if (batch.count < batchSize) return purged
  }
}
