// Removing media files safely (docs/decisions/008-private-media.md). A file is never removed
// before the transaction that drops its photo commits: the transaction queues the keys in
// MediaDeletion (rolled back with it), and after the commit the caller removes the files and
// their queue rows. Whatever fails there (storage down, process killed) stays queued and the
// purge job sweeps it. A key some photo row of the pool still uses is never removed.
import type { Db } from '../db/client.server.ts'
import { withScope, type Scope, type ScopedTx } from '../db/scoped.server.ts'
import { getMediaStorage, type MediaStorage } from './storage.server.ts'

/** Inside the transaction that drops the photo rows: remember their files. */
export async function queueMediaDeletion(tx: ScopedTx, scope: Scope, keys: readonly string[]): Promise<number[]> {
  if (keys.length === 0) return []
  const rows = await tx.mediaDeletion.createManyAndReturn({ data: keys.map((key) => ({ poolId: scope.poolId, key })), select: { id: true } })
  return rows.map((row) => row.id)
}

type Log = Pick<Console, 'error'>

/**
 * Removes queued files (the given queue rows, or the oldest `limit` of the pool) and then
 * their rows, in one transaction per call that locks the rows (SKIP LOCKED: two nodes never
 * work on the same row). Returns how many files were removed; failures stay queued with
 * their attempt counted.
 */
export async function removeQueuedMedia(
  db: Db,
  scope: Scope,
  options: { ids?: readonly number[]; limit?: number; storage?: MediaStorage; log?: Log } = {},
): Promise<number> {
  const storage = options.storage ?? getMediaStorage()
  const log = options.log ?? console
  if (options.ids && options.ids.length === 0) return 0
  return withScope(
    db,
    scope,
    async (tx) => {
      const rows = options.ids
        ? await tx.$queryRaw<{ id: number; key: string }[]>`
            SELECT id, key FROM "MediaDeletion" WHERE "poolId" = ${scope.poolId} AND id = ANY(${[...options.ids]}::int[])
            FOR UPDATE SKIP LOCKED`
        : await tx.$queryRaw<{ id: number; key: string }[]>`
            SELECT id, key FROM "MediaDeletion" WHERE "poolId" = ${scope.poolId}
            ORDER BY "createdAt", id LIMIT ${options.limit ?? 200}
            FOR UPDATE SKIP LOCKED`
      if (rows.length === 0) return 0
      const keys = [...new Set(rows.map((row) => row.key))]
      // A key a live photo row still names stays (a seeded avatar written again, a re-used
      // key); a rejected row keeps its keys only as a record, its files go.
      const used = await tx.photo.findMany({
        where: { poolId: scope.poolId, status: { not: 'rejected' }, OR: [{ filename: { in: keys } }, { thumbFilename: { in: keys } }] },
        select: { filename: true, thumbFilename: true },
      })
      const inUse = new Set(used.flatMap((p) => [p.filename, p.thumbFilename]))
      const done: number[] = []
      const failed: number[] = []
      let removed = 0
      await Promise.all(
        rows.map(async (row) => {
          try {
            if (!inUse.has(row.key)) {
              await storage.delete(row.key)
              removed++
            }
            done.push(row.id)
          } catch (error) {
            failed.push(row.id)
            log.error(`media: removing ${row.key} failed; it stays queued`, error)
          }
        }),
      )
      if (done.length > 0) await tx.mediaDeletion.deleteMany({ where: { poolId: scope.poolId, id: { in: done } } })
      if (failed.length > 0) await tx.mediaDeletion.updateMany({ where: { poolId: scope.poolId, id: { in: failed } }, data: { attempts: { increment: 1 } } })
      return removed
    },
    { timeout: 60_000 },
  )
}

/** After the commit: removes what the transaction queued; never throws (the sweep retries). */
export async function removeAfterCommit(db: Db, scope: Scope, ids: readonly number[], storage?: MediaStorage): Promise<void> {
  try {
    await removeQueuedMedia(db, scope, { ids, storage })
  } catch (error) {
    console.error('media: removing files after the commit failed; the purge job retries', error)
  }
}

/** The purge job's sweep: every queued file of the pool, in batches. */
export async function sweepMediaDeletions(db: Db, scope: Scope, storage?: MediaStorage, log?: Log): Promise<number> {
  const batch = 200
  let removed = 0
  for (let round = 0; round < 50; round++) {
    const done = await removeQueuedMedia(db, scope, { limit: batch, storage, log })
    removed += done
    // A short batch: the queue is empty, or some files failed (storage down, or another
    // node holds the rows): the rest waits for the next run.
    if (done < batch) break
  }
  return removed
}
