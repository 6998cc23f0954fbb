// The hand-over to Remix (in place of @remix-run/express's adapter, so the edge decides what
// Remix sees): the URL and Host from the one proxy reading, no forwarding headers from
// untrusted peers, urlencoded and JSON bodies read within their limit, the request's
// context built once (tenant, member, nonce, client IP), and on the way out the context's
// cookies, `private, no-store` for anything rendered for a logged-in member, and event
// streams registered so shutdown can end them.
import type { IncomingHttpHeaders } from 'node:http'
import { createReadableStreamFromReadable, createRequestHandler, type AppLoadContext, type ServerBuild } from '@remix-run/node'
import type { NextFunction, Request, Response } from 'express'
import { getEnv } from '../../app/modules/config/env.server.ts'
import { withRequestTiming, type RequestTiming } from '../../app/modules/http/request-timing.server.ts'
import { isDatabaseUnavailable, logUnavailable, RETRY_AFTER_SECONDS, unavailableResponse } from '../../app/modules/http/unavailable.server.ts'
import { metrics } from '../../app/modules/observability/metrics.server.ts'
import { BodyTooLarge, isMultipart, readLimitedBody } from './body.ts'
import { faceBuild, type Face } from './faces.ts'
import { routeIdOf } from './route-id.ts'
import { clientIp, requestHost, requestOrigin } from './proxy.ts'
import { refuse } from './refuse.ts'
import type { SiteSources } from './security-headers.ts'
import { createMediaCache, type MediaCache } from './media-cache.ts'
import { bodyWithNonce, createMicroCache, type CachedPage, type MicroCache } from './micro-cache.ts'
import { serverTiming, type CacheOutcome } from './server-timing.ts'
import { lifecycleOf } from './shutdown.ts'
import { writeBatched } from './stream.ts'
import { visitorCachePolicy } from './visitor-routes.ts'

/** What server/app.ts needs from the server build's entry module (entry.server.tsx). */
export type EntryHooks = {
  startTenancy(options: { watch: boolean; ownerDatabaseUrl?: string }): Promise<number>
  loadContextFor(host: string, url: string, extra: { cspNonce: string; clientIp: string; cookie: string | undefined }): Promise<AppLoadContext | null>
  unknownHostPage(acceptLanguage: string | undefined, nonce: string): string
  /** The visitor micro-cache's key for a document request, or null (decision 034). */
  visitorCacheKey(host: string, url: string, headers: IncomingHttpHeaders): Promise<{ key: string; generation: number; setCookies: string[] } | null>
  /** A translation catalogue file (content-hashed JSON), or undefined. */
  catalogueFile(path: string): string | undefined
  imageOrigins(): Promise<string[]>
  siteSources(host: string | null): Promise<SiteSources | null>
  stopBackground(): Promise<void>
  /** `/readyz`: the database, Redis when configured, the photo storage (decision 047). */
  readiness(): Promise<{ database: string; redis?: string; storage: string }>
}

export function hooksOf(build: ServerBuild): EntryHooks {
  return build.entry.module as unknown as EntryHooks
}

const FORWARDING = ['forwarded', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-for', 'x-forwarded-port']

function remixHeaders(raw: IncomingHttpHeaders, host: string): Headers {
  const headers = new Headers()
  for (const [key, value] of Object.entries(raw)) {
    if (value === undefined || FORWARDING.includes(key) || key === 'host') continue
    if (Array.isArray(value)) for (const v of value) headers.append(key, v)
    else headers.set(key, value)
  }
  // Remix compares Origin with this host; it must be the host the edge resolved.
  headers.set('host', host)
  return headers
}

const MEMBER_CACHE = 'private, no-store'
/** Set by the document entry on a render any visitor with the same key may get. */
const CACHEABLE_HEADER = 'x-visitor-cacheable'
/**
 * Documents carry a per-request CSP nonce and vary with cookies: no shared cache (CDN) may
 * keep them; the node's own micro-cache does, with the nonce spliced in per answer.
 */
const DOCUMENT_CACHE = 'private, no-cache'

export function remixHandler(options: { getBuild: () => Promise<ServerBuild>; mode: 'production' | 'development'; bodyLimit: () => number; microCache?: MicroCache | null; mediaCache?: MediaCache | null }) {
  const handlers = new WeakMap<ServerBuild, ReturnType<typeof createRequestHandler>>()
  const seconds = getEnv().VISITOR_CACHE_SECONDS
  const cache = options.microCache !== undefined ? options.microCache : options.mode === 'production' && seconds > 0 ? createMicroCache({ ttlMs: seconds * 1000, maxBytes: 64 * 2 ** 20 }) : null
  const media = options.mediaCache !== undefined ? options.mediaCache : options.mode === 'production' ? createMediaCache() : null
  return (req: Request, res: Response, next: NextFunction) => withRequestTiming((timing) => handle(req, res, next, timing, 0))

  /**
   * A read that met the database away is tried once more (a restart, a failover, a dropped
   * pooled connection); what still fails, and every write, is answered 503 (decision 047).
   */
  async function again(req: Request, res: Response, next: NextFunction, timing: RequestTiming, attempt: number): Promise<boolean> {
    if (attempt > 0 || (req.method !== 'GET' && req.method !== 'HEAD') || res.headersSent) return false
    timing.unavailable = undefined
    await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS))
    await handle(req, res, next, timing, attempt + 1)
    return true
  }

  async function handle(req: Request, res: Response, next: NextFunction, timing: RequestTiming, attempt: number): Promise<void> {
    const started = performance.now()
    try {
      const build = await options.getBuild()
      const hooks = hooksOf(build)
      // Both checked by the URL guard before; the fallbacks only satisfy the types.
      const host = requestHost(req) ?? 'localhost'
      const url = `${requestOrigin(req) ?? `http://${host}`}${req.originalUrl}`
      const nonce = res.locals.cspNonce as string
      // An approved public photo: the same bytes for everyone (media-cache.ts).
      if (media?.serve(host, req, res)) {
        res.locals.route = 'media-cache'
        return
      }
      // A translation catalogue: the same for every site, and never changes at its URL.
      if (req.path.startsWith('/assets/i18n/')) {
        const json = hooks.catalogueFile(req.path)
        if (json !== undefined) {
          res.setHeader('Cache-Control', 'public, max-age=31536000, immutable')
          res.type('json').send(json)
          return
        }
      }
      const policy = cache && req.method === 'GET' ? visitorCachePolicy(build, req.path) : null
      const visitor = policy ? await hooks.visitorCacheKey(host, url, req.headers) : null
      if (visitor) {
        const page = cache!.get(visitor.key, visitor.generation)
        if (page) {
          res.locals.route = routeIdOf(build, req.path)
          return sendCached(res, page, nonce, visitor.setCookies, started)
        }
      }
      const context = await hooks.loadContextFor(host, url, { cspNonce: res.locals.cspNonce as string, clientIp: clientIp(req), cookie: req.headers.cookie })
      if (!context) {
        res.status(404).type('html').send(hooks.unknownHostPage(req.headers['accept-language'], res.locals.cspNonce as string))
        return
      }
      // The console host's context says so (decision 023); every other host is a site.
      const face: Face = (context as { face?: string }).face === 'console' ? 'console' : 'member'
      const served = faceBuild(build, face)
      // For the request's log line and metric labels (server/observability/logger.ts).
      res.locals.site = face === 'console' ? 'console' : ((context as { tenant?: { slug?: string } }).tenant?.slug ?? null)
      res.locals.route = routeIdOf(served, req.path)
      let handler = handlers.get(served)
      if (!handler) {
        handler = createRequestHandler(served, options.mode)
        handlers.set(served, handler)
      }
      const controller = new AbortController()
      const init: RequestInit & { duplex?: 'half' } = { method: req.method, headers: remixHeaders(req.headers, host), signal: controller.signal }
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        if (isMultipart(req)) {
          init.body = createReadableStreamFromReadable(req)
          init.duplex = 'half'
        } else {
          try {
            init.body = new Uint8Array(await readLimitedBody(req, options.bodyLimit()))
          } catch (error) {
            if (error instanceof BodyTooLarge) return refuse(req, res, 413, 'body_too_large', 'The request body is too large.', { Connection: 'close' })
            throw error
          }
        }
      }
      let finished = false
      res.on('finish', () => (finished = true))
      res.on('close', () => finished || controller.abort())

      let response: globalThis.Response
      try {
        response = await handler(new Request(url, init), context)
      } finally {
        // Loaders are done: the request's shared read transaction commits (not awaited).
        context.endReads().catch(() => undefined)
      }
      if (timing.unavailable && response.status >= 500) {
        if (await again(req, res, next, timing, attempt)) return
        response = asUnavailable(response, timing.unavailable)
      }
      // A publicly cacheable answer is the same for everyone: a shared cache would hand this
      // visitor's cookies (the language, a refreshed session) to the next one.
      const isPublic = /\bpublic\b/i.test(response.headers.get('cache-control') ?? '')
      if (isPublic) response.headers.delete('set-cookie')
      else for (const cookie of context.setCookies) res.append('Set-Cookie', cookie)
      if (face === 'console') {
        // Nothing of the console is ever stored by a browser or a proxy, nor indexed.
        response.headers.set('Cache-Control', 'no-store')
        response.headers.set('X-Robots-Tag', 'noindex, nofollow')
      } else if (context.member && !isPublic) {
        response.headers.set('Cache-Control', MEMBER_CACHE)
      }
      // Stored only when nothing in it is this visitor's: no member, no cookie of the page's
      // own, and the same Set-Cookie the key's decision gives every request (the language).
      const cacheable =
        visitor !== null &&
        response.headers.get(CACHEABLE_HEADER) === '1' &&
        !context.member &&
        (response.status === 200 || (policy === 'not-found' && response.status === 404)) &&
        !response.headers.has('set-cookie') &&
        context.setCookies.join('\n') === visitor.setCookies.join('\n')
      response.headers.delete(CACHEABLE_HEADER)
      const isDocument = /^text\/html/i.test(response.headers.get('content-type') ?? '')
      if (isDocument && !context.member && !response.headers.has('cache-control')) response.headers.set('Cache-Control', DOCUMENT_CACHE)
      const renderMs = performance.now() - started
      const outcome: CacheOutcome = cacheable ? 'miss' : 'bypass'
      response.headers.set('Server-Timing', serverTiming({ cache: outcome, dbMs: timing.dbMs, statements: timing.statements, renderMs: renderMs - timing.dbMs, totalMs: renderMs }))
      const keep = cacheable
        ? (body: Buffer) => cache!.set(visitor.key, visitor.generation, { status: response.status, headers: [...response.headers.entries()] }, body, nonce)
        : media?.keeper(host, req, response)
      await send(res, response, keep)
    } catch (error) {
      if (isDatabaseUnavailable(error) && !res.headersSent) {
        logUnavailable('database', error)
        if (await again(req, res, next, timing, attempt)) return
        await send(res, unavailableResponse('database'))
        return
      }
      next(error)
    }
  }
}

const RETRY_DELAY_MS = 250

/** Remix's error answer (its error page, or a data request's error) with 503, `Retry-After` and `no-store`. */
function asUnavailable(response: globalThis.Response, dependency: string): globalThis.Response {
  const headers = new Headers(response.headers)
  headers.set('Retry-After', String(RETRY_AFTER_SECONDS))
  headers.set('Cache-Control', 'no-store')
  metrics.outages.inc({ dependency })
  return new Response(response.body, { status: 503, statusText: 'Service Unavailable', headers })
}

/** A visitor's document from the micro-cache, with this request's nonce and cookies. */
function sendCached(res: Response, page: CachedPage, nonce: string, setCookies: string[], started: number): void {
  res.status(page.status)
  for (const [key, value] of page.headers) res.append(key, value)
  for (const cookie of setCookies) res.append('Set-Cookie', cookie)
  res.setHeader('Server-Timing', serverTiming({ cache: 'hit', totalMs: performance.now() - started }))
  res.setHeader('Age', String(Math.floor((Date.now() - page.storedAt) / 1000)))
  res.end(bodyWithNonce(page, nonce))
}

async function send(res: Response, response: globalThis.Response, keep?: (body: Buffer) => void): Promise<void> {
  // A reason phrase with characters HTTP cannot carry would throw; the status says enough.
  if (/^[\t\x20-\x7e]*$/.test(response.statusText)) res.statusMessage = response.statusText
  res.status(response.status)
  for (const [key, value] of response.headers.entries()) res.append(key, value)
  if (/text\/event-stream/i.test(response.headers.get('content-type') ?? '')) {
    res.flushHeaders()
    lifecycleOf(res.app).trackEventStream(res)
    metrics.liveStreams.inc()
    res.once('close', () => metrics.liveStreams.dec())
  }
  if (response.body) await writeBatched(response.body, res, keep)
  else res.end()
}
