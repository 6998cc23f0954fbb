// Brings one database to the state the app needs: migrated, runtime role granted,
// tenants synced, and (optionally) demo data seeded. Safe to run on every start.
import path from 'node:path'
import { THEME_NAMES } from '../../themes/index.ts'
import { createDb } from '../../app/modules/db/client.server.ts'
import { loadTenants, type LoadedTenant } from '../../app/modules/tenancy/load-tenants.server.ts'
import { syncTenants } from '../../app/modules/tenancy/sync.server.ts'
import { ensureDatabase, ensureRuntimeRole, type DatabaseServer } from './database.ts'
import { deployMigrations } from './migrations.ts'

export type PrepareOptions = { database: string; seed?: { count: number; mediaDir: string } | false; log?: (line: string) => void; tenantsDir?: string }

export async function prepareDatabase(server: DatabaseServer, options: PrepareOptions): Promise<{ tenants: LoadedTenant[] }> {
  const log = options.log ?? (() => undefined)
  // Tenant files first: a broken config stops everything before the database is touched.
  const tenants = await loadTenants(THEME_NAMES, options.tenantsDir)
  if (await ensureDatabase(server, options.database)) log(`created database ${options.database}`)
  const applied = await deployMigrations(server.ownerUrl(options.database))
  if (applied.length > 0) log(`applied migrations: ${applied.join(', ')}`)
  await ensureRuntimeRole(server, options.database)
  const db = createDb(server.appUrl(options.database), 4)
  try {
    await syncTenants(db, tenants)
    log(`synced ${tenants.length} tenants`)
    if (options.seed) {
      const { seedAll } = await import('./seed-all.ts')
      await seedAll(db, tenants, { ...options.seed, mediaDir: path.resolve(options.seed.mediaDir), log })
    }
  } finally {
    await db.$disconnect()
  }
  return { tenants }
}
