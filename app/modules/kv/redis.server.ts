// The shared Redis client (REDIS_URL, or a cluster: REDIS_CLUSTER_NODES). Redis being away
// must cost a request at most one short wait (docs/decisions/047): every command gives up
// after REDIS_COMMAND_TIMEOUT_MS, a client that is not connected refuses at once (callers
// fall back: the limits to their in-process insurance, caches to computing), and an outage
// is logged once when it starts and once when it ends, not per command.
import { Cluster, Redis, type ClusterOptions, type RedisOptions } from 'ioredis'
import { getEnv } from '../config/env.server.ts'

export const REDIS_COMMAND_TIMEOUT_MS = 200

export type RedisClient = Redis | Cluster

/** Options every client of ours uses. */
export function redisOptions(extra: RedisOptions = {}): RedisOptions {
  return {
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: 1_000,
    maxRetriesPerRequest: 1,
    // Reconnect soon, then every 2 s at most, forever.
    retryStrategy: (times: number) => Math.min(100 * times, 2_000),
    ...extra,
  }
}

export function clusterSeeds(value: string): { host: string; port: number }[] {
  return value.split(',').map((part) => {
    const [host, port] = part.trim().split(':')
    return { host: host!, port: Number(port) }
  })
}

/** A new client for REDIS_URL or REDIS_CLUSTER_NODES (null when neither is set). */
export function createRedisClient(name: string, extra: RedisOptions = {}, cluster: Partial<ClusterOptions> = {}): RedisClient | null {
  const env = getEnv()
  let made: RedisClient
  if (env.REDIS_CLUSTER_NODES) {
    made = new Cluster(clusterSeeds(env.REDIS_CLUSTER_NODES), { redisOptions: redisOptions(extra), clusterRetryStrategy: (times: number) => Math.min(100 * times, 2_000), ...cluster })
  } else if (env.REDIS_URL) made = new Redis(env.REDIS_URL, redisOptions(extra))
  else return null
  logOutagesOnce(made, name)
  if (made instanceof Cluster) made.on('node error', (error: Error, node: string) => markNodeTrouble(made, name, node, error))
  return made
}

/**
 * A cluster stays `ready` while one of its masters is away, and every command for that
 * master's slots waits REDIS_COMMAND_TIMEOUT_MS before it fails. After a node error the
 * cluster counts as degraded for NODE_TROUBLE_MS (renewed by every failed reconnect, which
 * come at least every 2 s), so the callers fall back at once, as with a single Redis away.
 */
export const NODE_TROUBLE_MS = 3_000
const troubleUntil = new WeakMap<RedisClient, number>()

function markNodeTrouble(client: Cluster, name: string, node: string, error: Error): void {
  const until = troubleUntil.get(client) ?? 0
  const meanwhile = name.startsWith('bus') ? 'live events of its slots wait' : 'limits count in this process and caches compute locally'
  if (until < Date.now()) console.warn(`[redis] ${name}: cluster node ${node} failed (${error.message}); meanwhile ${meanwhile}`)
  troubleUntil.set(client, Date.now() + NODE_TROUBLE_MS)
}

/** Whether the client is known to be away (reconnecting) or a cluster node failed just now. */
export function redisDegraded(client: RedisClient): boolean {
  if (client.status === 'reconnecting' || client.status === 'close' || client.status === 'end') return true
  return (troubleUntil.get(client) ?? 0) > Date.now()
}

/** One line when the connection is lost, one when it is back: never one per retry. */
export function logOutagesOnce(client: RedisClient, name: string): void {
  let downSince: number | null = null
  client.on('error', (error: Error) => {
    if (downSince !== null) return
    downSince = Date.now()
    console.warn(`[redis] ${name}: connection lost (${error.message}); retrying, meanwhile ${name.startsWith('bus') ? 'live events between nodes wait' : 'limits count in this process and caches compute locally'}`)
  })
  client.on('ready', () => {
    if (downSince === null) return
    console.info(`[redis] ${name}: reconnected after ${((Date.now() - downSince) / 1000).toFixed(1)} s`)
    downSince = null
  })
}

/** Whether a command sent now would go out at once (else callers skip Redis). */
export function redisReady(client: RedisClient): boolean {
  return client.status === 'ready' && !redisDegraded(client)
}

let client: RedisClient | null | undefined

/** The shared Redis connection when REDIS_URL (or a cluster) is set, else null (callers use Postgres). */
export function getRedis(): RedisClient | null {
  if (client !== undefined) return client
  client = createRedisClient('shared')
  return client
}

export async function closeRedis(): Promise<void> {
  const closing = client
  client = undefined
  await closing?.quit().catch(() => closing.disconnect())
}
