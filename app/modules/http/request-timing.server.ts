// What one request spent where, for its Server-Timing header (epic-stack does the same):
// time in the database and the number of statements, counted from Prisma's query events
// of the runtime client. The edge (server/edge/server-timing.ts) opens the record around a
// request; the server bundle and the edge are two module copies, so the store lives under
// a global symbol both find.
import { AsyncLocalStorage } from 'node:async_hooks'

export type RequestTiming = { dbMs: number; statements: number; /** A dependency that failed during the request (unavailable.server.ts). */ unavailable?: string }

const KEY = Symbol.for('dating-engine.request-timing')
const holder = globalThis as typeof globalThis & { [KEY]?: AsyncLocalStorage<RequestTiming> }
const storage = (holder[KEY] ??= new AsyncLocalStorage<RequestTiming>())

/** Runs `fn` with a fresh record; everything it awaits adds to the same one. */
export function withRequestTiming<T>(fn: (timing: RequestTiming) => T): T {
  const timing: RequestTiming = { dbMs: 0, statements: 0 }
  return storage.run(timing, () => fn(timing))
}

/** Called per statement by the runtime database client. */
export function recordStatement(durationMs: number): void {
  const timing = storage.getStore()
  if (!timing) return
  timing.dbMs += durationMs
  timing.statements += 1
}

/** The request found a dependency away: the edge answers 503 (or retries a read). */
export function noteUnavailable(dependency: string): void {
  const timing = storage.getStore()
  if (timing) timing.unavailable ??= dependency
}
