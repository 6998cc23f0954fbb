// Structured logs (pino, docs/decisions/048): one JSON line per request in production with
// its id (X-Request-Id, taken from a trusted proxy or made here, and sent back), the site,
// the Remix route, status and duration; never a cookie, a header or a query string (reset
// and unsubscribe tokens travel there). A production process also writes its console lines
// as JSON, so every line of a node is one object.
import { randomUUID } from 'node:crypto'
import { format } from 'node:util'
import type { NextFunction, Request, RequestHandler, Response } from 'express'
import { pino, type Logger } from 'pino'
import { pinoHttp } from 'pino-http'
import { getEnv } from '../../app/modules/config/env.server.ts'
import { metrics } from '../../app/modules/observability/metrics.server.ts'

let root: Logger | undefined

/** Tests: the lines go to another destination. */
export function useLogger(replacement: Logger): void {
  root = replacement
}

export function logger(): Logger {
  root ??= pino({ level: getEnv().LOG_LEVEL, base: { pid: process.pid, role: getEnv().PROCESS_ROLE }, timestamp: pino.stdTimeFunctions.isoTime })
  return root
}

/** console.info/warn/error of this process as JSON lines through pino (production). */
export function consoleAsJson(): void {
  const log = logger()
  console.log = (...args: unknown[]) => log.info(format(...args))
  console.info = (...args: unknown[]) => log.info(format(...args))
  console.warn = (...args: unknown[]) => log.warn(format(...args))
  console.error = (...args: unknown[]) => {
    const error = args.find((a): a is Error => a instanceof Error)
    if (error) log.error({ err: error }, format(...args.filter((a) => a !== error)) || error.message)
    else log.error(format(...args))
  }
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/

/** The route label of a request the app did not route (static files, probes, refusals). */
function fallbackRoute(req: Request): string {
  if (req.path.startsWith('/assets/')) return 'assets'
  if (req.path === '/healthz' || req.path === '/readyz') return req.path
  return 'edge'
}

export type Observed = { site?: string; route?: string }

/**
 * Every request: its id, then on the way out its metrics (by route, method, status) and,
 * when `log` (production), its JSON line. The Remix hand-over fills in `res.locals.site`
 * and `res.locals.route` (the matched route's id: few values, fit for labels).
 */
export function observeRequests(options: { log: boolean; trustProxy: boolean }): RequestHandler {
  const idOf = (req: Request) => {
    const given = options.trustProxy ? req.headers['x-request-id'] : undefined
    return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID()
  }
  const count = (req: Request, res: Response, started: number) => {
    const locals = res.locals as Observed
    const labels = { route: locals.route ?? fallbackRoute(req), method: req.method, status: String(res.statusCode) }
    metrics.httpRequests.inc(labels)
    metrics.httpDuration.observe(labels, (performance.now() - started) / 1000)
  }
  const http = options.log
    ? pinoHttp({
        logger: logger(),
        genReqId: (req, res) => {
          const id = idOf(req as Request)
          res.setHeader('X-Request-Id', id)
          return id
        },
        autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/readyz' },
        quietReqLogger: true,
        serializers: {
          req: (req: { method: string; url: string }) => ({ method: req.method, path: req.url.split('?')[0] }),
          res: (res: { statusCode: number }) => ({ status: res.statusCode }),
        },
        customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 && res.statusCode !== 404 ? 'warn' : 'info'),
        customSuccessObject: (req, res, value: Record<string, unknown>) => {
          const locals = (res as unknown as Response).locals as Observed
          return { ...value, site: locals.site ?? null, route: locals.route ?? fallbackRoute(req as Request) }
        },
        customErrorObject: (req, res, error, value: Record<string, unknown>) => {
          const locals = (res as unknown as Response).locals as Observed
          // A 5xx the app answered on purpose (503 during an outage) is no error with a stack.
          const { err: _made, ...rest } = value
          const real = !(error instanceof Error && error.message.startsWith('failed with status code'))
          return { ...(real ? value : rest), site: locals.site ?? null, route: locals.route ?? fallbackRoute(req as Request) }
        },
      })
    : null
  return (req: Request, res: Response, next: NextFunction) => {
    const started = performance.now()
    res.once('finish', () => count(req, res, started))
    if (http) http(req, res, next)
    else {
      res.setHeader('X-Request-Id', idOf(req))
      next()
    }
  }
}
