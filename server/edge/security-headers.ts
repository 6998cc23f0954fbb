// Security headers on every response (helmet), with a fresh CSP nonce per request. Remix's
// inline scripts and the theme's <style> carry the nonce (entry.server.tsx, root.tsx);
// nothing else inline runs. The Vite dev server injects scripts and styles without one, so
// `npm run dev` gets a relaxed policy; the built app never does.
import { randomBytes } from 'node:crypto'
import type { ServerResponse } from 'node:http'
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
  /** Where a form may send the browser besides this site: the payment provider's checkout. */
  formActionOrigins?: () => readonly string[]
  /**
   * The operator console's host (decision 023): its own, stricter policy: forms and images
   * of its own origin only, no CDN, no third-party tag, no checkout.
   */
  isConsole?: (req: Request) => boolean
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

/** Where the request's nonce goes in a policy built once per site. */
const NONCE_SLOT = '\u0000nonce\u0000'

/**
 * The Content-Security-Policy of one site, with a slot for the nonce: built once per site
 * configuration (and checkout origins), then each response only splices its nonce in.
 */
export function cspTemplate(options: Pick<SecurityOptions, 'dev' | 'imageOrigins'>, sources: SiteSources | null, formActionOrigins: readonly string[]): string[] {
  const site = (directive: keyof SiteSources) => sources?.[directive] ?? []
  const nonce = `'nonce-${NONCE_SLOT}'`
  const scriptSrc = options.dev ? ["'self'", "'unsafe-inline'", "'unsafe-eval'"] : ["'self'", nonce, ...site('script')]
  const styleElements = options.dev ? ["'self'", "'unsafe-inline'"] : ["'self'", nonce, ...site('style')]
  const frames = site('frame')
  const directives: [string, readonly string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', scriptSrc],
    ['script-src-attr', ["'none'"]],
    ['style-src', styleElements],
    ['style-src-elem', styleElements],
    // Style attributes (a progress bar's width, a card's drag offset) cannot carry a
    // nonce; they cannot run code either.
    ['style-src-attr', ["'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:', ...options.imageOrigins, ...site('img')]],
    ['font-src', ["'self'", 'data:', ...site('font')]],
    ['connect-src', options.dev ? ["'self'", 'ws:', 'wss:'] : ["'self'", ...site('connect')]],
    ['media-src', ["'self'", 'blob:']],
    ['worker-src', ["'self'", 'blob:']],
    ['manifest-src', ["'self'"]],
    ['object-src', ["'none'"]],
    // A site with tags that use frames names them; every other site allows none.
    ['frame-src', frames.length > 0 ? frames : ["'none'"]],
    ['base-uri', ["'self'"]],
    // A checkout form without JavaScript posts here and is redirected to Mollie.
    ['form-action', ["'self'", ...formActionOrigins]],
    ['frame-ancestors', ["'none'"]],
  ]
  return directives.map(([name, values]) => `${name} ${values.join(' ')}`).join(';').split(NONCE_SLOT)
}

export function securityHeaders(options: SecurityOptions): RequestHandler[] {
  const policy = helmet({
    // Set below, from a template per site.
    contentSecurityPolicy: false,
    strictTransportSecurity: options.hsts ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    // Images of the site may be shown by the member's other tabs of the same site only.
    crossOriginResourcePolicy: { policy: 'same-site' },
    crossOriginEmbedderPolicy: false,
  })
  const noSite: Map<string, string[]> = new Map()
  const templates = new WeakMap<SiteSources, Map<string, string[]>>()
  const templateFor = (sources: SiteSources | null): string[] => {
    const formAction = options.formActionOrigins?.() ?? []
    const key = formAction.join(' ')
    let byFormAction = sources ? templates.get(sources) : noSite
    if (!byFormAction) {
      byFormAction = new Map()
      templates.set(sources!, byFormAction)
    }
    let template = byFormAction.get(key)
    if (!template) {
      template = cspTemplate(options, sources, formAction)
      byFormAction.set(key, template)
    }
    return template
  }
  // The console's own policy: images and forms of its own origin only (decision 023).
  const consoleTemplate = cspTemplate({ ...options, imageOrigins: [] }, null, [])
  const csp: RequestHandler = (_req, res, next) => {
    const template = res.locals.console === true ? consoleTemplate : templateFor((res.locals.siteSources as SiteSources | null | undefined) ?? null)
    res.setHeader('Content-Security-Policy', template.join(nonceOf(res)))
    next()
  }
  const permissions: RequestHandler = (_req, res, next) => {
    res.setHeader('Permissions-Policy', PERMISSIONS_POLICY)
    next()
  }
  const resolveSite: RequestHandler = (req, res, next) => {
    if (options.isConsole?.(req)) {
      res.locals.console = true
      res.locals.siteSources = null
      return next()
    }
    if (!options.siteSources) return next()
    options.siteSources(req).then(
      (sources) => {
        res.locals.siteSources = sources
        next()
      },
      (error: unknown) => next(error),
    )
  }
  return [assignNonce, resolveSite, policy, csp, permissions]
}
