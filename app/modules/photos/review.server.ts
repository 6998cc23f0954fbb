// The operators' photo queue (SPEC §4: a photo is under inspection until approved). It
// reads the site's pool through withScope, so an operator on one pool never sees another
// pool's photos. A rejected photo keeps its row (the member sees it was refused) but loses its
// files, every size, once the decision has committed.
import type { Db } from '../db/client.server.ts'
import { poolDataChanged } from '../cache/pool-data.server.ts'
import { withScope, type Scope, type ScopedTx } from '../db/scoped.server.ts'
import { queueMediaDeletion, removeAfterCommit } from '../media/deletions.server.ts'
import type { MediaStorage } from '../media/storage.server.ts'
import type { PhotoRejectReason } from './limits.ts'
import { ensureMainPhoto, lockProfile } from './photos.server.ts'
import { photoKeys } from './store.server.ts'

export type QueueItem = {
  id: number
  filename: string
  thumbFilename: string
  width: number | null
  height: number | null
  createdAt: Date
  profileId: number
  profileName: string
}

export type Queue = { items: QueueItem[]; total: number }

/** Photos under inspection, oldest first (index poolId, status, createdAt). */
export async function listInspectionQueue(db: Db, scope: Scope, take = 50): Promise<Queue> {
  return withScope(db, scope, async (tx) => {
    const where = { poolId: scope.poolId, status: 'inspection' as const }
    // One after the other: both run on this transaction's one connection.
    const rows = await tx.photo.findMany({
      where,
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      take,
      select: {
        id: true, filename: true, thumbFilename: true, width: true, height: true, createdAt: true, profileId: true,
        profile: { select: { name: true } },
      },
    })
    const total = await tx.photo.count({ where })
    return { items: rows.map(({ profile, ...row }) => ({ ...row, profileName: profile.name })), total }
  })
}

export type ReviewDecision = 'approve' | 'reject'
export type ReviewResult = { ok: true; profileName: string } | { ok: false; reason: 'notFound' }

export type ReviewedPhoto = { ok: true; profileName: string; profileId: number; queued: Awaited<ReturnType<typeof queueMediaDeletion>> } | { ok: false; reason: 'notFound' }

/** The decision inside the caller's transaction (the console writes its audit row beside it). */
export async function reviewPhotoIn(tx: ScopedTx, scope: Scope, photoId: number, decision: ReviewDecision, now: Date, rejectReason: PhotoRejectReason): Promise<ReviewedPhoto> {
  const photo = await tx.photo.findFirst({
    where: { poolId: scope.poolId, id: photoId, status: 'inspection' },
    select: { id: true, profileId: true, filename: true, thumbFilename: true, profile: { select: { name: true } } },
  })
  if (!photo) return { ok: false, reason: 'notFound' }
  // The member's own changes to their photos hold the same lock.
  await lockProfile(tx, scope, photo.profileId)
  const { count } = await tx.photo.updateMany({
    where: { poolId: scope.poolId, id: photo.id, status: 'inspection' },
    data: decision === 'approve' ? { status: 'active', reviewedAt: now } : { status: 'rejected', reviewedAt: now, isMain: false, rejectReason },
  })
  if (count === 0) return { ok: false, reason: 'notFound' }
  await ensureMainPhoto(tx, scope, photo.profileId)
  const queued = decision === 'reject' ? await queueMediaDeletion(tx, scope, photoKeys(photo)) : []
  return { ok: true, profileName: photo.profile.name, profileId: photo.profileId, queued }
}

/**
 * Approve (status active: shown to others) or reject one photo under inspection; a rejection
 * keeps the operator's reason, which the member is shown, and removes the files once the
 * decision has committed.
 */
export async function reviewPhoto(
  db: Db,
  scope: Scope,
  photoId: number,
  decision: ReviewDecision,
  now = new Date(),
  options: { rejectReason?: PhotoRejectReason; storage?: MediaStorage } = {},
): Promise<ReviewResult> {
  const result = await withScope(db, scope, (tx) => reviewPhotoIn(tx, scope, photoId, decision, now, options.rejectReason ?? 'other'))
  if (!result.ok) return result
  await afterReviewCommitted(db, scope, result.queued, options.storage)
  return { ok: true, profileName: result.profileName }
}

/** What follows a committed decision, wherever it was taken: the pool's cached pages and the rejected files. */
export async function afterReviewCommitted(db: Db, scope: Scope, queued: readonly number[], storage?: MediaStorage): Promise<void> {
  await poolDataChanged(scope.poolId)
  await removeAfterCommit(db, scope, queued, storage)
}
