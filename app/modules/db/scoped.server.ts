// The one door to tenant- and pool-scoped tables. Row-level security policies compare each
// row's key with these per-transaction settings, so a query outside this helper sees nothing.
import { AsyncLocalStorage } from 'node:async_hooks'
import type { Db } from './client.server.ts'
import type { Prisma } from '~/generated/prisma/client.ts'
import { isPoolTimeout, PoolBusy } from './pool-busy.server.ts'

export type Scope = { tenantId: string; poolId: string }
export type ScopedTx = Prisma.TransactionClient

export type ScopeOptions = { isolationLevel?: Prisma.TransactionIsolationLevel; timeout?: number; maxWait?: number }

/**
 * A request's shared read transaction (request-reads.server.ts): its reads run one after
 * another on one connection, in one transaction with the request's scope set once.
 */
export type ReadScope = { readonly kind: 'request-reads'; readonly scope: Scope; run<T>(fn: (tx: ScopedTx) => Promise<T>): Promise<T> }

/** Where read-only work runs: its own transaction (a Db) or the request's shared one. */
export type Reader = Db | ReadScope

const isReadScope = (reader: Reader): reader is ReadScope => (reader as Partial<ReadScope>).kind === 'request-reads'

/**
 * Read-only work in `scope`. Never pass it a function that writes: on a request's shared
 * transaction a write would commit only when the request ends, and not roll back alone.
 */
export async function readScoped<T>(reader: Reader, scope: Scope, fn: (tx: ScopedTx) => Promise<T>): Promise<T> {
  if (!isReadScope(reader)) return withScope(reader, scope, fn)
  if (reader.scope.tenantId !== scope.tenantId || reader.scope.poolId !== scope.poolId) throw new Error('readScoped: the request reads in another scope')
  return reader.run(fn)
}

/**
 * Marks a handle as an operator's (app/modules/operators/scope.server.ts): its transactions
 * set only `app.operator_id`, never a site or pool, so the database admits exactly the
 * operator's assigned sites and pools (decision 023) whatever `scope` a function passes.
 */
export const OPERATOR_HANDLE = Symbol.for('dating.operator-handle')

export function operatorIdOf(db: Db): string | null {
  return (db as unknown as Record<symbol, string | undefined>)[OPERATOR_HANDLE] ?? null
}

/** The scoped transaction the current code runs in (withScope), if any. */
export type OpenTx = { tx: ScopedTx; scope: Scope; operatorId: string | null }

// The server build and the edge are two module copies: the store lives under a global symbol.
const TX_KEY = Symbol.for('dating-engine.open-scoped-tx')
const txHolder = globalThis as typeof globalThis & { [TX_KEY]?: AsyncLocalStorage<OpenTx> }
const openTxStore = (txHolder[TX_KEY] ??= new AsyncLocalStorage<OpenTx>())

/**
 * The transaction `withScope` opened around the calling code: a request's reads asked for
 * inside a write run on the write's connection (request-reads.server.ts), and a nested
 * transaction does not wait for the request's turn.
 */
export function openScopedTx(): OpenTx | undefined {
  return openTxStore.getStore()
}

/**
 * `fn` in one transaction with `scope` set. No connection from the pool in time (P2028):
 * thrown as PoolBusy, a 503 with Retry-After for the route (pool-busy.server.ts).
 */
export async function withScope<T>(db: Db, scope: Scope, fn: (tx: ScopedTx) => Promise<T>, options: ScopeOptions = {}): Promise<T> {
  const operatorId = operatorIdOf(db)
  let started = false
  try {
    return await db.$transaction(async (tx) => {
      started = true
      // set_config(..., true) lasts until the end of this transaction only, so a pooled
      // connection never carries one request's scope into the next.
      if (operatorId !== null) await tx.$queryRaw`SELECT set_config('app.operator_id', ${operatorId}, true)`
      else await tx.$queryRaw`SELECT set_config('app.tenant_id', ${scope.tenantId}, true), set_config('app.pool_id', ${scope.poolId}, true)`
      return openTxStore.run({ tx, scope, operatorId }, () => fn(tx))
    }, options)
  } catch (error) {
    // Only a transaction that never got a connection: a timeout inside `fn` is its own error.
    if (!started && isPoolTimeout(error)) throw new PoolBusy()
    throw error
  }
}
