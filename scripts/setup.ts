// `npm run setup`: prepares the database (migrate, runtime role, tenants, demo data)
// without serving. Useful for deploys: run it once, then start app nodes.
import path from 'node:path'
import { EnvError, describeMode, getEnv, type Env } from '../app/modules/config/env.server.ts'
import { openDatabaseServer } from './lib/database.ts'
import { prepareDatabase } from './lib/prepare.ts'
import { DEMO_PROFILE_COUNT } from './lib/seed.ts'

let env: Env
try {
  env = getEnv()
} catch (error) {
  console.error(error instanceof EnvError ? error.message : error)
  process.exit(1)
}
console.info(`[setup] ${describeMode(env)}`)
const dataDir = path.resolve(env.DATA_DIR)
const database = await openDatabaseServer({ purpose: 'app', dataDir })
const name = database.embedded ? 'dating' : database.defaultDatabase
try {
  const { appUrl } = await prepareDatabase(database, {
    database: name,
    seed: env.SEED_DEMO ? { count: DEMO_PROFILE_COUNT, mediaDir: path.join(dataDir, 'media') } : false,
    dataDir,
    log: (line) => console.info(`[setup] ${line}`),
  })
  console.info(`[setup] runtime URL: ${appUrl.replace(/:[^:@/]+@/, ':***@')}`)
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
} finally {
  await database.stop()
}
