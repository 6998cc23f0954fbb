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
}

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
  const scriptSrc = options.dev ? ["'self'", "'unsafe-inline'", "'unsafe-eval'"] : ["'self'", nonce]
  const styleElements = options.dev ? ["'self'", "'unsafe-inline'"] : ["'self'", nonce]
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
        'img-src': ["'self'", 'data:', 'blob:', ...options.imageOrigins],
        'font-src': ["'self'", 'data:'],
        'connect-src': options.dev ? ["'self'", 'ws:', 'wss:'] : ["'self'"],
        'media-src': ["'self'", 'blob:'],
        'worker-src': ["'self'", 'blob:'],
        'manifest-src': ["'self'"],
        'object-src': ["'none'"],
        'frame-src': ["'none'"],
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
  return [assignNonce, policy, permissions]
}
