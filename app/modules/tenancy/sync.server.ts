// Upserts the loaded tenant files into Pool/Tenant rows, so scoped tables can reference them.
// Runs as the database owner: the runtime role may only read these two tables.
import type { Db } from '../db/client.server.ts'
import type { LoadedTenant } from './load-tenants.server.ts'
import { CONFIG_VERSION } from '../../../tenants/schema.ts'
import { THEME_NAMES } from '../../../themes/index.ts'
import { checkRelease, writeRelease } from './releases.server.ts'

export class PoolMoveError extends Error {
  constructor(readonly problems: string[]) {
    super(`Refusing to move existing sites to another pool:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    this.name = 'PoolMoveError'
  }
}

/**
 * A site's accounts, sessions and credits stay with the site, but its members' profiles,
 * photos and likes live in its pool: moving the site would strand them. One line per move.
 */
export function poolMoves(existing: readonly { id: string; poolId: string }[], tenants: readonly Pick<LoadedTenant, 'slug' | 'pool' | 'file'>[]): string[] {
  const current = new Map(existing.map((row) => [row.id, row.poolId]))
  return tenants.flatMap((t) => {
    const pool = current.get(t.slug)
    if (pool === undefined || pool === t.pool) return []
    return [
      `${t.file}: pool: the site "${t.slug}" is in pool "${pool}" in the database; moving it to "${t.pool}" would leave its members behind. ` +
        `Put "pool: '${pool}'" back (or remove the line if "${pool}" is the slug), or launch a new site instead.`,
    ]
  })
}

export async function checkPoolMoves(db: Db, tenants: readonly LoadedTenant[]): Promise<string[]> {
  const existing = await db.tenant.findMany({ select: { id: true, poolId: true } })
  return poolMoves(existing, tenants)
}

/**
 * Writes the sites and pools and, in the same transaction, the configuration as a numbered
 * release (releases.server.ts); returns the release's version. A configuration that breaks
 * a rule is refused before anything is written.
 */
export async function syncTenants(db: Db, tenants: readonly LoadedTenant[]): Promise<number> {
  const pools = [...new Set(tenants.map((t) => t.pool))]
  return db.$transaction(async (tx) => {
    // Serialises concurrent syncs, so the check below sees every committed move.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('dating:tenant-sync'))`
    const moves = poolMoves(await tx.tenant.findMany({ select: { id: true, poolId: true } }), tenants)
    if (moves.length > 0) throw new PoolMoveError(moves)
    // Every rule again, before anything is written (writeRelease checks once more).
    checkRelease(tenants, THEME_NAMES)
    for (const id of pools) await tx.pool.upsert({ where: { id }, create: { id }, update: {} })
    for (const t of tenants) {
      await tx.tenant.upsert({
        where: { id: t.slug },
        create: { id: t.slug, poolId: t.pool, name: t.name, domains: t.domains, configVersion: CONFIG_VERSION },
        update: { name: t.name, domains: t.domains, configVersion: CONFIG_VERSION },
      })
    }
    return writeRelease(tx, tenants, THEME_NAMES)
  })
}
