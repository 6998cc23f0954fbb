// What each demo site must look like in the browser.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100)

export const SITES = [
  { slug: 'flirtlokaal', name: 'FlirtLokaal', lang: 'nl', primary: '#8e44ad', company: 'Lokaal Media B.V.', login: 'Inloggen', languages: true },
  { slug: 'datedichtbij', name: 'DateDichtbij', lang: 'nl', primary: '#d6336c', company: 'Dichtbij Online B.V.', login: 'Inloggen', languages: true },
  { slug: 'datevibe', name: 'DateVibe', lang: 'en', primary: '#0b7285', company: 'Vibe Interactive Ltd', login: 'Log in', languages: false },
] as const

export const siteUrl = (slug: string, path = '/') => `http://${slug}.localhost:${E2E_PORT}${path}`

/**
 * For requests made from Node (Playwright's `request`), which cannot resolve *.localhost
 * the way Chromium does: loopback address plus the site's Host header.
 */
export const api = (slug: string, path: string) =>
  [`http://127.0.0.1:${E2E_PORT}${path}`, { headers: { host: `${slug}.localhost:${E2E_PORT}` } }] as const
