// Blocking (SPEC §4): a blocked member cannot view the blocker's profile or contact them.
// Blocks belong to the pool, like the profiles they join: every profile lookup happens
// inside the scope, so a profile of another pool is simply not found. Search, profile and
// chat enforce it with isBlocked / profilesBlocking as they land.
import type { Db } from '../db/client.server.ts'
import { withScope, type Scope, type ScopedTx } from '../db/scoped.server.ts'
import { reachableProfile } from '../reach/reach.server.ts'

export { isBlocked } from '../reach/reach.server.ts'

export type BlockResult = { ok: true } | { ok: false; reason: 'self' | 'not_found' }

/**
 * Blocks a member the blocker may reach (the profile page's rule, reachableProfile): an
 * invisible, unconfirmed, deleted or other pool's member is "not found", exactly like an id
 * that does not exist, so sequential ids reveal nobody. Blocking again is a no-op.
 */
export async function blockMember(tx: ScopedTx, scope: Scope, blockerProfileId: number, blockedProfileId: number): Promise<BlockResult> {
  if (blockerProfileId === blockedProfileId) return { ok: false, reason: 'self' }
  if (await blockedBy(tx, scope, blockerProfileId, blockedProfileId)) return { ok: true }
  if (!(await reachableProfile(tx, scope, blockerProfileId, blockedProfileId))) return { ok: false, reason: 'not_found' }
  await tx.block.createMany({ data: [{ poolId: scope.poolId, blockerId: blockerProfileId, blockedId: blockedProfileId }], skipDuplicates: true })
  return { ok: true }
}

async function blockedBy(tx: ScopedTx, scope: Scope, blockerProfileId: number, blockedProfileId: number): Promise<{ name: string; status: string } | null> {
  const row = await tx.block.findUnique({
    where: { poolId_blockerId_blockedId: { poolId: scope.poolId, blockerId: blockerProfileId, blockedId: blockedProfileId } },
    select: { blocked: { select: { name: true, status: true } } },
  })
  return row?.blocked ?? null
}

/**
 * Removes a block of the blocker's own list and returns the member's name as that list shows
 * it; null when the list has no such member (any other id: nothing is removed or revealed).
 */
export async function unblockMember(tx: ScopedTx, scope: Scope, blockerProfileId: number, blockedProfileId: number): Promise<{ name: string } | null> {
  const blocked = await blockedBy(tx, scope, blockerProfileId, blockedProfileId)
  // The list (listBlocked) leaves deleted members out: so does this.
  if (!blocked || blocked.status === 'deleted') return null
  await tx.block.deleteMany({ where: { poolId: scope.poolId, blockerId: blockerProfileId, blockedId: blockedProfileId } })
  return { name: blocked.name }
}

export type BlockedMember = { profileId: number; name: string; blockedAt: Date }

/** The members this profile blocked, newest first; deleted profiles are hidden here as everywhere. */
export async function listBlocked(tx: ScopedTx, scope: Scope, blockerProfileId: number): Promise<BlockedMember[]> {
  const rows = await tx.block.findMany({
    where: { poolId: scope.poolId, blockerId: blockerProfileId, blocked: { status: { not: 'deleted' } } },
    select: { createdAt: true, blocked: { select: { id: true, name: true } } },
    orderBy: { createdAt: 'desc' },
  })
  return rows.map((r) => ({ profileId: r.blocked.id, name: r.blocked.name, blockedAt: r.createdAt }))
}


/** Ids of the profiles that blocked the viewer, for search and lists to leave out. */
export async function profilesBlocking(tx: ScopedTx, scope: Scope, viewerProfileId: number): Promise<number[]> {
  const rows = await tx.block.findMany({ where: { poolId: scope.poolId, blockedId: viewerProfileId }, select: { blockerId: true } })
  return rows.map((r) => r.blockerId)
}

/** Test and seed helper: one block in its own scoped transaction; throws when it is refused. */
export async function createBlock(db: Db, scope: Scope, blockerProfileId: number, blockedProfileId: number): Promise<void> {
  const result = await withScope(db, scope, (tx) => blockMember(tx, scope, blockerProfileId, blockedProfileId))
  if (!result.ok) throw new Error(`createBlock: ${result.reason} (${blockerProfileId} -> ${blockedProfileId})`)
}
