// Likes as the routes use them: one scoped transaction each, and the realtime event to the
// liked member after the commit (never for a like that was not stored).
import type { LikeOrigin } from '~/generated/prisma/enums.ts'
import type { Db } from '../db/client.server.ts'
import { readScoped, withScope, type Reader, type Scope, type ScopedTx } from '../db/scoped.server.ts'
import type { ProfileCard } from '../profiles/showcase.server.ts'
import { publishMemberEvent } from '../realtime/member-events.server.ts'
import { wakeNotify } from '../notifications/notify.server.ts'
import { likeMember, likeStates, loadCard, unlikeMember, type LikeResult } from './likes.server.ts'

export type GiveLikeOutcome = (LikeResult & { ok: false }) | { ok: true; match: boolean; created: boolean; profile: ProfileCard | null }

/** After a stored like: tell the liked member, live. */
export async function announceLike(scope: Scope, likerId: number, likedId: number, match: boolean): Promise<void> {
  wakeNotify()
  await publishMemberEvent(scope.poolId, likedId, { type: 'like', from: likerId, match })
}

/**
 * Likes in one transaction, with `extra` (e.g. the swipe game's quota) able to refuse first;
 * answers with the liked member's card, for the pop-up.
 */
export async function giveLike<R extends { ok: false; reason: string } = never>(
  db: Db,
  scope: Scope,
  input: { likerId: number; likedId: number; origin: LikeOrigin; cdnPrefix: string; now?: Date },
  extra?: { before?: (tx: ScopedTx) => Promise<R | null>; after?: (tx: ScopedTx, result: { match: boolean; created: boolean }) => Promise<void> },
): Promise<GiveLikeOutcome | R> {
  const outcome = await withScope(db, scope, async (tx): Promise<GiveLikeOutcome | R> => {
    const refused = extra?.before ? await extra.before(tx) : null
    if (refused) return refused
    const result = await likeMember(tx, scope, input)
    if (!result.ok) return result
    if (extra?.after) await extra.after(tx, result)
    const profile = await loadCard(tx, scope, input.likerId, input.likedId, input.cdnPrefix, input.now)
    return { ...result, profile }
  })
  if (outcome.ok && outcome.created) await announceLike(scope, input.likerId, input.likedId, outcome.match)
  return outcome
}

export async function removeLike(db: Db, scope: Scope, input: { likerId: number; likedId: number }): Promise<boolean> {
  return withScope(db, scope, (tx) => unlikeMember(tx, scope, input))
}

/** For pages that list members: the viewer's like toggle state per member id. */
export async function likeButtonStates(db: Reader, scope: Scope, viewerId: number, ids: readonly number[]): Promise<Record<number, { liked: boolean; match: boolean }>> {
  if (ids.length === 0) return {}
  const states = await readScoped(db, scope, (tx) => likeStates(tx, scope, viewerId, ids))
  return Object.fromEntries([...states].map(([id, s]) => [id, { liked: s.liked, match: s.match }]))
}
