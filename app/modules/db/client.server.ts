import { PrismaPg } from '@prisma/adapter-pg'
import pg from 'pg'
import { PrismaClient } from '~/generated/prisma/client.ts'
import { getEnv } from '../config/env.server.ts'
import { recordStatement } from '../http/request-timing.server.ts'
import { logUnavailable } from '../http/unavailable.server.ts'

export type Db = PrismaClient

/** A Prisma client on the pg driver adapter; `max` is the size of its connection pool. */
export function createDb(connectionString: string, max = 10): Db {
  return new PrismaClient({ adapter: new PrismaPg({ connectionString, max }) })
}

let runtimeDb: Db | undefined
let runtimePool: pg.Pool | undefined

/** The runtime pool's use now (metrics): open connections, idle ones, requests waiting for one. */
export function runtimePoolUse(): { total: number; idle: number; waiting: number; max: number } | null {
  return runtimePool ? { total: runtimePool.totalCount, idle: runtimePool.idleCount, waiting: runtimePool.waitingCount, max: runtimePool.options.max ?? 0 } : null
}

/** The process-wide client for requests: the runtime role, subject to row-level security. */
export function getRuntimeDb(): Db {
  if (runtimeDb) return runtimeDb
  const env = getEnv()
  if (!env.APP_DATABASE_URL) throw new Error('APP_DATABASE_URL is not set: start the app through `npm start` or set it (README).')
  // Each statement's time goes to its request's Server-Timing (request-timing.server.ts).
  // A database that is away fails a request in seconds (503, decision 047), never hangs it:
  // PgBouncer holds a client while its server is down, so connecting has a deadline.
  const pool = new pg.Pool({ connectionString: env.APP_DATABASE_URL, max: env.DATABASE_POOL_SIZE, connectionTimeoutMillis: 3_000 })
  const adapter = new PrismaPg(pool, { disposeExternalPool: true, onPoolError: (error) => logUnavailable('database', error) })
  const db = new PrismaClient({ adapter, log: [{ emit: 'event', level: 'query' }] })
  runtimePool = pool
  db.$on('query', (event) => recordStatement(event.duration))
  runtimeDb = db
  return db
}

/** At shutdown, after requests have drained. */
export async function disconnectRuntimeDb(): Promise<void> {
  const closing = runtimeDb
  runtimeDb = undefined
  runtimePool = undefined
  await closing?.$disconnect()
}
