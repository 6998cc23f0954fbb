// `npm start`: database (embedded unless DATABASE_URL), migrations, runtime role, tenant
// sync, demo data, build when sources changed, then serve every site on one port.
// `npm run dev` does the same with the Vite dev server instead of a build.
//
// With nothing configured this is the demo. NODE_ENV=production with APP_DATABASE_URL is a
// node of a deployment (docs/decisions/046): it checks the whole configuration first (every
// problem on its own line), never touches the database as its owner (`npm run setup` is
// the release step), and runs as PROCESS_ROLE says: web (HTTP), worker (jobs) or all.
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { THEME_NAMES } from '../themes/index.ts'
import { EMBEDDED_DATABASE, EnvError, describeMode, getEnv, runMode, type Env } from '../app/modules/config/env.server.ts'
import { refusal, validateConfiguration } from './lib/validate.ts'
import { loadTenants } from '../app/modules/tenancy/load-tenants.server.ts'
import { openDatabaseServer } from './lib/database.ts'
import { demoOperatorsText } from './lib/demo-operators.ts'
import { isBuildStale } from './lib/build-state.ts'
import { prepareDatabase } from './lib/prepare.ts'
import { demoSitesText } from './lib/seed-all.ts'
import { DEMO_PROFILE_COUNT } from './lib/seed.ts'

const dev = process.argv.includes('--dev')
// The embedded demo runs React's production build; with DATABASE_URL the operator says
// which it is (NODE_ENV=production makes it a deployment).
if (!process.env.DATABASE_URL && !process.env.APP_DATABASE_URL) process.env.NODE_ENV ??= dev ? 'development' : 'production'
const log = (line: string) => console.info(`[start] ${line}`)

if (runMode(process.env) === 'production') {
  const checked = await validateConfiguration()
  if (!checked.ok) {
    console.error(refusal(checked.problems))
    process.exit(1)
  }
  log(describeMode(checked.env))
  const { startProductionNode } = await import('./lib/production-node.ts')
  await startProductionNode(checked.env, checked.tenants, { dev, log })
} else await startDemo()

async function startDemo(): Promise<void> {
  let env: Env
  try {
    env = getEnv()
  } catch (error) {
    console.error(error instanceof EnvError ? error.message : error)
    process.exit(1)
  }
  log(describeMode(env))
  const dataDir = path.resolve(env.DATA_DIR)

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
    const { tenants, appUrl } = await prepareDatabase(database, {
      database: name,
      seed: env.SEED_DEMO ? { count: DEMO_PROFILE_COUNT, mediaDir: path.join(dataDir, 'media') } : false,
      dataDir,
      log,
    })
    if (!process.env.APP_DATABASE_URL) {
      process.env.APP_DATABASE_URL = appUrl
      // The runtime URL of this machine's own database: still the demo (env.server.ts runMode).
      if (database.embedded) process.env[EMBEDDED_DATABASE] = '1'
    }
    if (!dev && isBuildStale()) {
      log('building the app (remix vite:build)')
      const build = spawnSync('npx', ['remix', 'vite:build'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } })
      if (build.status !== 0) throw new Error('build failed')
    }

    // No Mollie key for a site that sells credits: the local sandbox takes its place (demo only).
    const { sandboxForDemo } = await import('./lib/sandbox-for-demo.ts')
    const sandbox = await sandboxForDemo(env, tenants, { log: (line) => log(`mollie sandbox: ${line}`) })
    if (sandbox) log(`Mollie sandbox (no keys configured): API ${sandbox.apiEndpoint}, checkout ${sandbox.checkoutOrigin}`)

    const { serve, stopOnSignals } = await import('../server/main.ts')
    const serving = await serve({ dev, port: env.PORT, host: env.HOST, dataDir, ownerDatabaseUrl: database.ownerUrl(name) })
    stopOnSignals(serving, () => database.stop())
    const sites =
      env.mode === 'production'
        ? `Sites: ${tenants.map((t) => `${t.name} (${t.domains.join(', ')})`).join('; ')}`
        : demoSitesText(tenants, env.PORT, { mailbox: !env.SMTP_URL && env.DEV_MAILBOX })
    const operators = env.mode === 'production' ? `Operator console: https://${env.OPERATOR_HOST} (npm run operator:add -- --email E --role admin makes the first admin)` : env.SEED_DEMO ? demoOperatorsText(env.PORT) : `Operator console: http://operator.localhost:${env.PORT} (npm run operator:add -- --email E --role admin)`
    console.info(`\n${sites}\n${operators}\n`)
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    await database.stop()
    process.exit(1)
  }
}
