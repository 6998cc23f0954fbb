// One scoped read transaction per request (#11): the session, the layout's badge counts and
// the page's data are read on one connection, with the request's scope set once, instead
// of a transaction (BEGIN, set_config, COMMIT) per query. The transaction opens with the
// first read and ends when the server has the response (server/edge/remix.ts calls end()),
// or after a short idle time when nobody does (tests, scripts). Reads run one at a time,
// in the order they were asked for. After a read fails, the rest run in transactions of
// their own: a failed statement would have aborted the shared one.
//
// One connection per request at most (issue 24): every other transaction of the request
// (its writes, through the handle requestDb() gives the request) takes the request's turn:
// the reads asked for so far finish, the shared transaction commits, and reads asked for
// while the write runs wait for it, or, when they are asked for inside the write itself,
// run on the write's connection. So a request never holds two pool connections, and a pool
// of one connection does not deadlock a request that reads and then writes.
import type { Db } from './client.server.ts'
import { openScopedTx, withScope, type ReadScope, type Scope, type ScopedTx } from './scoped.server.ts'

export type RequestReads = ReadScope & {
  /** Commits the shared transaction (if one is open); later reads open a new one. */
  end(): Promise<void>
  /**
   * Runs `work` (a transaction of its own) with the request's connection to itself: the
   * shared read transaction ends first, reads and other transactions wait until it is done.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>
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
  /** Settles when the transaction that has the request's turn is done; null when none has. */
  let held: Promise<void> | null = null
  /** The line of transactions waiting for the turn. */
  let line: Promise<void> = Promise.resolve()

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

  const sameScope = (other: Scope) => other.tenantId === scope.tenantId && other.poolId === scope.poolId

  async function run<T>(fn: (tx: ScopedTx) => Promise<T>): Promise<T> {
    const inside = openScopedTx()
    if (inside) {
      // Asked for inside one of the request's transactions: its connection answers (it sees
      // the write's own changes). A transaction of another scope (or an operator's) must not
      // answer this scope's reads: those run in their own transaction, as before.
      if (inside.operatorId === null && sameScope(inside.scope)) return fn(inside.tx)
      return withScope(db, scope, fn)
    }
    while (held) await held
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

  async function exclusive<T>(work: () => Promise<T>): Promise<T> {
    // Nested in one of the request's transactions: it has the turn already (waiting would
    // deadlock); Prisma opens a second transaction there, as it always did.
    if (openScopedTx()) return work()
    let finish!: () => void
    const mine = new Promise<void>((resolve) => (finish = resolve))
    const before = line
    line = before.then(() => mine)
    await before
    held = mine
    try {
      clearTimeout(idle)
      const shared = current
      if (shared) {
        // The reads asked for so far finish on the shared connection; then it commits.
        current = null
        await shared.queue
        await close(shared)
      }
      return await work()
    } finally {
      held = null
      finish()
    }
  }

  return {
    kind: 'request-reads',
    scope,
    run,
    exclusive,
    async end() {
      clearTimeout(idle)
      if (current) await close(current)
    },
  }
}

/**
 * The request's database handle: the runtime client whose transactions (`withScope`,
 * `$transaction`) take the request's turn from its shared reads (see above). Single
 * statements outside a transaction are not held back; the scoped tables refuse them anyway
 * (row-level security needs the transaction's settings).
 */
export function requestDb(db: Db, reads: RequestReads): Db {
  return new Proxy(db, {
    get(target, property) {
      if (property === '$transaction') {
        // Prisma's overloads (a function or an array of queries) pass through unchanged.
        const transaction = target.$transaction.bind(target) as (...args: unknown[]) => Promise<unknown>
        return (...args: unknown[]) => reads.exclusive(() => transaction(...args))
      }
      const value: unknown = Reflect.get(target, property, target)
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value
    },
  })
}
