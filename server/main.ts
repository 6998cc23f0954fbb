// Serves the built app (or the Vite dev server with --dev). Expects the database to be
// prepared (scripts/start.ts does that, then calls serve()).
import type { Server } from 'node:http'
import { createApp } from './app.ts'

export async function serve(options: { dev: boolean; port: number; host: string; dataDir: string }): Promise<Server> {
  const app = await createApp({ mode: options.dev ? 'development' : 'production', dataDir: options.dataDir, watchTenants: true })
  return new Promise((resolve) => {
    const server = app.listen(options.port, options.host, () => resolve(server))
  })
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const server = await serve({
    dev: process.argv.includes('--dev'),
    port: Number(process.env.PORT ?? 3000),
    host: process.env.HOST ?? '0.0.0.0',
    dataDir: process.env.DATA_DIR ?? '.data',
  })
  console.info(`listening on ${JSON.stringify(server.address())}`)
}
