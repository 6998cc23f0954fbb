// Upserts the loaded tenant files into Pool/Tenant rows, so scoped tables can reference them.
import type { Db } from '../db/client.server.ts'
import type { LoadedTenant } from './load-tenants.server.ts'
import { CONFIG_VERSION } from '../../../tenants/schema.ts'

export async function syncTenants(db: Db, tenants: readonly LoadedTenant[]): Promise<void> {
  const pools = [...new Set(tenants.map((t) => t.pool))]
  await db.$transaction([
    ...pools.map((id) => db.pool.upsert({ where: { id }, create: { id }, update: {} })),
    ...tenants.map((t) =>
      db.tenant.upsert({
        where: { id: t.slug },
        create: { id: t.slug, poolId: t.pool, name: t.name, domains: t.domains, configVersion: CONFIG_VERSION },
        update: { poolId: t.pool, name: t.name, domains: t.domains, configVersion: CONFIG_VERSION },
      }),
    ),
  ])
}
