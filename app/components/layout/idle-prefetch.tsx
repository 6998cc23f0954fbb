// SPEC §9: prefetch on idle after 2 s. Once the page has been quiet for 2 s, the code of the
// pages its navigation links to is fetched (modulepreload), so the next click only waits
// for data. Data itself is not prefetched: a loader may be costly or count a visit.
import { matchRoutes, useLocation } from '@remix-run/react'
import { useEffect } from 'react'

export const PREFETCH_IDLE_MS = 2_000

type Manifest = { routes: Record<string, { module: string; imports?: string[] }> }
type RemixWindow = Window & { __remixManifest?: Manifest; __remixRouter?: { routes: Parameters<typeof matchRoutes>[0] } }

function preload(href: string): void {
  if (document.head.querySelector(`link[rel="modulepreload"][href="${CSS.escape(href)}"]`)) return
  const link = document.createElement('link')
  link.rel = 'modulepreload'
  link.href = href
  document.head.appendChild(link)
}

/** Preloads the route modules behind the same-site links inside `selector`. */
export function prefetchLinkedModules(selector: string): number {
  const w = window as RemixWindow
  const manifest = w.__remixManifest
  const routes = w.__remixRouter?.routes
  if (!manifest || !routes) return 0
  const paths = new Set<string>()
  const anchors = selector
    .split(',')
    .map((part) => `${part.trim()} a[href^="/"]`)
    .join(', ')
  for (const a of document.querySelectorAll<HTMLAnchorElement>(anchors)) {
    const url = new URL(a.href)
    if (url.origin === window.location.origin && url.pathname !== window.location.pathname) paths.add(url.pathname)
  }
  let count = 0
  for (const path of paths) {
    for (const match of matchRoutes(routes, path) ?? []) {
      const entry = manifest.routes[match.route.id ?? '']
      if (!entry) continue
      for (const href of [entry.module, ...(entry.imports ?? [])]) {
        preload(href)
        count++
      }
    }
  }
  return count
}

export function IdlePrefetch({ selector = '.top-nav, .site-footer' }: { selector?: string }) {
  const { pathname } = useLocation()
  useEffect(() => {
    let idle: number | undefined
    const timer = window.setTimeout(() => {
      const run = () => void prefetchLinkedModules(selector)
      if ('requestIdleCallback' in window) idle = window.requestIdleCallback(run, { timeout: PREFETCH_IDLE_MS })
      else run()
    }, PREFETCH_IDLE_MS)
    return () => {
      window.clearTimeout(timer)
      if (idle !== undefined) window.cancelIdleCallback(idle)
    }
  }, [pathname, selector])
  return null
}
