// The console's database handle (decision 023). An operator handle is the runtime client
// marked with the operator's id: every transaction opened on it (withScope, withOperator)
// sets only `app.operator_id`, and row-level security admits the rows of the operator's
// sites and pools, for the tables its role may see. A forgotten filter, or a scope taken
// from a form, reaches nothing outside them. `reachOf` gives the same assignment app-side,
// for lists, filters and the sites to loop over; the database stays the one that enforces.
import type { Db } from '../db/client.server.ts'
import { OPERATOR_HANDLE, withScope, type Scope, type ScopedTx, type ScopeOptions } from '../db/scoped.server.ts'
import type { LoadedTenant } from '../tenancy/load-tenants.server.ts'
import type { SignedInOperator } from './session.server.ts'

export type OperatorDb = Db & { readonly [OPERATOR_HANDLE]: string }

/** The runtime client, as the operator `operatorId` (a Proxy: the client itself is shared). */
export function operatorDb(db: Db, operatorId: string): OperatorDb {
  return new Proxy(db, {
    get(target, prop) {
      if (prop === OPERATOR_HANDLE) return operatorId
      const value: unknown = Reflect.get(target, prop, target)
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value
    },
  }) as OperatorDb
}

/** No site or pool of its own: the operator's assignment is the scope. */
const NO_SCOPE: Scope = { tenantId: '', poolId: '' }

/** One transaction as the operator (for console code that takes a transaction). */
export function withOperator<T>(db: OperatorDb, fn: (tx: ScopedTx) => Promise<T>, options?: ScopeOptions): Promise<T> {
  return withScope(db, NO_SCOPE, fn, options)
}

export type Reach = {
  /** Sites the operator works for, in the registry's order. */
  sites: LoadedTenant[]
  /** Pools of those sites. */
  pools: string[]
}

/** The sites and pools an operator is assigned (all, pools, single sites). */
export function reachOf(operator: Pick<SignedInOperator, 'allSites' | 'pools' | 'sites'>, tenants: readonly LoadedTenant[]): Reach {
  const sites = operator.allSites ? [...tenants] : tenants.filter((t) => operator.sites.includes(t.slug) || operator.pools.includes(t.pool))
  return { sites, pools: [...new Set(sites.map((t) => t.pool))] }
}

/** The member-style scope of one of the operator's sites, or null when it is not theirs. */
export function siteScope(reach: Reach, slug: string): (Scope & { tenant: LoadedTenant }) | null {
  const tenant = reach.sites.find((t) => t.slug === slug)
  return tenant ? { tenantId: tenant.slug, poolId: tenant.pool, tenant } : null
}

/**
 * A where clause for the operator's reach on an account table: the row's site among their
 * sites and its pool among their pools, so a row is reached through its own pool only (and
 * on a sharded database the query goes to those pools' shards, decision 056).
 */
export function reachWhere(reach: Reach): { poolId: { in: string[] }; tenantId: { in: string[] } } {
  return { poolId: { in: reach.pools }, tenantId: { in: reach.sites.map((s) => s.slug) } }
}
