// The HTTP server: the hardened edge (server/edge.ts), static files, then Remix. Each
// request's tenant is resolved before Remix runs; an unknown host gets the 404 page and
// never reaches a site. Member photos are no static files: Remix's media routes serve
// them after checking the viewer (docs/decisions/008-private-media.md).
import path from 'node:path'
import type { ServerBuild } from '@remix-run/node'
import express from 'express'
import { getEnv } from '../app/modules/config/env.server.ts'
import { closeRedis } from '../app/modules/kv/redis.server.ts'
import { closeLimits } from '../app/modules/limits/limiter.server.ts'
import { edgeErrorHandler, installEdge } from './edge.ts'
import { compressionFor } from './edge/compression.ts'
import { staticFiles } from './edge/static-files.ts'
import { requestHost } from './edge/proxy.ts'
import type { MediaCache } from './edge/media-cache.ts'
import type { MicroCache } from './edge/micro-cache.ts'
import { consoleHostName, isConsoleHost } from '../app/modules/console/host.ts'
import { hooksOf, remixHandler } from './edge/remix.ts'
import { lifecycleOf } from './edge/shutdown.ts'
import { observeRequests } from './observability/logger.ts'

export type AppOptions = {
  mode: 'production' | 'development'
  dataDir: string
  watchTenants: boolean
  /** The owner's database URL: lets this node write reloaded tenant files to the database. */
  ownerDatabaseUrl?: string
  /** The visitor-document micro-cache; default: one of VISITOR_CACHE_SECONDS in production, none in development. */
  microCache?: MicroCache | null
  /** The public-photo cache in front of the media route; default: one in production. */
  mediaCache?: MediaCache | null
}

export async function createApp(options: AppOptions) {
  const app = express()

  let getBuild: () => Promise<ServerBuild>
  let devMiddlewares: express.RequestHandler | undefined
  if (options.mode === 'development') {
    const vite = await import('vite')
    const devServer = await vite.createServer({ server: { middlewareMode: true } })
    devMiddlewares = devServer.middlewares
    getBuild = () => devServer.ssrLoadModule('virtual:remix/server-build') as Promise<ServerBuild>
  } else {
    const buildPath = path.resolve('build/server/index.js')
    const build = (await import(buildPath)) as ServerBuild
    getBuild = async () => build
  }
  const first = hooksOf(await getBuild())
  app.locals.stopBackground = async () => hooksOf(await getBuild()).stopBackground()
  await first.startTenancy({ watch: options.watchTenants, ownerDatabaseUrl: options.ownerDatabaseUrl })

  // First: every answer, refusals included, gets its id, metrics and (production) log line.
  app.use(observeRequests({ log: getEnv().mode === 'production' && getEnv().LOG_LEVEL !== 'silent', trustProxy: getEnv().TRUST_PROXY !== false }))
  installEdge(app, {
    dev: options.mode === 'development',
    imageOrigins: await first.imageOrigins(),
    // The requesting site's third-party tag hosts, for its CSP (decision 018).
    siteSources: async (req) => hooksOf(await getBuild()).siteSources(requestHost(req)),
    // The operator console's host gets its own policy (decision 023).
    isConsole: (req) => isConsoleHost(requestHost(req), consoleHostName(getEnv().OPERATOR_HOST, getEnv().mode)),
  })
  const compress = compressionFor(getEnv().COMPRESSION)
  if (compress) app.use(compress)
  // For load balancers and test runners: answer on any host, touch no site (decision 047).
  // /healthz: the process is alive. /readyz: it can serve (the database answers) and is not
  // stopping; Redis and storage are reported, and count with ?strict=1.
  app.get('/healthz', (_req, res) => void res.set('Cache-Control', 'no-store').type('text').send('ok'))
  app.get('/readyz', async (req, res) => {
    res.set('Cache-Control', 'no-store')
    if (!lifecycleOf(app).ready) {
      res.status(503).json({ status: 'stopping' })
      return
    }
    try {
      const checks = await hooksOf(await getBuild()).readiness()
      const strict = req.query.strict === '1'
      const down = Object.entries(checks).filter(([, value]) => value !== 'ok').map(([name]) => name)
      const ready = checks.database === 'ok' && (!strict || down.length === 0)
      res.status(ready ? 200 : 503).json({ status: ready ? (down.length ? 'degraded' : 'ready') : 'unavailable', checks })
    } catch (error) {
      res.status(503).json({ status: 'unavailable', error: error instanceof Error ? error.message : String(error) })
    }
  })

  if (devMiddlewares) app.use(devMiddlewares)
  else {
    // From memory: no stat or open per request (decision 036).
    app.use(staticFiles(path.resolve('build/client')))
  }

  app.all('*', remixHandler({ getBuild, mode: options.mode, bodyLimit: () => getEnv().BODY_LIMIT_BYTES, microCache: options.microCache, mediaCache: options.mediaCache }))
  app.use(edgeErrorHandler)
  return app
}

/** Stops the app's background work (jobs, bus, database pool); call after requests drained. */
export async function stopBackground(app: express.Express): Promise<void> {
  await (app.locals.stopBackground as (() => Promise<void>) | undefined)?.()
  // The edge's own copies: the limits' pool and the Redis client.
  await Promise.allSettled([closeLimits(), closeRedis()])
}
