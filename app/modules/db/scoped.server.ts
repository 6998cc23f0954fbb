// The one door to tenant- and pool-scoped tables. Row-level security policies compare each
// row's key with these per-transaction settings, so a query outside this helper sees nothing.
import type { Db } from './client.server.ts'
import type { Prisma } from '~/generated/prisma/client.ts'

export type Scope = { tenantId: string; poolId: string }
export type ScopedTx = Prisma.TransactionClient

export type ScopeOptions = { isolationLevel?: Prisma.TransactionIsolationLevel; timeout?: number; maxWait?: number }

export async function withScope<T>(db: Db, scope: Scope, fn: (tx: ScopedTx) => Promise<T>, options: ScopeOptions = {}): Promise<T> {
  return db.$transaction(async (tx) => {
    // set_config(..., true) lasts until the end of this transaction only, so a pooled
    // connection never carries one request's scope into the next.
    await tx.$queryRaw`SELECT set_config('app.tenant_id', ${scope.tenantId}, true), set_config('app.pool_id', ${scope.poolId}, true)`
    return fn(tx)
  }, options)
}
