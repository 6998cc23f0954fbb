// Headers of every operator page: never cached, never indexed, also on its error answers.
import type { HeadersFunction } from '@remix-run/node'

export const operatorHeaders: HeadersFunction = ({ errorHeaders }) => {
  const headers = new Headers(errorHeaders)
  headers.set('Cache-Control', 'no-store')
  headers.set('X-Robots-Tag', 'noindex')
  return headers
}
