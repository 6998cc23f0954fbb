// Requests a browser would never send stop here with a 4xx, before Remix sees them:
// odd methods, NUL bytes in the URL, a missing or malformed Host, bodies of a type no form
// or API of ours takes, and cross-site writes (a foreign or `null` Origin).
import type { NextFunction, Request, Response } from 'express'
import { requestHost, requestOrigin } from './proxy.ts'
import { refuse } from './refuse.ts'

const ALLOWED_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data'])
const JSON_TYPE = 'application/json'

export function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase()
}

export function hasBody(req: Request): boolean {
  const length = req.headers['content-length']
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0')
}

/** TRACE, CONNECT, WebDAV and the like: 405 (a client error, not our failure). */
export function methodGuard(req: Request, res: Response, next: NextFunction): void {
  // No cross-origin API: a preflight learns the methods and gets no CORS grant.
  if (req.method === 'OPTIONS') {
    res.status(204).set({ Allow: [...ALLOWED_METHODS].join(', '), 'Cache-Control': 'no-store' }).end()
    return
  }
  if (ALLOWED_METHODS.has(req.method)) return next()
  refuse(req, res, 405, 'method_not_allowed', `The method ${req.method} is not allowed here.`, { Allow: [...ALLOWED_METHODS].join(', ') })
}

/**
 * The request target (RFC 9112 §3.2): the origin form (`/path?query`) passes; the absolute
 * form (`http://host/path`, which proxies send and servers must accept) becomes its path
 * when it names this request's own Host, and is refused otherwise; the asterisk form `*`
 * only suits OPTIONS (answered by methodGuard); anything else is a 400, never a 500.
 */
export function targetGuard(req: Request, res: Response, next: NextFunction): void {
  const target = req.url
  if (target.startsWith('/')) return next()
  if (target === '*') {
    if (req.method === 'OPTIONS') return next()
    return refuse(req, res, 400, 'bad_target', 'The request target * is only for OPTIONS.')
  }
  const absolute = /^https?:\/\/([^/?#]+)([^#]*)$/i.exec(target)
  const host = (req.headers.host ?? '').toLowerCase()
  if (!absolute || absolute[1]!.toLowerCase() !== host) {
    return refuse(req, res, 400, 'bad_target', 'The request target is not a path on this site.')
  }
  const rest = absolute[2]!
  const path = rest === '' ? '/' : rest.startsWith('/') ? rest : rest.startsWith('?') ? `/${rest}` : null
  if (path === null) return refuse(req, res, 400, 'bad_target', 'The request target is not a path on this site.')
  req.url = path
  req.originalUrl = path
  next()
}

export function urlGuard(req: Request, res: Response, next: NextFunction): void {
  // A NUL byte has no business in a URL and would reach the database through a filter.
  if (/%00/i.test(req.originalUrl) || req.originalUrl.includes('\u0000')) return refuse(req, res, 400, 'bad_url', 'The address contains a NUL byte.')
  if (!requestHost(req)) return refuse(req, res, 400, 'bad_host', 'The Host header is missing or not a host name.')
  next()
}

/**
 * A write must come from our own pages: no Origin header (same-site navigation in older
 * browsers, scripts) is allowed, any other origin, and `null` (sandboxed frames, data:
 * URLs), is refused.
 */
export function originGuard(req: Request, res: Response, next: NextFunction): void {
  if (SAFE_METHODS.has(req.method)) return next()
  const origin = req.get('origin')
  if (origin === undefined) return next()
  if (origin !== 'null' && sameOrigin(origin, requestOrigin(req))) return next()
  refuse(req, res, 403, 'cross_origin', 'This request came from another site and was refused.')
}

function sameOrigin(given: string, expected: string | null): boolean {
  if (!expected) return false
  try {
    const a = new URL(given)
    const b = new URL(expected)
    // Host and port must match; the scheme only has to be a web one (a proxy that ends TLS
    // without TRUST_PROXY would otherwise refuse every form).
    return (a.protocol === 'http:' || a.protocol === 'https:') && a.host === b.host
  } catch {
    return false
  }
}

/** Paths whose handlers read JSON: the API, and the browser tests' hooks. */
const JSON_PATHS = ['/api/', '/__test/']

/** Forms post urlencoded or multipart bodies; /api/ also takes exactly application/json. */
export function bodyTypeGuard(req: Request, res: Response, next: NextFunction): void {
  if (SAFE_METHODS.has(req.method) || !hasBody(req)) return next()
  const type = mediaType(req.get('content-type'))
  if (FORM_TYPES.has(type)) {
    if (type === 'multipart/form-data' && !/;\s*boundary=/i.test(req.get('content-type') ?? '')) {
      return refuse(req, res, 400, 'bad_body', 'The multipart body has no boundary.')
    }
    return next()
  }
  if (type === JSON_TYPE && JSON_PATHS.some((prefix) => req.path.startsWith(prefix))) return next()
  refuse(req, res, 415, 'unsupported_media_type', req.path.startsWith('/api/') ? 'Send application/json or a form.' : 'Send the form as a form (urlencoded or multipart).')
}
