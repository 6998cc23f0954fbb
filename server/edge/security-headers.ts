// Security headers on every response (helmet), with a fresh CSP nonce per request. Remix's
// inline scripts and the theme's <style> carry the nonce (entry.server.tsx, root.tsx);
// nothing else inline runs. The Vite dev server injects scripts and styles without one, so
// `npm run dev` gets a relaxed policy; the built app never does.
import { randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { NextFunction, Request, RequestHandler, Response } from 'express'
import helmet from 'helmet'

export type SecurityOptions = {
  /** Vite dev server: inline scripts without nonce, eval for HMR, its websocket. */
  dev: boolean
  /** HSTS: only outside the demo (a demo on http://*.localhost must stay reachable). */
  hsts: boolean
  /** Absolute origins of tenants' CDN prefixes (https://cdn.example), for images. */
  imageOrigins: readonly string[]
  /**
   * The hosts of the requesting site's third-party tags (decision 018), per directive; the
   * CSP of a site allows exactly its own. Null or absent: none.
   */
  siteSources?: (req: Request) => Promise<SiteSources | null>
}

export type SiteSources = { script: string[]; connect: string[]; img: string[]; font: string[]; style: string[]; frame: string[] }

export const PERMISSIONS_POLICY = 'geolocation=(self), camera=(), microphone=(), payment=(), usb=(), browsing-topics=()'

function nonceOf(res: ServerResponse): string {
  return (res as Response).locals.cspNonce as string
}

export function assignNonce(_req: Request, res: Response, next: NextFunction): void {
  res.locals.cspNonce = randomBytes(16).toString('base64')
  next()
}

export function securityHeaders(options: SecurityOptions): RequestHandler[] {
  const nonce = (_req: IncomingMessage, res: ServerResponse) => `'nonce-${nonceOf(res)}'`
  // The site's own extra hosts for one directive ('' when it has none).
  const site = (directive: keyof SiteSources) => (_req: IncomingMessage, res: ServerResponse) => ((res as Response).locals.siteSources as SiteSources | null | undefined)?.[directive].join(' ') ?? ''
  const scriptSrc = options.dev ? ["'self'", "'unsafe-inline'", "'unsafe-eval'"] : ["'self'", nonce, site('script')]
  const styleElements = options.dev ? ["'self'", "'unsafe-inline'"] : ["'self'", nonce, site('style')]
  const policy = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': scriptSrc,
        'script-src-attr': ["'none'"],
        'style-src': styleElements,
        'style-src-elem': styleElements,
        // Style attributes (a progress bar's width, a card's drag offset) cannot carry a
        // nonce; they cannot run code either.
        'style-src-attr': ["'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:', ...options.imageOrigins, site('img')],
        'font-src': ["'self'", 'data:', site('font')],
        'connect-src': options.dev ? ["'self'", 'ws:', 'wss:'] : ["'self'", site('connect')],
        'media-src': ["'self'", 'blob:'],
        'worker-src': ["'self'", 'blob:'],
        'manifest-src': ["'self'"],
        'object-src': ["'none'"],
        // A site with tags that use frames names them; every other site allows none.
        'frame-src': [(req: IncomingMessage, res: ServerResponse) => site('frame')(req, res) || "'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
      },
    },
    strictTransportSecurity: options.hsts ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    // Images of the site may be shown by the member's other tabs of the same site only.
    crossOriginResourcePolicy: { policy: 'same-site' },
    crossOriginEmbedderPolicy: false,
  })
  const permissions: RequestHandler = (_req, res, next) => {
    res.setHeader('Permissions-Policy', PERMISSIONS_POLICY)
    next()
  }
  const resolveSite: RequestHandler = (req, res, next) => {
    if (!options.siteSources) return next()
    options.siteSources(req).then(
      (sources) => {
        res.locals.siteSources = sources
        next()
      },
      (error: unknown) => next(error),
    )
  }
  return [assignNonce, resolveSite, policy, permissions]
}
