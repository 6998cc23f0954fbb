// One scoped read transaction per request (#11): the session, the layout's badge counts and
// the page's data are read on one connection, with the request's scope set once, instead
// of a transaction (BEGIN, set_config, COMMIT) per query. The transaction opens with the
// first read and ends when the server has the response (server/edge/remix.ts calls end()),
// or after a short idle time when nobody does (tests, scripts). Reads run one at a time,
// in the order they were asked for. After a read fails, the rest run in transactions of
// their own: a failed statement would have aborted the shared one.
import type { Db } from './client.server.ts'
import { withScope, type ReadScope, type Scope, type ScopedTx } from './scoped.server.ts'

export type RequestReads = ReadScope & {
  /** Commits the shared transaction (if one is open); later reads open a new one. */
  end(): Promise<void>
}

type Shared = { tx: Promise<ScopedTx>; release: () => void; done: Promise<void>; queue: Promise<unknown>; pending: number; broken: boolean }

/** How long an unused shared transaction stays open when no end() comes. */
const IDLE_MS = 20
/** Longest life of a shared transaction (Prisma's interactive-transaction timeout). */
const TIMEOUT_MS = 10_000

export function createRequestReads(db: Db, scope: Scope, options: { idleMs?: number } = {}): RequestReads {
  const idleMs = options.idleMs ?? IDLE_MS
  let current: Shared | null = null
  let idle: ReturnType<typeof setTimeout> | undefined

  function open(): Shared {
    let release!: () => void
    const released = new Promise<void>((resolve) => (release = resolve))
    let handOver!: (tx: ScopedTx) => void
    let fail!: (error: unknown) => void
    const tx = new Promise<ScopedTx>((resolve, reject) => {
      handOver = resolve
      fail = reject
    })
    // Nobody awaits `tx` when the request never reads again; a failure is reported to readers.
    tx.catch(() => undefined)
    const done = withScope(
      db,
      scope,
      async (scoped) => {
        handOver(scoped)
        await released
      },
      { timeout: TIMEOUT_MS },
    ).catch((error: unknown) => fail(error))
    return { tx, release, done, queue: Promise.resolve(), pending: 0, broken: false }
  }

  function close(shared: Shared): Promise<void> {
    if (current === shared) current = null
    shared.release()
    return shared.done
  }

  async function run<T>(fn: (tx: ScopedTx) => Promise<T>): Promise<T> {
    clearTimeout(idle)
    const shared = (current ??= open())
    shared.pending++
    const result = shared.queue.then(async () => (shared.broken ? withScope(db, scope, fn) : fn(await shared.tx)))
    shared.queue = result.then(
      () => undefined,
      () => {
        // The transaction may be aborted now: later reads, queued or new, go elsewhere.
        shared.broken = true
        void close(shared)
      },
    )
    try {
      return await result
    } finally {
      shared.pending--
      if (shared.pending === 0 && current === shared) idle = setTimeout(() => void close(shared), idleMs)
    }
  }

  return {
    kind: 'request-reads',
    scope,
    run,
    async end() {
      clearTimeout(idle)
      if (current) await close(current)
    },
  }
}
