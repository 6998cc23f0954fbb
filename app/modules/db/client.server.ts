import { PrismaPg } from '@prisma/adapter-pg'
import { PrismaClient } from '~/generated/prisma/client.ts'
import { getEnv } from '../config/env.server.ts'
import { recordStatement } from '../http/request-timing.server.ts'

export type Db = PrismaClient

/** A Prisma client on the pg driver adapter; `max` is the size of its connection pool. */
export function createDb(connectionString: string, max = 10): Db {
  return new PrismaClient({ adapter: new PrismaPg({ connectionString, max }) })
}

let runtimeDb: Db | undefined

/** The process-wide client for requests: the runtime role, subject to row-level security. */
export function getRuntimeDb(): Db {
  if (runtimeDb) return runtimeDb
  const env = getEnv()
  if (!env.APP_DATABASE_URL) throw new Error('APP_DATABASE_URL is not set: start the app through `npm start` or set it (README).')
  // Each statement's time goes to its request's Server-Timing (request-timing.server.ts).
  const db = new PrismaClient({ adapter: new PrismaPg({ connectionString: env.APP_DATABASE_URL, max: env.DATABASE_POOL_SIZE }), log: [{ emit: 'event', level: 'query' }] })
  db.$on('query', (event) => recordStatement(event.duration))
  runtimeDb = db
  return db
}

/** At shutdown, after requests have drained. */
export async function disconnectRuntimeDb(): Promise<void> {
  const closing = runtimeDb
  runtimeDb = undefined
  await closing?.$disconnect()
}
