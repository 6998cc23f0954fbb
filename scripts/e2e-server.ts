// The server Playwright (and the benchmark) starts: a fresh database from the migrations,
// the demo tenants and a demo seed (SEED_COUNT per pool, default 40), then the production
// build on E2E_PORT.
import { mkdir, readdir, writeFile } from 'node:fs/promises'
import http from 'node:http'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { EMBEDDED_DATABASE, getEnv } from '../app/modules/config/env.server.ts'
import { dropDatabase, openDatabaseServer } from './lib/database.ts'
import { prepareDatabase } from './lib/prepare.ts'

const name = `dating_e2e_${process.pid}`

process.env.NODE_ENV = 'production'
// Test-only switches: the /__test/* hooks, and the sites on <slug>.localhost even when
// DATABASE_URL makes this a production-mode run. The console answers on operator.localhost.
process.env.OPERATOR_HOST ??= 'operator.localhost'
process.env.E2E_TEST_HOOKS = 'true'
process.env.LOCALHOST_TENANTS = 'true'
// Abuse limits: this run's own namespace, and room for the many signups and look-ups every
// browser test makes from 127.0.0.1. Tuning, not a switch: the limits stay on.
process.env.RATE_LIMIT_NAMESPACE ??= name
process.env.RATE_LIMITS ??= 'signup_ip=500/600,signup_ip_day=5000/86400,signup_domain=5000/3600,signup_device=500/86400,geocode_ip=1000/600,reset_request_ip=200/3600,like_ip=2000/600'
// The browser reaches the app on loopback, where a production proxy would sit: its country
// header (CF-IPCountry) is honoured as behind that proxy, for the country rules of SPEC §2.
process.env.TRUST_PROXY ??= 'loopback'
// Mails go over real SMTP to a receiver; tests read them from GET :E2E_MAIL_PORT/mails?to=.
const { startSmtpReceiver } = await import('../tests/smtp-receiver.ts')
const smtp = await startSmtpReceiver()
process.env.SMTP_URL = smtp.url

const env = getEnv()
const port = env.E2E_PORT
const dataDir = path.resolve(env.DATA_DIR)
const database = await openDatabaseServer({ purpose: 'test', dataDir })
await dropDatabase(database, name)
const e2eDir = path.join(dataDir, 'e2e')
// The demo sites as they are, except that DateDichtbij charges 5 credits to unlock a private
// photo (the demo sites open them to premium members for 0): so the browser tests meet the
// locked tile and its unlock button (issue 22). Each file re-exports the real one.
const sourceTenants = path.resolve(process.env.TENANTS_DIR || 'tenants')
const e2eTenants = path.join(e2eDir, 'tenants')
await mkdir(e2eTenants, { recursive: true })
for (const file of (await readdir(sourceTenants)).filter((f) => f.endsWith('.ts') && f !== 'schema.ts' && f !== 'index.ts' && !f.endsWith('.test.ts'))) {
  const source = JSON.stringify(pathToFileURL(path.join(sourceTenants, file)).href)
  const text =
    file === 'datedichtbij.ts'
      ? `import base from ${source}\nexport default { ...base, credits: { ...base.credits, photo: 5 } }\n`
      : `export { default } from ${source}\n`
  await writeFile(path.join(e2eTenants, file), text)
}
process.env.TENANTS_DIR = e2eTenants
const { appUrl } = await prepareDatabase(database, { database: name, dataDir, tenantsDir: e2eTenants, seed: { count: env.SEED_COUNT, mediaDir: path.join(e2eDir, 'media') } })
process.env.APP_DATABASE_URL = appUrl
// This machine's embedded server: the demo's rules (mail links on the request's host, test hooks).
if (database.embedded) process.env[EMBEDDED_DATABASE] = '1'
// Uploads go to <DATA_DIR>/media, which the app serves at /media/.
process.env.DATA_DIR = e2eDir

const mailPort = env.E2E_MAIL_PORT ?? port + 1
const mailApi = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost')
  const to = url.searchParams.get('to')?.toLowerCase()
  const mails = to ? smtp.mails.filter((m) => m.to.includes(to)) : smtp.mails
  res.setHeader('content-type', 'application/json')
  res.end(JSON.stringify(mails))
})
mailApi.listen(mailPort, '127.0.0.1')

// Payments against the local Mollie sandbox unless keys are configured; its address and
// controls are in <DATA_DIR>/e2e/mollie.json for the specs.
const { sandboxForDemo } = await import('./lib/sandbox-for-demo.ts')
const { loadTenants } = await import('../app/modules/tenancy/load-tenants.server.ts')
const { THEME_NAMES } = await import('../themes/index.ts')
const sandbox = await sandboxForDemo(getEnv(), await loadTenants(THEME_NAMES), { port: 0 })
if (sandbox) await writeFile(path.join(e2eDir, 'mollie.json'), JSON.stringify({ apiEndpoint: sandbox.apiEndpoint, checkoutOrigin: sandbox.checkoutOrigin }))

const { createApp, stopBackground } = await import('../server/app.ts')
const { closeGracefully } = await import('../server/edge/shutdown.ts')
// Links in notification mails and pushes point at this port.
process.env.PORT = String(port)
// The owner's URL: this node reads the shared secrets (VAPID keys, unsubscribe key) like a real node.
const ownerDatabaseUrl = database.ownerUrl(name)
const app = await createApp({ mode: 'production', dataDir: e2eDir, watchTenants: false, ownerDatabaseUrl })
// Served as `npm start` serves: the environment parsed once (server/main.ts does the same).
const { lockEnv } = await import('../app/modules/config/env.server.ts')
lockEnv()
const server = app.listen(port, '127.0.0.1', () => console.info(`e2e server on ${port}`))
// What a second app node needs to join this one (scripts/e2e-node.ts, started by e2e specs
// that test delivery across nodes): the same database, mail and settings.
const nodeEnvNames = ['PORT', 'MOLLIE_API_ENDPOINT', 'MOLLIE_CHECKOUT_ORIGIN', 'APP_DATABASE_URL', 'SMTP_URL', 'OPERATOR_HOST', 'MAIL_EVENT_TOKENS', 'E2E_TEST_HOOKS', 'LOCALHOST_TENANTS', 'RATE_LIMIT_NAMESPACE', 'RATE_LIMITS', 'REDIS_URL', 'TENANTS_DIR', 'TRUST_PROXY', EMBEDDED_DATABASE] as const
await writeFile(
  path.join(e2eDir, 'node.json'),
  JSON.stringify({ dataDir: e2eDir, ownerDatabaseUrl, env: Object.fromEntries(nodeEnvNames.flatMap((k) => (process.env[k] ? [[k, process.env[k]]] : []))) }),
)

const { onStopSignal } = await import('../server/main.ts')
onStopSignal(async () => {
  await closeGracefully(app, server, 2_000)
  await stopBackground(app)
  mailApi.close()
  await sandbox?.close()
  await smtp.stop()
  await dropDatabase(database, name).catch(() => undefined)
  await database.stop()
})
