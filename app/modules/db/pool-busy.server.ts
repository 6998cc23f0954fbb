// When the database's connection pool has no connection for a request in time, the answer
// is 503 with Retry-After (the service is busy for a moment), never a 500: a Response the
// routes throw on (Remix answers a thrown Response with its own status), still an Error's
// `message` for logs and jobs.

/** Prisma's "unable to start a transaction in the given time" and the pg pool's timeout. */
export function isPoolTimeout(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false
  const { code, message } = error as { code?: unknown; message?: unknown }
  if (code === 'P2028' || code === 'P2024') return true
  return typeof message === 'string' && /timeout exceeded when trying to connect|Unable to start a transaction in the given time|Timed out fetching a new connection/i.test(message)
}

export const POOL_BUSY_RETRY_SECONDS = 5

export class PoolBusy extends Response {
  readonly message = 'The database is busy: no connection in time.'
  constructor() {
    super('503 The service is busy for a moment. Please try again.\n', {
      status: 503,
      headers: { 'Retry-After': String(POOL_BUSY_RETRY_SECONDS), 'Cache-Control': 'no-store', 'Content-Type': 'text/plain; charset=utf-8' },
    })
  }
}
