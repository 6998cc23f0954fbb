// The server Playwright (and the benchmark) starts: a fresh database from the migrations,
// the demo tenants and a demo seed (SEED_COUNT per pool, default 40), then the production
// build on E2E_PORT.
import path from 'node:path'
import { dropDatabase, openDatabaseServer } from './lib/database.ts'
import { prepareDatabase } from './lib/prepare.ts'

const port = Number(process.env.E2E_PORT ?? 3100)
const dataDir = path.resolve(process.env.DATA_DIR ?? '.data')
const name = `dating_e2e_${process.pid}`

process.env.NODE_ENV = 'production'
const database = await openDatabaseServer({ purpose: 'test', dataDir })
await dropDatabase(database, name)
const e2eDir = path.join(dataDir, 'e2e')
await prepareDatabase(database, { database: name, seed: { count: Number(process.env.SEED_COUNT ?? 40), mediaDir: path.join(e2eDir, 'media') } })
process.env.APP_DATABASE_URL = database.appUrl(name)

const { createApp } = await import('../server/app.ts')
const app = await createApp({ mode: 'production', dataDir: e2eDir, watchTenants: false })
const server = app.listen(port, '127.0.0.1', () => console.info(`e2e server on ${port}`))

const stop = async () => {
  server.close()
  await dropDatabase(database, name).catch(() => undefined)
  await database.stop()
  process.exit(0)
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
