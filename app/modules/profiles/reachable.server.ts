// Who a member may reach (SPEC §4): like now, message and gifts later. A profile is
// reachable when it is active in the pool, is not the member, neither blocked the other,
// and is visible, or invisible but already in a conversation with the member.
import type { Prisma } from '~/generated/prisma/client.ts'
import type { Scope, ScopedTx } from '../db/scoped.server.ts'
import { hasConversation } from './member-profile.server.ts'

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
