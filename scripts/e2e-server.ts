// The server Playwright (and the benchmark) starts: a fresh database from the migrations,
// the demo tenants and a demo seed (SEED_COUNT per pool, default 40), then the production
// build on E2E_PORT.
import http from 'node:http'
import path from 'node:path'
import { dropDatabase, openDatabaseServer } from './lib/database.ts'
import { prepareDatabase } from './lib/prepare.ts'

const port = Number(process.env.E2E_PORT ?? 3100)
const dataDir = path.resolve(process.env.DATA_DIR ?? '.data')
const name = `dating_e2e_${process.pid}`

process.env.NODE_ENV = 'production'
// Test-only switches: the operator queue's password and the /__test/* hooks.
process.env.OPERATOR_PASSWORD ??= 'e2e-operator'
process.env.E2E_TEST_HOOKS = 'true'
const database = await openDatabaseServer({ purpose: 'test', dataDir })
await dropDatabase(database, name)
const e2eDir = path.join(dataDir, 'e2e')
await prepareDatabase(database, { database: name, seed: { count: Number(process.env.SEED_COUNT ?? 40), mediaDir: path.join(e2eDir, 'media') } })
process.env.APP_DATABASE_URL = database.appUrl(name)
// Uploads go to <DATA_DIR>/media, which the app serves at /media/.
process.env.DATA_DIR = e2eDir

// Mails go over real SMTP to a receiver; tests read them from GET :E2E_MAIL_PORT/mails?to=.
const { startSmtpReceiver } = await import('../tests/smtp-receiver.ts')
const smtp = await startSmtpReceiver()
process.env.SMTP_URL = smtp.url
const mailPort = Number(process.env.E2E_MAIL_PORT ?? port + 1)
const mailApi = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost')
  const to = url.searchParams.get('to')?.toLowerCase()
  const mails = to ? smtp.mails.filter((m) => m.to.includes(to)) : smtp.mails
  res.setHeader('content-type', 'application/json')
  res.end(JSON.stringify(mails))
})
mailApi.listen(mailPort, '127.0.0.1')

const { createApp } = await import('../server/app.ts')
const app = await createApp({ mode: 'production', dataDir: e2eDir, watchTenants: false })
const server = app.listen(port, '127.0.0.1', () => console.info(`e2e server on ${port}`))

const stop = async () => {
  server.close()
  mailApi.close()
  await smtp.stop()
  await dropDatabase(database, name).catch(() => undefined)
  await database.stop()
  process.exit(0)
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
