// Blocking (SPEC §4): a blocked member cannot view the blocker's profile or contact them.
// Blocks belong to the pool, like the profiles they join: every profile lookup happens
// inside the scope, so a profile of another pool is simply not found. Search, profile and
// chat enforce it with isBlocked / profilesBlocking as they land.
import type { Db } from '../db/client.server.ts'
import { withScope, type Scope, type ScopedTx } from '../db/scoped.server.ts'

export type BlockResult = { ok: true } | { ok: false; reason: 'self' | 'not_found' }

export async function blockMember(tx: ScopedTx, scope: Scope, blockerProfileId: number, blockedProfileId: number): Promise<BlockResult> {
  if (blockerProfileId === blockedProfileId) return { ok: false, reason: 'self' }
  const found = await tx.profile.count({ where: { poolId: scope.poolId, id: { in: [blockerProfileId, blockedProfileId] }, status: { not: 'deleted' } } })
  if (found !== 2) return { ok: false, reason: 'not_found' }
  await tx.block.createMany({ data: [{ poolId: scope.poolId, blockerId: blockerProfileId, blockedId: blockedProfileId }], skipDuplicates: true })
  return { ok: true }
}

/** True when a block was removed. */
export async function unblockMember(tx: ScopedTx, scope: Scope, blockerProfileId: number, blockedProfileId: number): Promise<boolean> {
  const { count } = await tx.block.deleteMany({ where: { poolId: scope.poolId, blockerId: blockerProfileId, blockedId: blockedProfileId } })
  return count > 0
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

/** True when the owner of a profile blocked the viewer: the viewer may not see or contact it. */
export async function isBlocked(tx: ScopedTx, scope: Scope, viewerProfileId: number, ownerProfileId: number): Promise<boolean> {
  const row = await tx.block.findUnique({
    where: { poolId_blockerId_blockedId: { poolId: scope.poolId, blockerId: ownerProfileId, blockedId: viewerProfileId } },
    select: { blockerId: true },
  })
  return row !== null
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
