// Invisible mode (SPEC §4): the member is left out of search, and others cannot message or
// like them; members with an existing conversation still can. This module only stores the
// flag; search, likes and chat honour it as they land.
import type { Db } from '../db/client.server.ts'
import { poolDataChanged } from '../cache/pool-data.server.ts'
import { withScope, type Scope } from '../db/scoped.server.ts'

/** Sets the flag on the member's own profile; false when the account has no profile. */
export async function setInvisible(db: Db, scope: Scope, userId: string, invisible: boolean): Promise<boolean> {
  const { count } = await withScope(db, scope, (tx) =>
    tx.profile.updateMany({ where: { poolId: scope.poolId, tenantId: scope.tenantId, userId }, data: { invisible } }),
  )
  // Hidden members leave the pool's showcase at once (decision 035).
  if (count > 0) await poolDataChanged(scope.poolId)
  return count > 0
}
