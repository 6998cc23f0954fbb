import { Redis } from 'ioredis'
import { getEnv } from '../config/env.server.ts'

let client: Redis | null | undefined

/** The shared Redis connection when REDIS_URL is set, else null (callers use Postgres). */
export function getRedis(): Redis | null {
  if (client !== undefined) return client
  const url = getEnv().REDIS_URL
  client = url ? new Redis(url, { maxRetriesPerRequest: 3 }) : null
  return client
}

export async function closeRedis(): Promise<void> {
  const closing = client
  client = undefined
  await closing?.quit()
}
