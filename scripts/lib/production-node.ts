// A node of a deployment (`npm start` with NODE_ENV=production and APP_DATABASE_URL): runs
// with the runtime role only (the owner's DATABASE_URL belongs to `npm run setup`, the
// release step) and does what PROCESS_ROLE says: `web` serves HTTP without the job runner,
// `worker` runs the jobs without HTTP, `all` (default) both (docs/decisions/046).
import { spawnSync } from 'node:child_process'
import type { Env } from '../../app/modules/config/env.server.ts'
import type { LoadedTenant } from '../../app/modules/tenancy/load-tenants.server.ts'
import { isBuildStale } from './build-state.ts'

export async function startProductionNode(env: Env, tenants: readonly LoadedTenant[], options: { dev: boolean; log: (line: string) => void }): Promise<void> {
  // Every line of a node is one JSON object (pino), the request lines included.
  const { consoleAsJson } = await import('../../server/observability/logger.ts')
  consoleAsJson()
  keepRunningThroughOutages()
  const { log } = options
  if (env.DATABASE_URL) log('DATABASE_URL (the owner) is not used by a node; `npm run setup` uses it, once per release')
  if (!env.REDIS_URL && !env.REDIS_CLUSTER_NODES) log('no REDIS_URL: events between nodes go through Postgres LISTEN/NOTIFY, the abuse limits through the RateLimit table')
  const { startMetricsServer } = await import('../../server/observability/metrics-server.ts')
  const metrics = env.METRICS_PORT ? await startMetricsServer(env.METRICS_PORT, env.HOST) : null
  if (metrics) log(`metrics on http://${env.HOST}:${env.METRICS_PORT}/metrics`)
  const { onStopSignal, serve, stopOnSignals } = await import('../../server/main.ts')

  if (env.PROCESS_ROLE === 'worker') {
    const { startWorker } = await import('./worker.ts')
    let worker
    try {
      worker = await startWorker()
    } catch (error) {
      console.error(error instanceof Error ? error.message : error)
      process.exit(1)
    }
    log('job worker started (PROCESS_ROLE=worker: no HTTP)')
    onStopSignal(async () => {
      await worker.stop()
      await metrics?.close()
    })
    return
  }

  if (!options.dev && isBuildStale()) {
    log('building the app (remix vite:build)')
    const build = spawnSync('npx', ['remix', 'vite:build'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } })
    if (build.status !== 0) {
      console.error('build failed')
      process.exit(1)
    }
  }
  let serving
  try {
    serving = await serve({ dev: options.dev, port: env.PORT, host: env.HOST, dataDir: env.DATA_DIR })
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  }
  stopOnSignals(serving, async () => void (await metrics?.close()))
  log(`listening on ${env.HOST}:${env.PORT}${env.PROCESS_ROLE === 'web' ? ' (PROCESS_ROLE=web: jobs run on worker processes)' : ''}`)
  console.info(`\nSites: ${tenants.map((t) => `${t.name} (${t.domains.join(', ')})`).join('; ')}\nOperator console: https://${env.OPERATOR_HOST} (npm run operator:add -- --email E --role admin makes the first admin)\n`)
}

/**
 * A library's promise rejected by a database that is away (pg-boss while Postgres restarts)
 * must not end the process: it is logged once per interval and the node goes on; any other
 * unhandled rejection still ends it, as Node would (decision 047).
 */
export function keepRunningThroughOutages(): void {
  process.on('unhandledRejection', (reason) => {
    void import('../../app/modules/http/unavailable.server.ts').then(({ isDatabaseUnavailable, logUnavailable }) => {
      if (isDatabaseUnavailable(reason)) return logUnavailable('database', reason)
      console.error('unhandled rejection', reason)
      process.exit(1)
    })
  })
}
