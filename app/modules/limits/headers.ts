// Remix passes only cookies from an action's or loader's headers on to a page's response;
// a form route over an abuse limit exports this as its `headers`, so the page answer keeps
// the 429's Retry-After (and no-store).
import type { HeadersFunction } from '@remix-run/node'

const PASSED = ['Retry-After', 'Cache-Control'] as const

export const limitPageHeaders: HeadersFunction = ({ actionHeaders, loaderHeaders, parentHeaders }) => {
  const headers = new Headers(parentHeaders)
  if (!actionHeaders.has('Retry-After') && !loaderHeaders.has('Retry-After')) return headers
  const from = actionHeaders.has('Retry-After') ? actionHeaders : loaderHeaders
  for (const name of PASSED) {
    const value = from.get(name)
    if (value) headers.set(name, value)
  }
  return headers
}
