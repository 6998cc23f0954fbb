// The server's edge, hardened in one place (docs/decisions/007-safe-to-deploy.md). Order:
// request bookkeeping for shutdown, proxy reading, security headers on every response
// (static files and refusals included), then the refusals for requests a browser would
// never send. Remix comes after (server/edge/remix.ts); operators log in on their own host (decision 023).
import type { ErrorRequestHandler, Express } from 'express'
import { getEnv } from '../app/modules/config/env.server.ts'
import { isDatabaseUnavailable, logUnavailable, RETRY_AFTER_SECONDS } from '../app/modules/http/unavailable.server.ts'
import { installBodyGuard } from './edge/body.ts'
import { configureProxy } from './edge/proxy.ts'
import { refuse } from './edge/refuse.ts'
import { bodyTypeGuard, methodGuard, originGuard, targetGuard, urlGuard } from './edge/request-guards.ts'
import { securityHeaders, type SecurityOptions } from './edge/security-headers.ts'
import { createLifecycle } from './edge/shutdown.ts'

export type EdgeOptions = { dev: boolean; imageOrigins: readonly string[]; siteSources?: SecurityOptions['siteSources']; isConsole?: SecurityOptions['isConsole'] }

export function installEdge(app: Express, options: EdgeOptions): void {
  const env = getEnv()
  app.disable('x-powered-by')
  configureProxy(app, env.TRUST_PROXY)
  installBodyGuard()
  const lifecycle = createLifecycle()
  app.locals.lifecycle = lifecycle
  app.use(lifecycle.middleware)
  app.use(securityHeaders({ dev: options.dev, hsts: env.mode === 'production', imageOrigins: options.imageOrigins, siteSources: options.siteSources, formActionOrigins: checkoutOrigins, isConsole: options.isConsole }))
  app.use(targetGuard, methodGuard, urlGuard, originGuard, bodyTypeGuard)
}

/**
 * Mollie's checkout, where a payment form sends the browser (decision 015), and the local
 * sandbox's checkout page when one runs (MOLLIE_CHECKOUT_ORIGIN).
 */
export function checkoutOrigins(): string[] {
  const sandbox = getEnv().MOLLIE_CHECKOUT_ORIGIN
  return ['https://www.mollie.com', ...(sandbox ? [new URL(sandbox).origin] : [])]
}

/** The last handler: a clear 500 without internals, logged once. */
export const edgeErrorHandler: ErrorRequestHandler = (error, req, res, next) => {
  if (res.headersSent) {
    next(error)
    return
  }
  // The database is away (decision 047): 503 with Retry-After, one log line per interval.
  if (isDatabaseUnavailable(error)) {
    logUnavailable('database', error)
    res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS))
    res.setHeader('Cache-Control', 'no-store')
    refuse(req, res, 503, 'unavailable', 'Service temporarily unavailable. Please try again in a moment.')
    return
  }
  // Errors from body-parsing inside Express (aborted uploads) carry their own 4xx status.
  const status = typeof (error as { status?: unknown }).status === 'number' ? (error as { status: number }).status : 500
  // No database connection in time (PoolBusy from withScope): busy for a moment, not broken.
  if (status === 503) {
    const retryAfter = error instanceof Response ? (error.headers.get('Retry-After') ?? '5') : '5'
    refuse(req, res, 503, 'busy', 'The service is busy for a moment. Please try again.', { 'Retry-After': retryAfter })
    return
  }
  if (status >= 500) console.error(error)
  refuse(req, res, status, status >= 500 ? 'server_error' : 'bad_request', status >= 500 ? 'Something went wrong on our side.' : 'The request could not be read.')
}
