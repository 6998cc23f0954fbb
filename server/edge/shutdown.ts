// Stopping a node without cutting anyone off: stop accepting connections, let in-flight
// requests finish (up to a grace period), end live event streams (the browser's
// EventSource reconnects, to another node behind the load balancer), then close the rest.
import type { Server, ServerResponse } from 'node:http'
import type { NextFunction, Request, Response } from 'express'

const streams = new Set<ServerResponse>()
let draining = false
let inFlight = 0

/** Remembers a response that streams events until the client leaves (or we stop). */
export function trackEventStream(res: ServerResponse): void {
  streams.add(res)
  res.once('close', () => streams.delete(res))
}

/** Counts requests, and tells keep-alive clients to reconnect elsewhere once we stop. */
export function lifecycleMiddleware(_req: Request, res: Response, next: NextFunction): void {
  inFlight += 1
  let counted = true
  const done = () => {
    if (counted) inFlight -= 1
    counted = false
  }
  res.once('finish', done)
  res.once('close', done)
  if (draining) res.setHeader('Connection', 'close')
  next()
}

export function isDraining(): boolean {
  return draining
}

/** Resolves when every connection is closed; forces the rest closed after `graceMs`. */
export async function closeGracefully(server: Server, graceMs: number): Promise<{ forced: boolean; pending: number }> {
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
}
