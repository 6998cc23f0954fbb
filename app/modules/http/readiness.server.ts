// What `/readyz` reports (docs/decisions/047): the database (required: without it this node
// can serve nothing), Redis when configured and the photo storage (reported; they take
// nothing but themselves down, and every node shares them, so failing them would take every
// node out of the load balancer at once). `strict` makes them count too.
import { getRuntimeDb, runtimePoolUse } from '../db/client.server.ts'
import { getRedis } from '../kv/redis.server.ts'
import { getMediaStorage } from '../media/storage.server.ts'
import { scrapedGauge } from '../observability/metrics.server.ts'

export type Check = 'ok' | string
export type Readiness = { database: Check; redis?: Check; storage: Check }

const TIMEOUT_MS = 1_000

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  return Promise.race([promise, new Promise<T>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)))]).finally(() => clearTimeout(timer))
}

const failed = (error: unknown) => (error instanceof Error ? error.message.split('\n')[0]! : String(error))

let last: { at: number; result: Promise<Readiness> } | undefined

/** The checks, at most once a second per node (load balancers ask often). */
export function readiness(now = Date.now()): Promise<Readiness> {
  if (last && now - last.at < 1_000) return last.result
  const result = check()
  last = { at: now, result }
  return result
}

async function check(): Promise<Readiness> {
  const [database, redis, storage] = await Promise.all([
    within(getRuntimeDb().$queryRaw`SELECT 1`, TIMEOUT_MS).then(() => 'ok', failed),
    (async () => {
      const client = getRedis()
      if (!client) return undefined
      if (client.status !== 'ready') return `not connected (${client.status})`
      return within(client.ping(), TIMEOUT_MS).then(() => 'ok', failed)
    })(),
    (async () => {
      const media = getMediaStorage()
      if (media.kind === 'local') return 'ok'
      return within(media.exists('readyz/probe'), TIMEOUT_MS).then(() => 'ok', failed)
    })(),
  ])
  return { database, ...(redis !== undefined ? { redis } : {}), storage }
}

let registered = false

/** Scrape-time gauges of this process: the runtime pool's use and the job queues' depth. */
export function registerScrapedMetrics(): void {
  if (registered) return
  registered = true
  scrapedGauge('db_pool_connections', 'Runtime database pool of this node: open, idle, waiting requests, max', ['state'], (set) => {
    const use = runtimePoolUse()
    if (!use) return
    set({ state: 'open' }, use.total)
    set({ state: 'idle' }, use.idle)
    set({ state: 'waiting' }, use.waiting)
    set({ state: 'max' }, use.max)
  })
  scrapedGauge('jobs_queued', 'Jobs in the queue (pg-boss) by queue and state: created, retry, active, failed', ['queue', 'state'], async (set) => {
    const rows = await within(
      getRuntimeDb().$queryRaw<{ name: string; state: string; n: bigint }[]>`SELECT name, state::text AS state, count(*) AS n FROM pgboss.job WHERE state IN ('created', 'retry', 'active', 'failed') GROUP BY 1, 2`,
      TIMEOUT_MS,
    )
    for (const row of rows) set({ queue: row.name, state: row.state }, Number(row.n))
  })
}
