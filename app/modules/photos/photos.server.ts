// Photo rows: counting against the limit, the profile lock that serialises a member's photo
// changes, the main-photo rule, and the member's own list. Photos belong to the pool, like
// the profiles they hang from; every query runs inside withScope and names the pool.
import type { Db } from '../db/client.server.ts'
import { withScope, type Scope, type ScopedTx } from '../db/scoped.server.ts'
import { photoLimitFor, type PhotoRejectReason, type PhotoStatus } from './limits.ts'

/** Statuses that take a place: rejected photos do not count against the limit. */
export const COUNTED_STATUSES: PhotoStatus[] = ['inspection', 'active']

/** The member's photos under inspection or approved (SPEC §5 limit). */
export async function countPhotos(tx: ScopedTx, scope: Scope, profileId: number): Promise<number> {
  return tx.photo.count({ where: { poolId: scope.poolId, profileId, status: { in: COUNTED_STATUSES } } })
}

export type LockedProfile = { id: number; paidUser: boolean }

/**
 * Locks the profile row until the transaction ends (SELECT ... FOR UPDATE), so two uploads,
 * or an upload and a delete, of one member never interleave. Null for a profile that is not
 * in this pool or is deleted. Premium comes from the account row, read under the same lock.
 */
export async function lockProfile(tx: ScopedTx, scope: Scope, profileId: number): Promise<LockedProfile | null> {
  const rows = await tx.$queryRaw<{ id: number; paidUser: boolean | null }[]>`
    SELECT p.id, coalesce(u."paidUser", p."fictional") AS "paidUser"
    FROM "Profile" p LEFT JOIN "User" u ON u.id = p."userId"
    WHERE p."poolId" = ${scope.poolId} AND p.id = ${profileId} AND p.status <> 'deleted'
    FOR UPDATE OF p`
  const row = rows[0]
  return row ? { id: row.id, paidUser: row.paidUser === true } : null
}

export function limitFor(profile: LockedProfile): number {
  return photoLimitFor(profile.paidUser)
}

/**
 * Keeps exactly one sensible main photo: the current one while it is approved; otherwise the
 * first approved public photo (so a member gets a visible main photo as soon as one is
 * approved); otherwise the current one or the first public photo under inspection. Only
 * `active` photos are ever shown to others, whatever isMain says.
 */
export async function ensureMainPhoto(tx: ScopedTx, scope: Scope, profileId: number): Promise<number | null> {
  const photos = await tx.photo.findMany({
    where: { poolId: scope.poolId, profileId },
    orderBy: [{ position: 'asc' }, { id: 'asc' }],
    select: { id: true, isMain: true, status: true, isPrivate: true },
  })
  const candidates = photos.filter((p) => p.status !== 'rejected' && !p.isPrivate)
  const current = candidates.find((p) => p.isMain)
  const chosen =
    (current?.status === 'active' ? current : undefined) ?? candidates.find((p) => p.status === 'active') ?? current ?? candidates[0] ?? null
  const wrong = photos.filter((p) => p.isMain !== (p.id === chosen?.id)).map((p) => p.id)
  if (wrong.length > 0) {
    await tx.photo.updateMany({ where: { poolId: scope.poolId, profileId, id: { in: wrong } }, data: { isMain: false } })
    if (chosen && wrong.includes(chosen.id)) await tx.photo.updateMany({ where: { poolId: scope.poolId, id: chosen.id }, data: { isMain: true } })
  }
  return chosen?.id ?? null
}

export type OwnPhoto = {
  id: number
  filename: string
  thumbFilename: string
  status: PhotoStatus
  isMain: boolean
  isPrivate: boolean
  width: number | null
  height: number | null
  rejectReason: PhotoRejectReason | null
}

export type OwnPhotos = { photos: OwnPhoto[]; count: number; limit: number }

/** The member's own photos in their order, with the count against the limit. */
export async function listOwnPhotos(db: Db, scope: Scope, profileId: number): Promise<OwnPhotos> {
  return withScope(db, scope, async (tx) => {
    const photos = await tx.photo.findMany({
      where: { poolId: scope.poolId, profileId },
      orderBy: [{ position: 'asc' }, { id: 'asc' }],
      select: { id: true, filename: true, thumbFilename: true, status: true, isMain: true, isPrivate: true, width: true, height: true, rejectReason: true },
    })
    const owner = await tx.profile.findFirst({ where: { poolId: scope.poolId, id: profileId }, select: { user: { select: { paidUser: true } } } })
    return {
      photos,
      count: photos.filter((p) => COUNTED_STATUSES.includes(p.status)).length,
      limit: photoLimitFor(owner?.user?.paidUser === true),
    }
  })
}

/** True when the member has an approved main photo (what others see; the alert's test). */
export async function hasMainPhoto(db: Db, scope: Scope, profileId: number): Promise<boolean> {
  const count = await withScope(db, scope, (tx) => tx.photo.count({ where: { poolId: scope.poolId, profileId, isMain: true, status: 'active' } }))
  return count > 0
}
