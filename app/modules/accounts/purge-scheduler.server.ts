// Runs purgeExpiredAccounts for every site once at start and then every `intervalMs`, on
// every app node. A Postgres advisory lock per site, taken inside each batch's transaction,
// lets one node purge a site at a time: the others skip it until their next run. The lock
// ends with the transaction, so a node that dies never leaves it behind.
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

export type PurgeSchedulerOptions = {
  db: Db
  /** Read on every run, so reloaded tenant files are honoured; e.g. `async () => (await getRegistry()).tenants`. */
  tenants: () => readonly LoadedTenant[] | Promise<readonly LoadedTenant[]>
  intervalMs: number
  now?: () => Date
  log?: Log
  onRun?: (run: PurgeRun) => void
}

/** Starts the job; the returned function stops it and waits for a run in progress. */
export function startPurgeScheduler(options: PurgeSchedulerOptions): () => Promise<void> {
  const { db, tenants, intervalMs, now = () => new Date(), log = console, onRun } = options
  let running: Promise<void> | null = null
  let stopped = false

  const tick = () => {
    // A slow run is never overlapped by the next tick on the same node.
    if (stopped || running) return
    running = Promise.resolve()
      .then(tenants)
      .then((list) => purgeAllTenants(db, list, now(), log))
      .then((run) => onRun?.(run))
      .catch((error: unknown) => log.error('purge: run failed', error))
      .finally(() => {
        running = null
      })
  }

  tick()
  const timer = setInterval(tick, intervalMs)
  timer.unref()
  return async () => {
    stopped = true
    clearInterval(timer)
    await running
  }
}
