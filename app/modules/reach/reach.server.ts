// Who may reach whom (SPEC §4), in one low module that profiles, accounts, photos, chat,
// likes and the operator inbox all call, and that calls none of them: a profile is
// reachable when it is active in the pool, is not the member, neither blocked the other,
// and is visible, or invisible but already in a conversation with the member. The pair's
// conversation lookup and "blocked by the owner" live here because the rule needs them.
import type { Prisma } from '~/generated/prisma/client.ts'
import type { Scope, ScopedTx } from '../db/scoped.server.ts'

/** One conversation per pair of profiles: the lower id is A. */
export const pairOf = (x: number, y: number) => (x < y ? { profileAId: x, profileBId: y } : { profileAId: y, profileBId: x })

export type PairConversation = { id: number; profileAId: number; profileBId: number; startedById: number; hiddenAtA: Date | null; hiddenAtB: Date | null }

export async function findConversation(tx: ScopedTx, scope: Scope, x: number, y: number): Promise<PairConversation | null> {
  return tx.conversation.findUnique({
    where: { poolId_profileAId_profileBId: { poolId: scope.poolId, ...pairOf(x, y) } },
    select: { id: true, profileAId: true, profileBId: true, startedById: true, hiddenAtA: true, hiddenAtB: true },
  })
}

/** SPEC §4: an existing conversation keeps an invisible member reachable. */
export async function hasConversation(tx: ScopedTx, scope: Scope, x: number, y: number): Promise<boolean> {
  if (x === y) return false
  return (await findConversation(tx, scope, x, y)) !== null
}

/** True when the owner of a profile blocked the viewer: the viewer may not see or contact it. */
export async function isBlocked(tx: ScopedTx, scope: Scope, viewerProfileId: number, ownerProfileId: number): Promise<boolean> {
  const row = await tx.block.findUnique({
    where: { poolId_blockerId_blockedId: { poolId: scope.poolId, blockerId: ownerProfileId, blockedId: viewerProfileId } },
    select: { blockerId: true },
  })
  return row !== null
}

/** Profiles the viewer may see in lists (likes, matches): active, visible, no block either way. */
export function visibleTo(viewerId: number): Prisma.ProfileWhereInput {
  return {
    status: 'active',
    invisible: false,
    blocking: { none: { blockedId: viewerId } },
    blockedBy: { none: { blockerId: viewerId } },
  }
}

export type Reachable = { id: number; fictional: boolean }

/** The target when the viewer may reach it; null (to be answered as "not found") otherwise. */
export async function reachableProfile(tx: ScopedTx, scope: Scope, viewerId: number, targetId: number): Promise<Reachable | null> {
  if (viewerId === targetId) return null
  const target = await tx.profile.findFirst({
    where: {
      poolId: scope.poolId,
      id: targetId,
      status: 'active',
      blocking: { none: { blockedId: viewerId } },
      blockedBy: { none: { blockerId: viewerId } },
    },
    select: { id: true, fictional: true, invisible: true },
  })
  if (!target) return null
  if (target.invisible && !(await hasConversation(tx, scope, viewerId, targetId))) return null
  return { id: target.id, fictional: target.fictional }
}
