// `npm run setup`: prepares the database (migrate, runtime role, tenants, demo data)
// without serving. Useful for deploys: run it once, then start app nodes.
import path from 'node:path'
import { openDatabaseServer } from './lib/database.ts'
import { prepareDatabase } from './lib/prepare.ts'
import { DEMO_PROFILE_COUNT } from './lib/seed.ts'

const dataDir = path.resolve(process.env.DATA_DIR ?? '.data')
const database = await openDatabaseServer({ purpose: 'app', dataDir })
const name = database.embedded ? 'dating' : database.defaultDatabase
try {
  await prepareDatabase(database, {
    database: name,
    seed: process.env.SEED_DEMO === 'false' ? false : { count: DEMO_PROFILE_COUNT, mediaDir: path.join(dataDir, 'media') },
    log: (line) => console.info(`[setup] ${line}`),
  })
  console.info(`[setup] runtime URL: ${database.appUrl(name).replace(/:[^:@/]+@/, ':***@')}`)
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
} finally {
  await database.stop()
}
