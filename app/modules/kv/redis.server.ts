import { Redis } from 'ioredis'

let client: Redis | null | undefined

/** The shared Redis connection when REDIS_URL is set, else null (callers use Postgres). */
export function getRedis(): Redis | null {
  if (client !== undefined) return client
  client = process.env.REDIS_URL ? new Redis(process.env.REDIS_URL, { maxRetriesPerRequest: 3 }) : null
  return client
}
