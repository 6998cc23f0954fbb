// Behind a proxy: one reading of X-Forwarded-Proto/-Host/-For for the whole request.
// Express's `trust proxy` decides whether the peer is a proxy we trust; the tenant lookup,
// the URL Remix sees, the Origin check and the client IP all come from here, so they agree.
import type { Express, Request } from 'express'
import type { TrustProxy } from '../../app/modules/config/env.server.ts'

export function configureProxy(app: Express, trust: TrustProxy): void {
  app.set('trust proxy', trust)
}

function peerIsTrusted(req: Request): boolean {
  const trust = req.app.get('trust proxy fn') as (address: string | undefined, hop: number) => boolean
  return trust(req.socket.remoteAddress, 0)
}

const HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\.?(?::\d{1,5})?$|^\[[0-9a-f:.]+\](?::\d{1,5})?$/i

/** The host the visitor asked for (with port), or null when it is missing or not a host name. */
export function requestHost(req: Request): string | null {
  const forwarded = peerIsTrusted(req) ? req.get('x-forwarded-host')?.split(',')[0]?.trim() : undefined
  const host = (forwarded || req.headers.host || '').toLowerCase()
  return host.length <= 260 && HOST.test(host) ? host : null
}

/** http or https, from X-Forwarded-Proto only behind a trusted proxy (Express's req.protocol). */
export function requestProtocol(req: Request): 'http' | 'https' {
  return req.protocol === 'https' ? 'https' : 'http'
}

/** The origin the visitor's browser sees, e.g. https://flirtlokaal.nl. */
export function requestOrigin(req: Request): string | null {
  const host = requestHost(req)
  return host ? `${requestProtocol(req)}://${host}` : null
}

/**
 * The client's address: the socket's peer, or the address the nearest trusted proxy saw
 * (X-Forwarded-For read from the right, as far as proxies are trusted). For rate limits.
 */
export function clientIp(req: Request): string {
  const ip = req.ip ?? req.socket.remoteAddress ?? ''
  return ip.startsWith('::ffff:') ? ip.slice(7) : ip
}
