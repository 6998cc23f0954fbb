// Messages between app nodes (tenant-config reloads, live member events, cache notices):
// Redis pub/sub when REDIS_URL is set (sharded pub/sub on a cluster, REDIS_CLUSTER_NODES);
// in production without Redis, Postgres LISTEN/NOTIFY on the runtime role's connection, so
// several nodes never silently keep events to themselves; in-process otherwise (the demo,
// a single node). See docs/decisions/047.
//
// Best effort, and never a wait: a publish while the transport is away fails at once (live
// events are picked up by the pages' periodic refresh), subscriptions are renewed when it is
// back, and an outage is logged once when it starts and once when it ends.
import { EventEmitter } from 'node:events'
import pg from 'pg'
import { Redis } from 'ioredis'
import { getEnv } from '../config/env.server.ts'
import { createRedisClient, logOutagesOnce, redisOptions, type RedisClient } from '../kv/redis.server.ts'

export type Handler = (message: string) => void
export type Bus = {
  kind: 'redis' | 'memory' | 'postgres'
  publish(channel: string, message: string): Promise<void>
  subscribe(channel: string, handler: Handler): Promise<() => Promise<void>>
  close(): Promise<void>
}

export function createMemoryBus(): Bus {
  const emitter = new EventEmitter()
  emitter.setMaxListeners(0)
  return {
    kind: 'memory',
    async publish(channel, message) {
      emitter.emit(channel, message)
    },
    async subscribe(channel, handler) {
      emitter.on(channel, handler)
      return async () => void emitter.off(channel, handler)
    },
    async close() {
      emitter.removeAllListeners()
    },
  }
}

/** Handlers per channel, shared by the transports below. */
function channelTable() {
  const handlers = new Map<string, Set<Handler>>()
  return {
    handlers,
    deliver(channel: string, message: string) {
      for (const handler of handlers.get(channel) ?? []) {
        try {
          handler(message)
        } catch (error) {
          console.error('[bus] a handler failed:', error)
        }
      }
    },
  }
}

/**
 * Redis pub/sub. `url`: a plain Redis (tests); without it the configured one (REDIS_URL, or
 * REDIS_CLUSTER_NODES with sharded pub/sub: SPUBLISH/SSUBSCRIBE, each channel on its slot's node).
 */
export function createRedisBus(url?: string): Bus {
  const sharded = !url && Boolean(getEnv().REDIS_CLUSTER_NODES)
  const make = (name: string): RedisClient => {
    if (url) {
      const made = new Redis(url, redisOptions({ lazyConnect: true }))
      logOutagesOnce(made, name)
      return made
    }
    return createRedisClient(name, { lazyConnect: true }, sharded ? { shardedSubscribers: true, lazyConnect: true } : { lazyConnect: true })!
  }
  const publisher = make('bus')
  // A subscribed Redis connection can do nothing else, so it gets its own.
  const subscriber = make('bus subscriber')
  // The subscriber's outage is the publisher's: one line each way is enough.
  const { handlers, deliver } = channelTable()
  subscriber.on(sharded ? 'smessage' : 'message', (channel: string, message: string) => deliver(channel, message))
  // Channels subscribed while Redis was away are subscribed when it is back.
  subscriber.on('ready', () => {
    if (handlers.size > 0) void sub([...handlers.keys()]).catch(() => undefined)
  })
  const sub = (channels: string[]) => (sharded ? (subscriber as RedisClient).ssubscribe(...channels) : (subscriber as RedisClient).subscribe(...channels))
  const connect = async (client: RedisClient) => {
    if (client.status === 'wait') await client.connect().catch(() => undefined)
  }
  return {
    kind: 'redis',
    async publish(channel, message) {
      await connect(publisher)
      if (publisher.status !== 'ready') throw new Error('the event bus (Redis) is not connected')
      if (sharded) await publisher.spublish(channel, message)
      else await publisher.publish(channel, message)
    },
    async subscribe(channel, handler) {
      await connect(subscriber)
      let set = handlers.get(channel)
      if (!set) {
        set = new Set()
        handlers.set(channel, set)
        // While Redis is away this fails at once; the 'ready' handler subscribes it later.
        if (subscriber.status === 'ready') await sub([channel]).catch(() => undefined)
      }
      set.add(handler)
      return async () => {
        set.delete(handler)
        if (set.size === 0 && handlers.get(channel) === set) {
          handlers.delete(channel)
          // After close() there is nothing to unsubscribe from.
          if (subscriber.status === 'ready') await (sharded ? subscriber.sunsubscribe(channel) : subscriber.unsubscribe(channel)).catch(() => undefined)
        }
      }
    },
    async close() {
      handlers.clear()
      await Promise.allSettled([publisher.quit(), subscriber.quit()])
      publisher.disconnect()
      subscriber.disconnect()
    },
  }
}

/** The one Postgres channel the bus uses; the app's channel travels in the payload. */
export const PG_BUS_CHANNEL = 'dating_bus'

/**
 * Postgres LISTEN/NOTIFY: production without Redis. The listening connection is a session
 * of its own (through PgBouncer in transaction mode LISTEN does not work: give such nodes
 * Redis). Payloads must stay below Postgres' 8000 bytes; the app's events are small.
 */
export function createPgBus(url: string): Bus {
  const { handlers, deliver } = channelTable()
  const pool = new pg.Pool({ connectionString: url, max: 2, connectionTimeoutMillis: 1_000 })
  pool.on('error', () => undefined)
  let listener: pg.Client | undefined
  let listening: Promise<void> | undefined
  let closed = false
  let downSince: number | null = null

  const listen = (): Promise<void> =>
    (listening ??= (async () => {
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 })
      client.on('notification', (note) => {
        if (note.channel !== PG_BUS_CHANNEL || !note.payload) return
        try {
          const [channel, message] = JSON.parse(note.payload) as [string, string]
          deliver(channel, message)
        } catch {
          // not ours
        }
      })
      const lost = (error?: Error) => {
        if (listener !== client) return
        listener = undefined
        listening = undefined
        if (closed) return
        if (downSince === null) {
          downSince = Date.now()
          console.warn(`[bus] postgres listener lost (${error?.message ?? 'connection ended'}); retrying`)
        }
        setTimeout(() => void listen().catch(() => undefined), 1_000).unref()
      }
      client.on('error', lost)
      client.on('end', () => lost())
      listener = client
      try {
        await client.connect()
        await client.query(`LISTEN ${PG_BUS_CHANNEL}`)
        if (downSince !== null) {
          console.info(`[bus] postgres listener back after ${((Date.now() - downSince) / 1000).toFixed(1)} s`)
          downSince = null
        }
      } catch (error) {
        lost(error as Error)
        throw error
      }
    })())

  return {
    kind: 'postgres',
    async publish(channel, message) {
      await pool.query('SELECT pg_notify($1, $2)', [PG_BUS_CHANNEL, JSON.stringify([channel, message])])
    },
    async subscribe(channel, handler) {
      await listen().catch(() => undefined)
      let set = handlers.get(channel)
      if (!set) {
        set = new Set()
        handlers.set(channel, set)
      }
      set.add(handler)
      return async () => {
        set.delete(handler)
        if (set.size === 0 && handlers.get(channel) === set) handlers.delete(channel)
      }
    },
    async close() {
      closed = true
      handlers.clear()
      const client = listener
      listener = undefined
      await Promise.allSettled([client?.end(), pool.end()])
    },
  }
}

let bus: Bus | undefined

export function getBus(): Bus {
  if (bus) return bus
  const env = getEnv()
  if (env.REDIS_URL || env.REDIS_CLUSTER_NODES) bus = createRedisBus(env.REDIS_URL)
  // Production without Redis: nodes still hear each other, through the database.
  else if (env.mode === 'production' && env.APP_DATABASE_URL) bus = createPgBus(env.APP_DATABASE_URL)
  else bus = createMemoryBus()
  return bus
}

/** At shutdown: unsubscribes and closes the connections. */
export async function closeBus(): Promise<void> {
  const closing = bus
  bus = undefined
  await closing?.close()
}
