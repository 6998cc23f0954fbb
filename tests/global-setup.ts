// Once per `vitest run`: a database server (DATABASE_URL's or an embedded one in
// .data/postgres-test) and a migrated template database with the tenants synced. Each
// test file clones the template into a database of its own (tests/worker-setup.ts).
import type { TestProject } from 'vitest/node'
import { loadTenants } from '../app/modules/tenancy/load-tenants.server.ts'
import { THEME_NAMES } from '../themes/index.ts'
import { dropDatabase, ensureDatabase, ensureRuntimeRole, openDatabaseServer, withDatabase } from '../scripts/lib/database.ts'
import { deployMigrations } from '../scripts/lib/migrations.ts'
import { ensureJobSchema } from '../app/modules/jobs/setup.server.ts'
import { syncTenantsAsOwner } from '../scripts/lib/prepare.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: { template: string; ownerUrl: string; appUrl: string }
  }
}

export default async function setup(project: TestProject) {
  const server = await openDatabaseServer({ purpose: 'test' })
  const template = `dating_test_template_${process.pid}`
  await dropDatabase(server, template)
  await ensureDatabase(server, template)
  await deployMigrations(server.ownerUrl(template))
  await ensureJobSchema(server.ownerUrl(template))
  const appUrl = await ensureRuntimeRole(server, template)
  await syncTenantsAsOwner(server.ownerUrl(template), await loadTenants(THEME_NAMES))
  project.provide('testDatabase', { template, ownerUrl: server.ownerUrl('postgres'), appUrl: withDatabase(appUrl, 'postgres') })
  return async () => {
    await dropDatabase(server, template)
    await server.stop()
  }
}
