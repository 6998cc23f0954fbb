// Wrong guesses of the shared operator password (HTTP Basic), counted per client IP: after
// OPERATOR_GUESSES wrong ones in the window, every request with a Basic password from that
// IP gets 429 with Retry-After until the window ends. The store is the shared limits module
// (limit `operator_guess`: Redis when REDIS_URL is set, else Postgres, so all nodes count
// together); tests may inject any rate-limiter-flexible limiter instead.
import type { NextFunction, Request, Response } from 'express'
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible'
import { OPERATOR_USER, checkOperatorCredentials, parseBasicAuth } from '../../app/modules/admin/operator.server.ts'
import { consume, peek } from '../../app/modules/limits/limiter.server.ts'
import { LIMIT_RULES } from '../../app/modules/limits/rules.ts'
import { clientIp } from './proxy.ts'
import { refuse } from './refuse.ts'

export const OPERATOR_GUESSES = LIMIT_RULES.operator_guess.points
export const OPERATOR_WINDOW_S = LIMIT_RULES.operator_guess.duration

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

/** The operator throttle on the shared limits module (RATE_LIMITS can tune `operator_guess`). */
export function createOperatorThrottle(): GuessThrottle {
  return {
    async blockedFor(key) {
      const state = await peek('operator_guess', key)
      return state.ok ? null : state.retryAfter
    },
    async fail(key) {
      const state = await consume('operator_guess', key)
      if (!state.ok) return state.retryAfter
      return state.remaining <= 0 ? state.resetIn : null
    },
  }
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
