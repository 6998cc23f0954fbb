// Stopping a node without cutting anyone off: stop accepting connections, let in-flight
// requests finish (up to a grace period), end live event streams (the browser's
// EventSource reconnects, to another node behind the load balancer), then close the rest.
import type { Server, ServerResponse } from 'node:http'
import type { Express, NextFunction, Request, Response } from 'express'

export type Lifecycle = {
  middleware: (req: Request, res: Response, next: NextFunction) => void
  /** Remembers a response that streams events until the client leaves (or we stop). */
  trackEventStream(res: ServerResponse): void
  /** False once stopping began: `/readyz` answers 503 first, so load balancers send no more. */
  readonly ready: boolean
  markNotReady(): void
  /** Resolves when every connection is closed; forces the rest closed after `graceMs`. */
  closeGracefully(server: Server, graceMs: number): Promise<{ forced: boolean; pending: number }>
}

export function createLifecycle(): Lifecycle {
  const streams = new Set<ServerResponse>()
  let draining = false
  let ready = true
  let inFlight = 0
  return {
    get ready() {
      return ready && !draining
    },
    markNotReady() {
      ready = false
    },
    middleware(_req, res, next) {
      inFlight += 1
      let counted = true
      const done = () => {
        if (counted) inFlight -= 1
        counted = false
      }
      res.once('finish', done)
      res.once('close', done)
      // Keep-alive clients reconnect (elsewhere) instead of waiting on a closing node.
      if (draining) res.setHeader('Connection', 'close')
      next()
    },
    trackEventStream(res) {
      streams.add(res)
      res.once('close', () => streams.delete(res))
    },
    async closeGracefully(server, graceMs) {
      draining = true
      const pending = inFlight
      const closed = new Promise<void>((resolve) => server.close(() => resolve()))
      for (const res of streams) res.end()
      streams.clear()
      server.closeIdleConnections()
      let forced = false
      const timer = setTimeout(() => {
        forced = true
        server.closeAllConnections()
      }, graceMs)
      // Connections that finish their request become idle: close them as they do.
      const sweep = setInterval(() => server.closeIdleConnections(), 100)
      await closed
      clearTimeout(timer)
      clearInterval(sweep)
      return { forced, pending }
    },
  }
}

export function lifecycleOf(app: Pick<Express, 'locals'>): Lifecycle {
  return app.locals.lifecycle as Lifecycle
}

/** Drains `server` (serving `app`) within `graceMs`. */
export function closeGracefully(app: Express, server: Server, graceMs: number) {
  return lifecycleOf(app).closeGracefully(server, graceMs)
}
