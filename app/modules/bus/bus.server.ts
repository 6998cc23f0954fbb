// Messages between app nodes: Redis pub/sub when REDIS_URL is set, otherwise in-process
// (a single node needs nothing more). Used for tenant-config reloads now, realtime later.
import { EventEmitter } from 'node:events'
import { Redis } from 'ioredis'
import { getEnv } from '../config/env.server.ts'

export type Handler = (message: string) => void
export type Bus = {
  kind: 'redis' | 'memory'
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

export function createRedisBus(url: string): Bus {
  const publisher = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 })
  // A subscribed Redis connection can do nothing else, so it gets its own.
  const subscriber = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 })
  const handlers = new Map<string, Set<Handler>>()
  // ioredis reconnects by itself; without a listener a dropped connection (or a stream
  // closing after shutdown began) is an "Unhandled error event" on stderr.
  for (const client of [publisher, subscriber]) client.on('error', (error: Error) => console.warn('redis bus:', error.message))
  subscriber.on('message', (channel: string, message: string) => {
    for (const handler of handlers.get(channel) ?? []) handler(message)
  })
  return {
    kind: 'redis',
    async publish(channel, message) {
      if (publisher.status === 'wait') await publisher.connect()
      await publisher.publish(channel, message)
    },
    async subscribe(channel, handler) {
      if (subscriber.status === 'wait') await subscriber.connect()
      let set = handlers.get(channel)
      if (!set) {
        set = new Set()
        handlers.set(channel, set)
        await subscriber.subscribe(channel)
      }
      set.add(handler)
      return async () => {
        set.delete(handler)
        if (set.size === 0) {
          handlers.delete(channel)
          // After close() there is nothing to unsubscribe from.
          if (subscriber.status === 'ready') await subscriber.unsubscribe(channel)
        }
      }
    },
    async close() {
      handlers.clear()
      await Promise.allSettled([publisher.quit(), subscriber.quit()])
    },
  }
}

let bus: Bus | undefined

export function getBus(): Bus {
  const url = getEnv().REDIS_URL
  bus ??= url ? createRedisBus(url) : createMemoryBus()
  return bus
}

/** At shutdown: unsubscribes and closes the connections. */
export async function closeBus(): Promise<void> {
  const closing = bus
  bus = undefined
  await closing?.close()
}
