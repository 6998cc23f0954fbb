// The HTTP server: static files, media, then Remix. Each request's tenant is resolved
// before Remix runs; an unknown host gets the 404 page and never reaches a site.
import path from 'node:path'
import { createRequestHandler } from '@remix-run/express'
import type { AppLoadContext, ServerBuild } from '@remix-run/node'
import compression from 'compression'
import express from 'express'
import type { IncomingMessage } from 'node:http'

type EntryHooks = {
  startTenancy(options: { watch: boolean }): Promise<number>
  loadContextFor(req: IncomingMessage, url: string): Promise<AppLoadContext | null>
  unknownHostPage(acceptLanguage: string | undefined): string
}

export type AppOptions = { mode: 'production' | 'development'; dataDir: string; watchTenants: boolean }

export async function createApp(options: AppOptions) {
  const app = express()
  app.disable('x-powered-by')
  // Never buffer a live event stream (/api/events) for compression.
  app.use(compression({ filter: (req, res) => !String(res.getHeader('Content-Type') ?? '').startsWith('text/event-stream') && compression.filter(req, res) }))
  // For load balancers and test runners: answers on any host, touches no site.
  app.get('/healthz', (_req, res) => void res.type('text').send('ok'))

  let getBuild: () => Promise<ServerBuild>
  if (options.mode === 'development') {
    const vite = await import('vite')
    const devServer = await vite.createServer({ server: { middlewareMode: true } })
    app.use(devServer.middlewares)
    getBuild = () => devServer.ssrLoadModule('virtual:remix/server-build') as Promise<ServerBuild>
  } else {
    const buildPath = path.resolve('build/server/index.js')
    const build = (await import(buildPath)) as ServerBuild
    getBuild = async () => build
    app.use('/assets', express.static('build/client/assets', { immutable: true, maxAge: '1y' }))
    app.use(express.static('build/client', { maxAge: '1h' }))
  }

  // Uploaded and generated images, below each tenant's CDN prefix (default /media/).
  app.use('/media', express.static(path.resolve(options.dataDir, 'media'), { maxAge: '7d', fallthrough: false, dotfiles: 'deny' }))

  const first = await getBuild()
  await (first.entry.module as unknown as EntryHooks).startTenancy({ watch: options.watchTenants })

  const handlers = new WeakMap<ServerBuild, ReturnType<typeof createRequestHandler>>()
  app.all('*', async (req, res, next) => {
    try {
      const build = await getBuild()
      const hooks = build.entry.module as unknown as EntryHooks
      const url = `${req.protocol}://${req.headers.host ?? 'localhost'}${req.originalUrl}`
      const context = await hooks.loadContextFor(req, url)
      if (!context) {
        res.status(404).type('html').send(hooks.unknownHostPage(req.headers['accept-language']))
        return
      }
      let handler = handlers.get(build)
      if (!handler) {
        handler = createRequestHandler({ build, mode: options.mode, getLoadContext: (_req, response) => response.locals.context as AppLoadContext })
        handlers.set(build, handler)
      }
      res.locals.context = context
      // Cookies decided while building the context (the locale) hold for every response:
      // documents, data requests and resource routes alike.
      for (const cookie of context.setCookies) res.append('Set-Cookie', cookie)
      await handler(req, res, next)
    } catch (error) {
      next(error)
    }
  })
  return app
}
