// Data that is the same for every member and visitor of a pool (the front page's showcase,
// the live cams' candidates), cached with cachified (decision 035): in this process in an
// LRU, and in Redis when REDIS_URL is set, so a node that starts or misses reads what
// another node computed. What changes that data (a photo approved or removed, a member
// hidden, deleted or renamed) calls poolDataChanged(): the pool's entries go from Redis,
// and every node drops its own copies through the bus. Between such events the data ages
// at most POOL_DATA_TTL_MS (who was recently active).
import { cachified, totalTtl, type Cache, type CacheEntry } from '@epic-web/cachified'
import { LRUCache } from 'lru-cache'
import { getBus } from '../bus/bus.server.ts'
import { getEnv } from '../config/env.server.ts'
import { getRedis, redisReady, type RedisClient } from '../kv/redis.server.ts'

export const POOL_DATA_TTL_MS = 30_000
const CHANNEL = 'pool-data:changed'
const PREFIX = 'pool-data'

const local = new LRUCache<string, CacheEntry>({ max: 2000 })

const lruCache: Cache = {
  name: 'pool-data LRU',
  get: (key) => local.get(key),
  set: (key, value) => {
    const ttl = totalTtl(value?.metadata)
    local.set(key, value, { ttl: Number.isFinite(ttl) ? ttl : undefined, start: value?.metadata?.createdTime })
  },
  delete: (key) => local.delete(key),
}

/**
 * cachified's Redis adapter for ioredis (the published adapter is written for the `redis`
 * client; this project's client is ioredis): entries as JSON, expiring with their ttl.
 */
export function ioredisCache(redis: RedisClient, index?: string): Cache {
  return {
    name: 'pool-data Redis',
    async get(key) {
      // Redis away: a miss at once (the caller computes), no wait for a timeout.
      if (!redisReady(redis)) throw new Error('redis is not connected')
      const raw = await redis.get(key)
      return raw ? (JSON.parse(raw) as CacheEntry) : null
    },
    async set(key, value) {
      const ttl = totalTtl(value?.metadata)
      const raw = JSON.stringify(value)
      const write = redis.multi()
      if (Number.isFinite(ttl) && ttl > 0) write.set(key, raw, 'PX', Math.ceil(ttl))
      else write.set(key, raw)
      // The keys of a pool, so a change can delete them without scanning Redis.
      if (index) write.sadd(index, key).pexpire(index, Number.isFinite(ttl) && ttl > 0 ? Math.ceil(ttl) * 2 : 86_400_000)
      await write.exec()
    },
    async delete(key) {
      await redis.del(key)
    },
  }
}

// Nodes that share a database share a namespace (RATE_LIMIT_NAMESPACE): test runs and
// benchmarks on one Redis never read each other's pools.
const namespace = () => getEnv().RATE_LIMIT_NAMESPACE
// `{poolId}` is a Redis Cluster hash tag: a pool's entries and their index share one slot.
const keyOf = (poolId: string, name: string) => `${namespace()}${PREFIX}:{${poolId}}:${name}`
const indexOf = (poolId: string) => `${namespace()}${PREFIX}-index:{${poolId}}`

let listening: Promise<void> | null = null
/** The first use subscribes this node to other nodes' change notices. */
function listen(): Promise<void> {
  listening ??= getBus()
    .subscribe(`${namespace()}${CHANNEL}`, (poolId) => dropLocal(poolId))
    .then(
      () => undefined,
      (error: unknown) => {
        console.warn('[pool-data] no change notices from other nodes:', (error as Error).message)
      },
    )
  return listening
}

function dropLocal(poolId: string): void {
  const prefix = keyOf(poolId, '')
  for (const key of [...local.keys()]) if (key.startsWith(prefix)) local.delete(key)
}

/**
 * The pool's `name` data: from this node's memory, else from Redis, else computed once
 * (concurrent misses on this node share one computation). Values must survive JSON (Dates
 * as strings): what comes from Redis went through it.
 */
export async function poolCached<T>(poolId: string, name: string, getFresh: () => Promise<T>, ttlMs = POOL_DATA_TTL_MS): Promise<T> {
  void listen()
  const key = keyOf(poolId, name)
  const redis = getRedis()
  return cachified({
    key,
    cache: lruCache,
    ttl: ttlMs,
    getFreshValue: redis
      ? () =>
          cachified({
            key,
            cache: ioredisCache(redis, indexOf(poolId)),
            ttl: ttlMs,
            getFreshValue: getFresh,
            // Redis away: compute here rather than fail the page.
            fallbackToCache: true,
          }).catch(() => getFresh())
      : getFresh,
  })
}

/** What changes a pool's shared data happened: every node forgets it now. */
export async function poolDataChanged(poolId: string): Promise<void> {
  dropLocal(poolId)
  const redis = getRedis()
  try {
    if (redis && redisReady(redis)) {
      const keys = await redis.smembers(indexOf(poolId))
      await redis.del(indexOf(poolId), ...keys)
    }
    await getBus().publish(`${namespace()}${CHANNEL}`, poolId)
  } catch (error) {
    // The entries still expire within their ttl.
    console.warn('[pool-data] change notice not sent:', (error as Error).message)
  }
}

/** Tests: this node's copies only. */
export function clearLocalPoolData(): void {
  local.clear()
}
