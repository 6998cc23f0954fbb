// `npm run setup`: the release step (docs/decisions/046). As the database's owner
// (DATABASE_URL): migrations, the job queue's schema, the runtime role's grants, the tenant
// sync, the secrets every node shares (and demo data when SEED_DEMO). Run it once per
// release, then start the nodes, which need only APP_DATABASE_URL.
import path from 'node:path'
import { EnvError, describeMode, getEnv, type Env } from '../app/modules/config/env.server.ts'
import { openDatabaseServer } from './lib/database.ts'
import { prepareDatabase } from './lib/prepare.ts'
import { announceRelease } from '../app/modules/tenancy/registry.server.ts'
import { closeBus } from '../app/modules/bus/bus.server.ts'
import { DEMO_PROFILE_COUNT } from './lib/seed.ts'

let env: Env
try {
  env = getEnv()
} catch (error) {
  console.error(error instanceof EnvError ? error.message : error)
  process.exit(1)
}
console.info(`[setup] ${describeMode(env)}`)
if (env.mode === 'production' && !env.DATABASE_URL) {
  console.error('Cannot set up: DATABASE_URL (the owner of the database) is required for the release step; the nodes need only APP_DATABASE_URL.')
  process.exit(1)
}
const dataDir = path.resolve(env.DATA_DIR)
const database = await openDatabaseServer({ purpose: 'app', dataDir })
const name = database.embedded ? 'dating' : database.defaultDatabase
try {
  const { appUrl, release } = await prepareDatabase(database, {
    database: name,
    seed: env.SEED_DEMO ? { count: DEMO_PROFILE_COUNT, mediaDir: path.join(dataDir, 'media') } : false,
    dataDir,
    log: (line) => console.info(`[setup] ${line}`),
  })
  console.info(`[setup] runtime URL: ${appUrl.replace(/:[^:@/]+@/, ':***@')}`)
  // Running nodes load the new configuration release now (they also find it within 30 s).
  await announceRelease(release).then(
    () => console.info(`[setup] announced tenant configuration release ${release} to the nodes`),
    (error: unknown) => console.warn(`[setup] could not announce release ${release} (${(error as Error).message}); nodes find it within 30 s`),
  )
  await closeBus()
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
} finally {
  await database.stop()
}
