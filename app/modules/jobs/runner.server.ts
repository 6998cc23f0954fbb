// The job runner: one pg-boss instance per app node on the runtime role's connection. Every
// node works every queue (a job is taken by one node: SKIP LOCKED), schedules the recurring
// ones (pg-boss keeps one job per cron slot) and, on stop, finishes the jobs in hand.
//
// Jobs are queued inside the caller's transaction (`enqueueIn`): the job exists exactly when
// the rows it is about were committed. Handlers are idempotent (decision 016), because a job
// whose node died is retried after its expiry.
import PgBoss from 'pg-boss'
import { isDatabaseUnavailable, logUnavailable } from '../http/unavailable.server.ts'
import { metrics } from '../observability/metrics.server.ts'
import type { ScopedTx } from '../db/scoped.server.ts'
import { JOB_SCHEMA, QUEUES, QUEUE_NAMES, type QueueName, type QueueSpec } from './queues.ts'

export type JobHandler = (data: unknown, job: { id: string; name: string }) => Promise<void>
export type JobHandlers = Partial<Record<QueueName, JobHandler>>

type Log = Pick<Console, 'info' | 'error' | 'warn'>

// Never started: it only builds pg-boss's INSERT for a job queued through a caller's transaction.
let builder: PgBoss | undefined
function jobBuilder(): PgBoss {
  builder ??= new PgBoss({ connectionString: 'postgres://unused/unused', schema: JOB_SCHEMA })
  return builder
}

function txDb(tx: ScopedTx): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[]) {
      const params = values.map((v) => (v !== null && typeof v === 'object' && !(v instanceof Date) ? JSON.stringify(v) : v))
      return { rows: await tx.$queryRawUnsafe<Record<string, unknown>[]>(text, ...params) }
    },
  }
}

/**
 * Queues a job in the caller's transaction: it commits or rolls back with the caller's rows.
 * The job starts at once on a node that runs jobs (this one is woken after `wake`).
 */
export async function enqueueIn(tx: ScopedTx, name: QueueName, data: object, options: PgBoss.SendOptions = {}): Promise<string | null> {
  return jobBuilder().send(name, data, { ...options, db: txDb(tx) })
}

let running: { boss: PgBoss; workers: Map<string, string> } | undefined

/** Tells this node's worker of `name` that a job is waiting (after the enqueueing commit). */
export function wake(name: QueueName): void {
  const id = running?.workers.get(name)
  if (id) running?.boss.notifyWorker(id)
}

/** Queues a job outside any transaction (needs a started runner). */
export async function enqueue(name: QueueName, data: object, options: PgBoss.SendOptions = {}): Promise<string | null> {
  if (!running) throw new Error('jobs are not running on this node')
  return running.boss.send(name, data, options)
}

export type StartJobsOptions = {
  connectionString: string
  handlers: JobHandlers
  /** Seconds between polls of each queue when no wake-up came (jobs queued on other nodes). */
  pollingIntervalSeconds?: number
  /** Schedules the cron queues (default true). The `onStart` ones are queued either way. */
  schedules?: boolean
  log?: Log
}

export type JobRunner = { boss: PgBoss; stop: (options?: { graceful?: boolean; timeoutMs?: number }) => Promise<void> }

export async function startJobs(options: StartJobsOptions): Promise<JobRunner> {
  const log = options.log ?? console
  const boss = new PgBoss({
    connectionString: options.connectionString,
    schema: JOB_SCHEMA,
    max: 3,
    application_name: 'dating-jobs',
    // The owner created and migrated the schema (setup); the runtime role may not.
    migrate: false,
    supervise: true,
    schedule: options.schedules !== false,
  })
  // The database away: one line per interval (decision 047), not a stack per poll.
  boss.on('error', (error: unknown) => (isDatabaseUnavailable(error) ? logUnavailable('database', error) : log.error('[jobs]', error)))
  await boss.start()
  const workers = new Map<string, string>()
  const interval = options.pollingIntervalSeconds ?? 2
  for (const name of QUEUE_NAMES) {
    const handler = options.handlers[name]
    if (!handler) continue
    const id = await boss.work<object>(name, { batchSize: 1, pollingIntervalSeconds: interval }, async (jobs) => {
      for (const job of jobs) {
        try {
          await handler(job.data, { id: job.id, name: job.name })
        } catch (error) {
          metrics.jobFailures.inc({ queue: name })
          throw error
        }
      }
      // A queue that had work is asked again at once (pg-boss otherwise waits the polling
      // interval after every job: one mail per interval, a campaign's 450 mails in minutes).
      // An empty fetch does not come here, so an idle queue still waits.
      const self = workers.get(name)
      if (self) boss.notifyWorker(self)
    })
    workers.set(name, id)
  }
  running = { boss, workers }
  for (const name of QUEUE_NAMES) {
    const spec: QueueSpec = QUEUES[name]
    if (!options.handlers[name]) continue
    if (spec.cron && options.schedules !== false) await boss.schedule(name, spec.cron, {}, { tz: 'UTC' })
    // A node that starts catches up at once (`startup`: e.g. mails whose job died with a node).
    if (spec.onStart) await boss.send(name, { startup: true })
  }
  return {
    boss,
    async stop(stopOptions = {}) {
      if (running?.boss === boss) running = undefined
      // Graceful: no new jobs are fetched; the ones in hand may finish (then they are failed, and retried elsewhere).
      await boss.stop({ graceful: stopOptions.graceful ?? true, timeout: stopOptions.timeoutMs ?? 10_000, wait: true, close: true })
    },
  }
}
