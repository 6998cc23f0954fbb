// Wrong guesses of the shared operator password (HTTP Basic), counted per client IP: after
// OPERATOR_GUESSES wrong ones in the window, every request with a Basic password from that
// IP gets 429 with Retry-After until the window ends. Behind a small interface so a shared
// limiter module can replace the store; rate-limiter-flexible in Redis when REDIS_URL is set
// (all nodes count together), in process otherwise.
import type { NextFunction, Request, Response } from 'express'
import { Redis } from 'ioredis'
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible'
import { OPERATOR_USER, checkOperatorCredentials, parseBasicAuth } from '../../app/modules/admin/operator.server.ts'
import { clientIp } from './proxy.ts'
import { refuse } from './refuse.ts'

export const OPERATOR_GUESSES = 10
export const OPERATOR_WINDOW_S = 15 * 60

export type GuessThrottle = {
  /** Seconds until `key` may guess again, or null when it may now. */
  blockedFor(key: string): Promise<number | null>
  /** Counts a wrong guess; returns the wait when this one used up the allowance. */
  fail(key: string): Promise<number | null>
}

export function rateLimiterThrottle(limiter: RateLimiterAbstract): GuessThrottle {
  const points = limiter.points
  return {
    async blockedFor(key) {
      const state = await limiter.get(key)
      return state && state.consumedPoints >= points ? Math.max(1, Math.ceil(state.msBeforeNext / 1000)) : null
    },
    async fail(key) {
      try {
        const state = await limiter.consume(key)
        return state.remainingPoints <= 0 ? Math.max(1, Math.ceil(state.msBeforeNext / 1000)) : null
      } catch (rejected) {
        if (rejected instanceof RateLimiterRes) return Math.max(1, Math.ceil(rejected.msBeforeNext / 1000))
        throw rejected
      }
    },
  }
}

export function createOperatorThrottle(redisUrl: string | undefined): GuessThrottle {
  const options = { keyPrefix: 'operator-guess', points: OPERATOR_GUESSES, duration: OPERATOR_WINDOW_S }
  if (!redisUrl) return rateLimiterThrottle(new RateLimiterMemory(options))
  const storeClient = new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 })
  // Limits must not fail open silently, nor take the site down: memory while Redis is away.
  return rateLimiterThrottle(new RateLimiterRedis({ ...options, storeClient, insuranceLimiter: new RateLimiterMemory(options) }))
}

export function operatorThrottleMiddleware(throttle: GuessThrottle, password: () => string | undefined) {
  return async (req: Request, res: Response, next: NextFunction) => {
    const given = parseBasicAuth(req.get('authorization') ?? null)
    const expected = password()
    if (!given || !expected) return next()
    try {
      const key = clientIp(req)
      const wait = await throttle.blockedFor(key)
      if (wait !== null) return tooMany(req, res, wait)
      if (checkOperatorCredentials(given, expected)) return next()
      const waitNow = await throttle.fail(key)
      if (waitNow !== null) return tooMany(req, res, waitNow)
      next()
    } catch (error) {
      next(error)
    }
  }
}

function tooMany(req: Request, res: Response, seconds: number): void {
  refuse(req, res, 429, 'too_many_guesses', `Too many wrong ${OPERATOR_USER} passwords from your address. Try again in ${Math.ceil(seconds / 60)} minutes.`, {
    'Retry-After': String(seconds),
  })
}
