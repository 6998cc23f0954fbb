// The browser's one way to call the site's API (SPEC §7, §8, §9): every call says it comes
// from the client (X-Request-Type: client), a call that may be repeated safely is retried up
// to 5 times with exponential delay when the network or the server's edge fails, and a 403
// `authentication_required` (the session ended elsewhere) logs the member out on this page
// and is swallowed: callers see an AuthenticationRequired error, which they ignore.

export const CLIENT_RETRIES = 5
/** The first retry waits this long; each next one twice as long (0.3, 0.6, 1.2, 2.4, 4.8 s). */
export const RETRY_BASE_MS = 300
/** A server's Retry-After longer than this is not waited for: the call fails instead. */
const MAX_RETRY_AFTER_MS = 10_000
const RETRY_STATUSES = new Set([429, 502, 503, 504])
const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS'])
export const AUTHENTICATION_REQUIRED_EVENT = 'dating:authentication-required'

export class AuthenticationRequired extends Error {
  constructor() {
    super('authentication_required')
    this.name = 'AuthenticationRequired'
  }
}

export type ClientFetchInit = RequestInit & {
  /** Retries for a call that is not idempotent by its method but safe to repeat. */
  idempotent?: boolean
  /** Fewer retries (0: none), e.g. for a poll that runs again anyway. */
  retries?: number
  /** Waits between attempts (tests). */
  sleep?: (ms: number) => Promise<void>
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** The delay before retry `attempt` (0-based): exponential, with up to 20 % jitter. */
export function retryDelay(attempt: number, random: () => number = Math.random): number {
  const base = RETRY_BASE_MS * 2 ** attempt
  return Math.round(base + base * 0.2 * random())
}

function retryAfterMs(response: Response): number | null {
  const value = response.headers.get('retry-after')
  if (!value) return null
  const seconds = Number(value)
  return Number.isFinite(seconds) ? seconds * 1000 : null
}

/** GET/HEAD/PUT/DELETE are safe to send again; other methods only when the caller says so. */
function mayRetry(init: ClientFetchInit): boolean {
  return init.idempotent ?? IDEMPOTENT.has((init.method ?? 'GET').toUpperCase())
}

export async function clientFetch(url: string, init: ClientFetchInit = {}): Promise<Response> {
  const { idempotent: _idempotent, retries, sleep = wait, ...request } = init
  const headers = new Headers(request.headers)
  headers.set('X-Request-Type', 'client')
  if (!headers.has('Accept')) headers.set('Accept', 'application/json')
  const attempts = 1 + (mayRetry(init) ? Math.max(0, Math.min(retries ?? CLIENT_RETRIES, CLIENT_RETRIES)) : 0)
  let lastError: unknown = null
  for (let attempt = 0; attempt < attempts; attempt++) {
    const last = attempt === attempts - 1
    let response: Response
    try {
      response = await fetch(url, { credentials: 'same-origin', ...request, headers })
    } catch (error) {
      // Offline, reset, DNS: worth another try unless the caller gave up (aborted).
      if (request.signal?.aborted || last) throw error
      lastError = error
      await sleep(retryDelay(attempt))
      continue
    }
    if (RETRY_STATUSES.has(response.status) && !last) {
      const after = retryAfterMs(response)
      if (after === null || after <= MAX_RETRY_AFTER_MS) {
        await sleep(Math.max(after ?? 0, retryDelay(attempt)))
        continue
      }
    }
    if (response.status === 403 && !isUserCall(url) && (await isAuthenticationRequired(response))) {
      window.dispatchEvent(new Event(AUTHENTICATION_REQUIRED_EVENT))
      throw new AuthenticationRequired()
    }
    return response
  }
  throw lastError ?? new Error('clientFetch: no attempt made')
}

/** SPEC §8: a 403 from user.php itself is not a logout signal (it is how "logged out" is asked). */
function isUserCall(url: string): boolean {
  return /^\/api\/user(\.php)?$/.test(new URL(url, 'http://same-site.invalid').pathname)
}

async function isAuthenticationRequired(response: Response): Promise<boolean> {
  try {
    const body = (await response.clone().json()) as { error?: unknown }
    return body.error === 'authentication_required'
  } catch {
    return false
  }
}
