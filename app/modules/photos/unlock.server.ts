// Unlocking a private photo (SPEC §1, §3, §6; docs/decisions/017-gifts-and-photo-unlock.md).
// A member's private photos are locked for everyone but their owner. A premium member
// unlocks one for the site's photo_credits, once: the PhotoUnlock row and the ledger's debit
// (reason photo_unlock) are written in one transaction, and from then on the media route
// serves that photo to that viewer. Free members cannot unlock (premium only). A site whose
// photo_credits is 0 opens private photos to premium members without an unlock.
import type { Db } from '../db/client.server.ts'
import { withScope, type Scope, type ScopedTx } from '../db/scoped.server.ts'
import { changeCredits } from '../credits/ledger.server.ts'
import { reachableProfile } from '../reach/reach.server.ts'

export type UnlockViewer = { userId: string; profileId: number; paidUser: boolean }

export type UnlockResult =
  /** `charged`: credits taken now (0 when it was unlocked before, or free on this site). */
  | { ok: true; charged: number; balance: number | null }
  | { ok: false; reason: 'premium_required' | 'not_found' | 'insufficient' }

/** The ledger reference of one viewer's unlock of one photo: it can be charged only once. */
export const unlockReference = (photoId: number, viewerId: number) => `photo:${photoId}:viewer:${viewerId}`

/** `ownerId`: when given, the photo must be that member's (the profile page's form). */
export async function unlockPhotoIn(tx: ScopedTx, scope: Scope, viewer: UnlockViewer, photoId: number, cost: number, ownerId?: number): Promise<UnlockResult> {
  if (!viewer.paidUser) return { ok: false, reason: 'premium_required' }
  const photo = await tx.photo.findFirst({
    where: { poolId: scope.poolId, id: photoId, status: 'active', isPrivate: true, ...(ownerId !== undefined ? { profileId: ownerId } : {}) },
    select: { id: true, profileId: true },
  })
  // Only another member's approved private photo, of a member the viewer may reach.
  if (!photo || !(await reachableProfile(tx, scope, viewer.profileId, photo.profileId))) return { ok: false, reason: 'not_found' }
  if (cost <= 0) return { ok: true, charged: 0, balance: null }
  // The row first: a concurrent unlock of the same photo by the same viewer waits on its key
  // and then finds it there (charged once).
  const inserted = await tx.$queryRaw<{ photoId: number }[]>`
    INSERT INTO "PhotoUnlock" ("poolId", "viewerId", "photoId", credits)
    VALUES (${scope.poolId}, ${viewer.profileId}, ${photo.id}, ${cost})
    ON CONFLICT DO NOTHING
    RETURNING "photoId"`
  if (inserted.length === 0) return { ok: true, charged: 0, balance: null }
  const debit = await changeCredits(tx, scope, { userId: viewer.userId, delta: -cost, reason: 'photo_unlock', reference: unlockReference(photo.id, viewer.profileId) })
  if (debit.ok) return { ok: true, charged: cost, balance: debit.balance }
  // Paid before (an unlock row removed by hand): stays unlocked, not charged again.
  if (debit.reason === 'duplicate') return { ok: true, charged: 0, balance: null }
  await tx.photoUnlock.deleteMany({ where: { poolId: scope.poolId, viewerId: viewer.profileId, photoId: photo.id } })
  return { ok: false, reason: debit.reason === 'insufficient' ? 'insufficient' : 'not_found' }
}

/** One transaction; idempotent: a second unlock of the same photo charges nothing. */
export function unlockPhoto(db: Db, scope: Scope, viewer: UnlockViewer, photoId: number, cost: number, ownerId?: number): Promise<UnlockResult> {
  return withScope(db, scope, (tx) => unlockPhotoIn(tx, scope, viewer, photoId, cost, ownerId), { maxWait: 10_000, timeout: 15_000 })
}

/** Which of these photos the viewer unlocked. */
export async function unlockedPhotoIds(tx: ScopedTx, scope: Scope, viewerId: number, photoIds: readonly number[]): Promise<Set<number>> {
  if (photoIds.length === 0) return new Set()
  const rows = await tx.photoUnlock.findMany({ where: { poolId: scope.poolId, viewerId, photoId: { in: [...photoIds] } }, select: { photoId: true } })
  return new Set(rows.map((r) => r.photoId))
}
