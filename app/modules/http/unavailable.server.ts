// A dependency that is away (the database, the photo bucket) is answered with 503 and
// `Retry-After`, never 500 with a stack, and logged once per interval rather than per
// request (docs/decisions/047). Reads are retried once by the edge (server/edge/remix.ts).
import { noteUnavailable } from './request-timing.server.ts'
import { metrics } from '../observability/metrics.server.ts'

export type Dependency = 'database' | 'storage' | 'redis'

/** Seconds a client is told to wait. */
export const RETRY_AFTER_SECONDS = 5

const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH'])
// Postgres: connection exceptions (08xxx), admin shutdown / crash shutdown / cannot connect now (57P01-57P03), too many connections.
const PG_CODES = /^(08[0-9A-Z]{3}|57P0[1-3]|53300)$/
const PRISMA_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024', 'P2037'])
const MESSAGES = /Connection terminated|connection (is )?(closed|ended)|terminating connection due to administrator command|Can't reach database server|timeout exceeded when trying to connect|the database system is (starting up|shutting down|in recovery mode)|server closed the connection unexpectedly|Client has encountered a connection error|server login has been failing|no more connections allowed|too many (database )?connections|query_wait_timeout|server conn crashed|pgbouncer cannot connect to server/i

/** Whether `error` (or anything in its cause chain) says the database cannot be reached. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 6; depth++) {
    if (typeof e !== 'object') return typeof e === 'string' && MESSAGES.test(e)
    const { code, message, cause, originalCode, kind } = e as { code?: unknown; message?: unknown; cause?: unknown; originalCode?: unknown; kind?: unknown }
    for (const c of [code, originalCode]) {
      if (typeof c !== 'string') continue
      if (CONNECTION_CODES.has(c) || PG_CODES.test(c) || PRISMA_CODES.has(c)) return true
    }
    if (kind === 'ConnectionClosed' || kind === 'DatabaseNotReachable' || kind === 'SocketTimeout' || kind === 'TooManyConnections') return true
    if (typeof message === 'string' && MESSAGES.test(message)) return true
    e = cause ?? (e as { originalError?: unknown }).originalError ?? (e as { meta?: { driverAdapterError?: unknown } }).meta?.driverAdapterError
  }
  return false
}

const lastLogged = new Map<string, number>()
const suppressed = new Map<string, number>()
const LOG_INTERVAL_MS = 10_000

/** One log line per dependency and interval, with how many were left out since the last. */
export function logUnavailable(dependency: Dependency, error: unknown, now = Date.now()): void {
  const last = lastLogged.get(dependency) ?? 0
  if (now - last < LOG_INTERVAL_MS) {
    suppressed.set(dependency, (suppressed.get(dependency) ?? 0) + 1)
    return
  }
  const more = suppressed.get(dependency) ?? 0
  suppressed.set(dependency, 0)
  lastLogged.set(dependency, now)
  const message = error instanceof Error ? error.message.split('\n')[0] : String(error)
  console.warn(`[unavailable] ${dependency}: ${message}${more > 0 ? ` (and ${more} more since the last line)` : ''}; requests that need it answer 503 meanwhile`)
}

/** Marks the current request: a dependency failed (the edge answers 503 or retries). */
export function markUnavailable(dependency: Dependency, error: unknown): void {
  noteUnavailable(dependency)
  logUnavailable(dependency, error)
}

/** The answer while `dependency` is away. */
export function unavailableResponse(dependency: Dependency, body = 'Service temporarily unavailable. Please try again in a moment.'): Response {
  metrics.outages.inc({ dependency })
  return new Response(body, {
    status: 503,
    headers: { 'Retry-After': String(RETRY_AFTER_SECONDS), 'Cache-Control': 'no-store', 'Content-Type': 'text/plain; charset=utf-8' },
  })
}
