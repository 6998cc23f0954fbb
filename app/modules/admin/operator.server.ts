// The operator guard for the minimal moderation pages, until the operator console (a later
// issue) brings real operator accounts. HTTP Basic auth, user `operator`, password from
// OPERATOR_PASSWORD. Without that variable the operator pages do not exist: 404.
import { createHash, timingSafeEqual } from 'node:crypto'
import { getEnv } from '../config/env.server.ts'

export const OPERATOR_USER = 'operator'
const REALM = 'Operator'

export type Operator = { name: typeof OPERATOR_USER }

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest()

/** Compares in constant time (on digests, so the lengths never leak either). */
function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected))
}

export function parseBasicAuth(header: string | null): { user: string; password: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '')
  if (!match) return null
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  return colon < 0 ? null : { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) }
}

/** The right user and password, compared in constant time. */
export function checkOperatorCredentials(given: { user: string; password: string }, expected: string): boolean {
  const userOk = sameSecret(given.user, OPERATOR_USER)
  const passwordOk = sameSecret(given.password, expected)
  return userOk && passwordOk
}

/**
 * Throws 404 when operator pages are switched off and 401 (with a Basic challenge) without
 * the right credentials. Routes using it need an ErrorBoundary and a `headers` export that
 * passes `errorHeaders` on, or the browser never sees the challenge.
 */
export function requireOperator(request: Request, env: { OPERATOR_PASSWORD?: string } = getEnv()): Operator {
  const expected = env.OPERATOR_PASSWORD
  if (!expected) throw new Response('Not Found', { status: 404, statusText: 'Not Found' })
  if (!hasOperatorPassword(request, expected)) {
    throw new Response('Unauthorized', {
      status: 401,
      statusText: 'Unauthorized',
      headers: { 'WWW-Authenticate': `Basic realm="${REALM}", charset="UTF-8"`, 'Cache-Control': 'no-store' },
    })
  }
  return { name: OPERATOR_USER }
}

/** Whether the request carries the operator's Basic credentials (no challenge). */
export function hasOperatorPassword(request: Request, expected: string | undefined = getEnv().OPERATOR_PASSWORD): boolean {
  const given = parseBasicAuth(request.headers.get('authorization'))
  return Boolean(expected && given && checkOperatorCredentials(given, expected))
}
