// `npm start`: database (embedded unless DATABASE_URL), migrations, runtime role, tenant
// sync, demo data, build when sources changed, then serve every site on one port.
// `npm run dev` does the same with the Vite dev server instead of a build.
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { THEME_NAMES } from '../themes/index.ts'
import { loadTenants } from '../app/modules/tenancy/load-tenants.server.ts'
import { localOperatorPassword, openDatabaseServer } from './lib/database.ts'
import { isBuildStale } from './lib/build-state.ts'
import { prepareDatabase } from './lib/prepare.ts'
import { demoSitesText } from './lib/seed-all.ts'
import { DEMO_PROFILE_COUNT } from './lib/seed.ts'

const dev = process.argv.includes('--dev')
process.env.NODE_ENV ??= dev ? 'development' : 'production'
const dataDir = path.resolve(process.env.DATA_DIR ?? '.data')
const port = Number(process.env.PORT ?? 3000)
const log = (line: string) => console.info(`[start] ${line}`)

// Tenant files first: a broken config stops start-up before anything else happens.
try {
  await loadTenants(THEME_NAMES)
} catch (error) {
  console.error((error as Error).message)
  process.exit(1)
}

const database = await openDatabaseServer({ purpose: 'app', dataDir })
const name = database.embedded ? 'dating' : database.defaultDatabase
log(database.embedded ? `embedded Postgres in ${path.join(dataDir, 'postgres')}` : 'using DATABASE_URL')

try {
  const { tenants } = await prepareDatabase(database, {
    database: name,
    seed: process.env.SEED_DEMO === 'false' ? false : { count: DEMO_PROFILE_COUNT, mediaDir: path.join(dataDir, 'media') },
    log,
  })
  process.env.APP_DATABASE_URL ??= database.appUrl(name)
  process.env.OPERATOR_PASSWORD = await localOperatorPassword(dataDir)

  if (!dev && isBuildStale()) {
    log('building the app (remix vite:build)')
    const build = spawnSync('npx', ['remix', 'vite:build'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } })
    if (build.status !== 0) throw new Error('build failed')
  }

  const { serve } = await import('../server/main.ts')
  const server = await serve({ dev, port, host: process.env.HOST ?? '0.0.0.0', dataDir })
  console.info(`\n${demoSitesText(tenants, port)}\nPhoto review for operators: http://<slug>.localhost:${port}/operator/photos (user operator, password ${process.env.OPERATOR_PASSWORD})\n`)
  const stop = async () => {
    server.close()
    await database.stop()
    process.exit(0)
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  await database.stop()
  process.exit(1)
}
