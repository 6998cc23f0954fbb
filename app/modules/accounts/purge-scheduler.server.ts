// The `accounts-purge` job (pg-boss, hourly and once when a node starts; decision 016): runs
// purgeExpiredAccounts for every site, then the hygiene pruning. A Postgres advisory lock per
// site, taken inside each batch's transaction, lets one run purge a site at a time: another
// skips it until its next run. The lock ends with the transaction, so a node that dies never
// leaves it behind.
import type { Db } from '../db/client.server.ts'
import type { ScopedTx } from '../db/scoped.server.ts'
import type { LoadedTenant } from '../tenancy/load-tenants.server.ts'
import { sweepMediaDeletions } from '../media/deletions.server.ts'
import type { MediaStorage } from '../media/storage.server.ts'
import { purgeExpiredAccounts } from './deletion.server.ts'
import { pruneRateLimits, pruneTenant } from './prune.server.ts'

/** First key of the two-key advisory lock: this job's namespace ("pu" in ASCII). */
export const PURGE_LOCK_CLASS = 0x7075

export async function tryPurgeLock(tx: ScopedTx, tenantId: string): Promise<boolean> {
  const rows = await tx.$queryRaw<{ locked: boolean }[]>`SELECT pg_try_advisory_xact_lock(${PURGE_LOCK_CLASS}::int, hashtext(${tenantId})) AS locked`
  return rows[0]?.locked === true
}

export type PurgeRun = Record<string, number | 'skipped' | 'failed'>

type Log = Pick<Console, 'info' | 'error'>

/**
 * One pass over the sites: how many accounts each purged, or why it did not. Each pool's
 * queued media deletions (files whose removal after a commit failed) are retried too.
 */
export async function purgeAllTenants(db: Db, tenants: readonly LoadedTenant[], now = new Date(), log: Log = console, storage?: MediaStorage): Promise<PurgeRun> {
  const run: PurgeRun = {}
  const swept = new Set<string>()
  for (const tenant of tenants) {
    const scope = { tenantId: tenant.slug, poolId: tenant.pool }
    let locked = false
    try {
      const purged = await purgeExpiredAccounts(db, scope, now, {
        beforeBatch: async (tx) => (locked = await tryPurgeLock(tx, tenant.slug)),
        storage,
      })
      if (!swept.has(tenant.pool)) {
        swept.add(tenant.pool)
        const removed = await sweepMediaDeletions(db, scope, storage, log)
        if (removed > 0) log.info(`purge: pool ${tenant.pool}: ${removed} queued media file(s) removed`)
      }
      run[tenant.slug] = locked || purged > 0 ? purged : 'skipped'
      if (purged > 0) log.info(`purge: ${tenant.slug}: ${purged} deleted account(s) erased`)
      // Hygiene: expired sessions and links, old outbox mails.
      await pruneTenant(db, scope, now)
    } catch (error) {
      // One site's failure must not keep the others' members waiting.
      run[tenant.slug] = 'failed'
      log.error(`purge: ${tenant.slug} failed`, error)
    }
  }
  try {
    await pruneRateLimits(db, now)
  } catch (error) {
    log.error('purge: limit counters could not be pruned', error)
  }
  return run
}
