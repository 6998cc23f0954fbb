// The member's own photo management: main photo, order, private, delete. Each call names
// the member's profile: a photo of anyone else is simply not found.
import type { Db } from '../db/client.server.ts'
import { poolDataChanged } from '../cache/pool-data.server.ts'
import { withScope, type Scope, type ScopedTx } from '../db/scoped.server.ts'
import { ensureMainPhoto, lockProfile } from './photos.server.ts'
import { queueMediaDeletion, removeAfterCommit } from '../media/deletions.server.ts'
import type { MediaStorage } from '../media/storage.server.ts'
import { photoKeys } from './store.server.ts'

export type ManageResult = { ok: true } | { ok: false; reason: 'notFound' | 'notActive' | 'mainPrivate' }

const NOT_FOUND: ManageResult = { ok: false, reason: 'notFound' }

/** Runs `fn` with the member's profile locked and the photo loaded, or answers notFound. */
async function withOwnPhoto<T>(
  db: Db,
  scope: Scope,
  profileId: number,
  photoId: number,
  fn: (tx: ScopedTx, photo: { id: number; status: string; isMain: boolean; isPrivate: boolean; filename: string; thumbFilename: string }) => Promise<T>,
): Promise<T | ManageResult> {
  const result = await withScope(db, scope, async (tx) => {
    if (!(await lockProfile(tx, scope, profileId))) return NOT_FOUND
    const photo = await tx.photo.findFirst({
      where: { poolId: scope.poolId, profileId, id: photoId },
      select: { id: true, status: true, isMain: true, isPrivate: true, filename: true, thumbFilename: true },
    })
    return photo ? fn(tx, photo) : NOT_FOUND
  })
  // The pool's showcase shows main photos: it is computed anew (decision 035).
  if (result !== NOT_FOUND) await poolDataChanged(scope.poolId)
  return result
}

/** Only an approved, public photo can be the main photo: the one others see first. */
export async function setMainPhoto(db: Db, scope: Scope, profileId: number, photoId: number): Promise<ManageResult> {
  return withOwnPhoto(db, scope, profileId, photoId, async (tx, photo) => {
    if (photo.status !== 'active') return { ok: false, reason: 'notActive' } as const
    if (photo.isPrivate) return { ok: false, reason: 'mainPrivate' } as const
    await tx.photo.updateMany({ where: { poolId: scope.poolId, profileId, isMain: true }, data: { isMain: false } })
    await tx.photo.updateMany({ where: { poolId: scope.poolId, id: photo.id }, data: { isMain: true } })
    return { ok: true } as const
  })
}

/** Swaps the photo with its neighbour, then numbers the list 0..n-1 (seeded rows may tie). */
export async function movePhoto(db: Db, scope: Scope, profileId: number, photoId: number, direction: 'up' | 'down'): Promise<ManageResult> {
  return withOwnPhoto(db, scope, profileId, photoId, async (tx) => {
    const order = await tx.photo.findMany({
      where: { poolId: scope.poolId, profileId },
      orderBy: [{ position: 'asc' }, { id: 'asc' }],
      select: { id: true, position: true },
    })
    const from = order.findIndex((p) => p.id === photoId)
    const to = direction === 'up' ? from - 1 : from + 1
    if (to < 0 || to >= order.length) return { ok: true } as const
    const ids = order.map((p) => p.id)
    ;[ids[from], ids[to]] = [ids[to]!, ids[from]!]
    for (const [position, id] of ids.entries()) {
      if (order.find((p) => p.id === id)?.position !== position) {
        await tx.photo.updateMany({ where: { poolId: scope.poolId, id }, data: { position } })
      }
    }
    return { ok: true } as const
  })
}

/** Private photos are shown to premium members only (SPEC §6); the main photo stays public. */
export async function setPhotoPrivate(db: Db, scope: Scope, profileId: number, photoId: number, isPrivate: boolean): Promise<ManageResult> {
  return withOwnPhoto(db, scope, profileId, photoId, async (tx, photo) => {
    if (isPrivate && photo.isMain) return { ok: false, reason: 'mainPrivate' } as const
    await tx.photo.updateMany({ where: { poolId: scope.poolId, id: photo.id }, data: { isPrivate } })
    await ensureMainPhoto(tx, scope, profileId)
    return { ok: true } as const
  })
}

/**
 * Removes the row and queues its files in the same transaction; the files go after the
 * commit (a failed commit keeps both; a failed removal is retried by the purge job).
 */
export async function deletePhoto(db: Db, scope: Scope, profileId: number, photoId: number, storage?: MediaStorage): Promise<ManageResult> {
  const outcome = await withOwnPhoto(db, scope, profileId, photoId, async (tx, photo) => {
    await tx.photo.deleteMany({ where: { poolId: scope.poolId, id: photo.id } })
    await ensureMainPhoto(tx, scope, profileId)
    return { ok: true as const, queued: await queueMediaDeletion(tx, scope, photoKeys(photo)) }
  })
  if (!outcome.ok) return outcome
  if ('queued' in outcome) await removeAfterCommit(db, scope, outcome.queued, storage)
  return { ok: true }
}
