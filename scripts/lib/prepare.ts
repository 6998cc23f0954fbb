// Brings one database to the state the app needs: migrated, runtime role granted, tenants
// synced (as the owner), and (optionally) demo data seeded. Safe to run on every start, and
// on several nodes at once: they take turns under one advisory lock.
import path from 'node:path'
import { THEME_NAMES } from '../../themes/index.ts'
import { getEnv } from '../../app/modules/config/env.server.ts'
import { createDb } from '../../app/modules/db/client.server.ts'
import { mediaStorageFrom } from '../../app/modules/media/storage.server.ts'
import { loadTenants, type LoadedTenant } from '../../app/modules/tenancy/load-tenants.server.ts'
import { syncTenants } from '../../app/modules/tenancy/sync.server.ts'
import { ensureDatabase, ensureRuntimeRole, withPrepareLock, type DatabaseServer } from './database.ts'
import { deployMigrations } from './migrations.ts'
import { provisionNodeSecrets } from '../../app/modules/notifications/vapid.server.ts'
import { ensureJobSchema } from '../../app/modules/jobs/setup.server.ts'

export type PrepareOptions = {
  database: string
  /** Demo members; avatars go to the media storage (MEDIA_STORAGE), for local disk below `mediaDir`. */
  seed?: { count: number; mediaDir: string } | false
  log?: (line: string) => void
  tenantsDir?: string
  dataDir?: string
}

/** Returns the tenants and the runtime role's URL for the database. */
export async function prepareDatabase(server: DatabaseServer, options: PrepareOptions): Promise<{ tenants: LoadedTenant[]; appUrl: string; release: number }> {
  const log = options.log ?? (() => undefined)
  // Tenant files first: a broken config stops everything before the database is touched.
  const tenants = await loadTenants(THEME_NAMES, options.tenantsDir)
  if (await ensureDatabase(server, options.database)) log(`created database ${options.database}`)
  const ownerUrl = server.ownerUrl(options.database)
  return withPrepareLock(ownerUrl, async () => {
    const applied = await deployMigrations(ownerUrl)
    if (applied.length > 0) log(`applied migrations: ${applied.join(', ')}`)
    // The job queue's schema and queues (pg-boss), before the runtime role is granted them.
    await ensureJobSchema(ownerUrl)
    const appUrl = await ensureRuntimeRole(server, options.database, { dataDir: options.dataDir, log })
    const version = await syncTenantsAsOwner(ownerUrl, tenants)
    log(`synced ${tenants.length} tenants (configuration release ${version})`)
    // The secrets every node shares, readable by the runtime role without the owner's URL.
    await provisionNodeSecrets(tenants.map((t) => t.slug), ownerUrl, decodeURIComponent(new URL(appUrl).username))
    if (options.seed) {
      const db = createDb(appUrl, 4)
      try {
        const { seedAll } = await import('./seed-all.ts')
        const storage = mediaStorageFrom(getEnv(), path.resolve(options.seed.mediaDir))
        await seedAll(db, tenants, { count: options.seed.count, storage, log })
      } finally {
        await db.$disconnect()
      }
    }
    return { tenants, appUrl, release: version }
  })
}

/** Returns the version of the tenant configuration's release (decision 057). */
export async function syncTenantsAsOwner(ownerUrl: string, tenants: readonly LoadedTenant[]): Promise<number> {
  const owner = createDb(ownerUrl, 1)
  try {
    return await syncTenants(owner, tenants)
  } finally {
    await owner.$disconnect()
  }
}
