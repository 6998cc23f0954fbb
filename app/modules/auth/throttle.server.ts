// Login lockout: after MAX_FAILURES failed logins for one account key within the window,
// further attempts are refused for LOCK_MINUTES. Counted in Redis when configured, else in
// Postgres, so it holds across app nodes. Unknown e-mails are counted like known ones.
import type { Redis } from 'ioredis'
import type { Db } from '../db/client.server.ts'
import { withScope, type Scope } from '../db/scoped.server.ts'
import { getRedis } from '../kv/redis.server.ts'

export const MAX_FAILURES = 5
export const WINDOW_MS = 15 * 60_000
export const LOCK_MINUTES = 10

export type ThrottleState = { locked: false } | { locked: true; minutes: number }

export interface LoginThrottle {
  check(key: string, now?: Date): Promise<ThrottleState>
  /** Records a failure; returns the state after it (locked once the limit is reached). */
  fail(key: string, now?: Date): Promise<ThrottleState>
  reset(key: string): Promise<void>
}

const minutesLeft = (ms: number) => Math.max(1, Math.ceil(ms / 60_000))

export function redisThrottle(redis: Redis, tenantId: string): LoginThrottle {
  const failKey = (key: string) => `login:fail:${tenantId}:${key}`
  const lockKey = (key: string) => `login:lock:${tenantId}:${key}`
  return {
    async check(key) {
      const ttl = await redis.pttl(lockKey(key))
      return ttl > 0 ? { locked: true, minutes: minutesLeft(ttl) } : { locked: false }
    },
    async fail(key) {
      const [[, count]] = (await redis.multi().incr(failKey(key)).pexpire(failKey(key), WINDOW_MS, 'NX').exec()) as [[null, number], unknown]
      if (count >= MAX_FAILURES) {
        await redis.multi().set(lockKey(key), '1', 'PX', LOCK_MINUTES * 60_000).del(failKey(key)).exec()
        return { locked: true, minutes: LOCK_MINUTES }
      }
      return { locked: false }
    },
    async reset(key) {
      await redis.del(failKey(key), lockKey(key))
    },
  }
}

export function postgresThrottle(db: Db, scope: Scope): LoginThrottle {
  const tenantId = scope.tenantId
  return {
    async check(key, now = new Date()) {
      const row = await withScope(db, scope, (tx) => tx.loginThrottle.findUnique({ where: { tenantId_key: { tenantId, key } } }))
      const left = row?.lockedUntil ? row.lockedUntil.getTime() - now.getTime() : 0
      return left > 0 ? { locked: true, minutes: minutesLeft(left) } : { locked: false }
    },
    async fail(key, now = new Date()) {
      return withScope(db, scope, async (tx) => {
        // One statement, so concurrent failures on several nodes all count.
        const rows = await tx.$queryRaw<{ failures: number; lockedUntil: Date | null }[]>`
          INSERT INTO "LoginThrottle" ("tenantId", "key", "failures", "windowStart")
          VALUES (${tenantId}, ${key}, 1, ${now})
          ON CONFLICT ("tenantId", "key") DO UPDATE SET
            "failures" = CASE WHEN "LoginThrottle"."windowStart" < ${new Date(now.getTime() - WINDOW_MS)} THEN 1 ELSE "LoginThrottle"."failures" + 1 END,
            "windowStart" = CASE WHEN "LoginThrottle"."windowStart" < ${new Date(now.getTime() - WINDOW_MS)} THEN ${now} ELSE "LoginThrottle"."windowStart" END
          RETURNING "failures", "lockedUntil"`
        const failures = rows[0]?.failures ?? 0
        if (failures >= MAX_FAILURES) {
          await tx.loginThrottle.update({
            where: { tenantId_key: { tenantId, key } },
            data: { failures: 0, lockedUntil: new Date(now.getTime() + LOCK_MINUTES * 60_000) },
          })
          return { locked: true, minutes: LOCK_MINUTES }
        }
        return { locked: false }
      })
    },
    async reset(key) {
      await withScope(db, scope, (tx) => tx.loginThrottle.deleteMany({ where: { tenantId, key } }))
    },
  }
}

export function loginThrottle(db: Db, scope: Scope): LoginThrottle {
  const redis = getRedis()
  return redis ? redisThrottle(redis, scope.tenantId) : postgresThrottle(db, scope)
}
