// A second app node for browser tests: the production build on its own port, joined to the
// running e2e server's database, mail receiver and Redis (from <DATA_DIR>/e2e/node.json,
// written by scripts/e2e-server.ts). Usage: tsx scripts/e2e-node.ts <port>
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { getEnv } from '../app/modules/config/env.server.ts'

const port = Number(process.argv[2])
if (!Number.isInteger(port) || port <= 0) throw new Error('usage: tsx scripts/e2e-node.ts <port>')
const info = JSON.parse(await readFile(path.join(path.resolve(getEnv().DATA_DIR), 'e2e', 'node.json'), 'utf8')) as { dataDir: string; ownerDatabaseUrl: string; env: Record<string, string> }
process.env.NODE_ENV = 'production'
Object.assign(process.env, info.env)

const { createApp, stopBackground } = await import('../server/app.ts')
const { closeGracefully } = await import('../server/edge/shutdown.ts')
const { onStopSignal } = await import('../server/main.ts')
const app = await createApp({ mode: 'production', dataDir: info.dataDir, watchTenants: false, ownerDatabaseUrl: info.ownerDatabaseUrl })
const server = app.listen(port, '127.0.0.1', () => console.info(`e2e node on ${port}`))
onStopSignal(async () => {
  await closeGracefully(app, server, 2_000)
  await stopBackground(app)
})
