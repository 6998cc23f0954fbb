// The one limiter module (docs/decisions/009-abuse-limits.md), on rate-limiter-flexible: in
// Redis when REDIS_URL is set, else in the Postgres table "RateLimit" (no row-level security:
// its keys are server-made, never shown, and carry the site where it matters), so every app
// node counts together. Keys are prefixed with RATE_LIMIT_NAMESPACE (tests: one per file).
import pg from 'pg'
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible'
import { getEnv } from '../config/env.server.ts'
import { getRedis, redisDegraded } from '../kv/redis.server.ts'
import { metrics } from '../observability/metrics.server.ts'
import { ruleFor, type LimitName } from './rules.ts'

export const RATE_LIMIT_TABLE = 'RateLimit'

/** The answer of a limit: allowed, or refused with the seconds until it may try again. */
export type Verdict = { ok: true } | { ok: false; retryAfter: number }

const limiters = new Map<string, { store: RateLimiterAbstract; insurance: RateLimiterMemory }>()
let pool: { url: string; pool: pg.Pool } | undefined

function pgPool(url: string): pg.Pool {
  if (pool?.url === url) return pool.pool
  void pool?.pool.end().catch(() => undefined)
  const made = new pg.Pool({ connectionString: url, max: 3 })
  // An idle connection the server ended (a restart, a failover, pg_terminate_backend) is an
  // 'error' event on the pool; unhandled, it would end the process. The pool drops that
  // client and opens a new one on the next count.
  made.on('error', (error) => console.warn(`limits: a database connection ended (${error.message})`))
  pool = { url, pool: made }
  return made
}

/**
 * The limiter of `name`: the shared store's, or while Redis is known to be away (it was
 * connected and is reconnecting, or a cluster node failed within the last seconds) this node's in-process insurance at once, without waiting
 * for a command to time out (docs/decisions/047). A store that fails mid-command falls back
 * to the same insurance (rate-limiter-flexible's insuranceLimiter).
 */
function limiter(name: LimitName): RateLimiterAbstract {
  const { store, insurance } = limiterPair(name)
  const redis = getRedis()
  if (redis && redisDegraded(redis)) {
    metrics.limiterFallbacks.inc({ store: 'redis' })
    return insurance
  }
  return store
}

function limiterPair(name: LimitName): { store: RateLimiterAbstract; insurance: RateLimiterMemory } {
  const env = getEnv()
  const rule = ruleFor(name, env.RATE_LIMITS)
  const keyPrefix = `${env.RATE_LIMIT_NAMESPACE ? `${env.RATE_LIMIT_NAMESPACE}:` : ''}${name}`
  const redis = getRedis()
  const store = redis ? 'redis' : `pg:${env.APP_DATABASE_URL ?? ''}`
  const id = `${store}|${keyPrefix}|${rule.points}|${rule.duration}|${rule.block}`
  const known = limiters.get(id)
  if (known) return known
  const options = { keyPrefix, points: rule.points, duration: rule.duration, blockDuration: rule.block }
  // A store that is away must neither open the gates silently nor take the site down: this
  // node counts in memory until it is back.
  const insuranceLimiter = new RateLimiterMemory(options)
  let made: RateLimiterAbstract
  if (redis) made = new RateLimiterRedis({ ...options, storeClient: redis, insuranceLimiter })
  else {
    if (!env.APP_DATABASE_URL) throw new Error('limits: neither REDIS_URL nor APP_DATABASE_URL is set')
    made = new RateLimiterPostgres({
      ...options,
      storeClient: pgPool(env.APP_DATABASE_URL),
      storeType: 'pool',
      tableName: RATE_LIMIT_TABLE,
      // Created by a migration (the runtime role may not create tables); pruned by the purge job.
      tableCreated: true,
      clearExpiredByTimeout: false,
      insuranceLimiter,
    })
  }
  const pair = { store: made, insurance: insuranceLimiter }
  limiters.set(id, pair)
  return pair
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000))

/** Uses `points` of the key's allowance; refused when that goes over it. */
export async function consume(name: LimitName, key: string, points = 1): Promise<Verdict & { remaining: number; resetIn: number }> {
  try {
    const res = await limiter(name).consume(key, points)
    return { ok: true, remaining: res.remainingPoints, resetIn: seconds(res.msBeforeNext) }
  } catch (rejected) {
    if (rejected instanceof RateLimiterRes) return { ok: false, retryAfter: seconds(rejected.msBeforeNext), remaining: 0, resetIn: seconds(rejected.msBeforeNext) }
    throw rejected
  }
}

/**
 * Uses one point of every bucket, each of them (so a refused request still counts
 * everywhere); the longest wait when any refused.
 */
export async function consumeAll(buckets: readonly (readonly [LimitName, string])[], points = 1): Promise<Verdict & { exhausted: LimitName[] }> {
  const results = await Promise.all(buckets.map(([name, key]) => consume(name, key, points)))
  const waits = results.flatMap((r) => (r.ok ? [] : [r.retryAfter]))
  const exhausted = buckets.filter((_, i) => results[i]!.remaining === 0).map(([name]) => name)
  return waits.length > 0 ? { ok: false, retryAfter: Math.max(...waits), exhausted } : { ok: true, exhausted }
}

/** Whether the key's next attempt would be refused (and for how long), using nothing. */
export async function peek(name: LimitName, key: string): Promise<Verdict & { used: number }> {
  const l = limiter(name)
  const res = await l.get(key)
  if (!res) return { ok: true, used: 0 }
  return res.consumedPoints >= l.points ? { ok: false, retryAfter: seconds(res.msBeforeNext), used: res.consumedPoints } : { ok: true, used: res.consumedPoints }
}

/** Gives points back (a reserved attempt that turned out fine). */
export async function refund(name: LimitName, key: string, points = 1): Promise<void> {
  await limiter(name).reward(key, points)
}

/** Refuses the key for the rule's block time (or `secs`) from now. */
export async function block(name: LimitName, key: string, secs?: number): Promise<number> {
  const rule = ruleFor(name, getEnv().RATE_LIMITS)
  const length = secs ?? (rule.block || rule.duration)
  await limiter(name).block(key, length)
  return length
}

/** Forgets the key (a proven owner). */
export async function forget(name: LimitName, key: string): Promise<void> {
  await limiter(name).delete(key)
}

/** At shutdown: the Postgres store's pool (Redis is closed with the shared client). */
export async function closeLimits(): Promise<void> {
  const closing = pool
  pool = undefined
  limiters.clear()
  await closing?.pool.end()
}
