// The server's edge over real HTTP: security headers on every kind of response, member
// pages never cached, the mailbox never public, the operator password throttled, and one
// reading of X-Forwarded-* (only from a trusted proxy) for tenant, URL, Origin and mail links.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RateLimiterMemory } from 'rate-limiter-flexible'
import { withScope } from '../app/modules/db/scoped.server.ts'
import { appDb, createMember, DATEVIBE, FLIRTLOKAAL } from '../tests/fixtures.ts'
import { startHttpApp, type HttpApp, type HttpResponse } from '../tests/http-app.ts'
import { loggedInMember } from '../tests/route-harness.ts'
import { OPERATOR_GUESSES, rateLimiterThrottle } from './edge/operator-throttle.ts'

const db = appDb()
let app: HttpApp
const OPERATOR_PASSWORD = 'operator-secret-123'
const basic = (password: string) => `Basic ${Buffer.from(`operator:${password}`).toString('base64')}`
const form = 'application/x-www-form-urlencoded'

beforeAll(async () => {
  // The test client is on loopback; trusting loopback as a proxy lets it play any client IP.
  process.env.TRUST_PROXY = 'loopback'
  // A fresh in-process counter per test file (a shared Redis one would outlive test runs).
  app = await startHttpApp({ operatorThrottle: rateLimiterThrottle(new RateLimiterMemory({ points: OPERATOR_GUESSES, duration: 900 })) })
}, 120_000)

afterAll(async () => {
  await app?.close()
  await db.$disconnect()
  delete process.env.TRUST_PROXY
  delete process.env.OPERATOR_PASSWORD
})

function expectSecurityHeaders(response: HttpResponse, what: string) {
  const csp = String(response.headers['content-security-policy'] ?? '')
  expect(csp, what).toContain("frame-ancestors 'none'")
  expect(csp, what).toContain("object-src 'none'")
  expect(csp, what).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{20,}'|script-src 'self' 'unsafe-inline' 'unsafe-eval'/)
  expect(response.headers['x-content-type-options'], what).toBe('nosniff')
  expect(response.headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin')
  expect(response.headers['permissions-policy'], what).toContain('geolocation=(self)')
  expect(response.headers['x-frame-options'], what).toBe('DENY')
  // The demo runs on http://*.localhost: no HSTS there.
  expect(response.headers['strict-transport-security'], what).toBeUndefined()
}

describe('security headers', () => {
  it('are on pages, API answers, files, refusals and the unknown-host page', { timeout: 180_000 }, async () => {
    const member = await loggedInMember(db, FLIRTLOKAAL)
    const cases: [string, Promise<HttpResponse>][] = [
      ['front page', app.request({ path: '/' })],
      ['member page', app.request({ path: '/settings', cookie: member.cookie })],
      ['API', app.request({ path: '/api/settings' })],
      ['favicon', app.request({ path: '/favicon.svg' })],
      ['404 page', app.request({ path: '/no-such-page' })],
      ['unknown host', app.request({ path: '/', site: 'nosuchsite' })],
      ['refused method', app.request({ method: 'TRACE', path: '/' })],
      ['refused origin', app.request({ method: 'POST', path: '/login', headers: { origin: 'https://evil.example' } })],
    ]
    for (const [what, pending] of cases) expectSecurityHeaders(await pending, what)
  })

  it('give every response its own nonce, and the page uses it for every inline script and style', async () => {
    const first = await app.request({ path: '/' })
    const second = await app.request({ path: '/' })
    const nonceOf = (r: HttpResponse) => /'nonce-([^']+)'/.exec(String(r.headers['content-security-policy']))?.[1]
    if (app.mode === 'development') return // the dev server's policy has no nonce (Vite injects scripts)
    expect(nonceOf(first)).toBeTruthy()
    expect(nonceOf(first)).not.toBe(nonceOf(second))
    const inline = [...first.body.matchAll(/<(script|style)\b([^>]*)>/g)].filter((m) => !/\bsrc=/.test(m[2]!))
    expect(inline.length).toBeGreaterThan(2)
    for (const m of inline) expect(m[2]).toContain(`nonce="${nonceOf(first)}"`)
  })
})

describe('member pages are never cached', () => {
  it('sends private, no-store for a logged-in member, on pages and data', async () => {
    const member = await loggedInMember(db, FLIRTLOKAAL)
    for (const path of ['/settings', '/members', '/api/user', '/']) {
      const response = await app.request({ path, cookie: member.cookie })
      // A member's home is the members area (issue #16): the front page sends them there.
      expect(response.status, path).toBe(path === '/' ? 302 : 200)
      expect(response.headers['cache-control'], path).toBe('private, no-store')
    }
    const settings = await app.request({ path: '/settings', cookie: member.cookie })
    expect(settings.body).toContain(member.user.email)
  })
})

describe('the mailbox page', () => {
  const fromOutside = { 'x-forwarded-for': '203.0.113.7' }

  it('answers this machine (loopback) in the demo', async () => {
    delete process.env.OPERATOR_PASSWORD
    expect((await app.request({ path: '/dev/mailbox' })).status).toBe(200)
  })

  it('does not exist for anyone else without the operator password', async () => {
    delete process.env.OPERATOR_PASSWORD
    expect((await app.request({ path: '/dev/mailbox', headers: fromOutside })).status).toBe(404)
    process.env.OPERATOR_PASSWORD = OPERATOR_PASSWORD
    const challenged = await app.request({ path: '/dev/mailbox', headers: fromOutside })
    expect(challenged.status).toBe(401)
    expect(challenged.headers['www-authenticate']).toMatch(/^Basic/)
    expect(challenged.body).not.toContain('@example.test')
    expect((await app.request({ path: '/dev/mailbox', headers: { ...fromOutside, authorization: basic('wrong') } })).status).toBe(401)
    const allowed = await app.request({ path: '/dev/mailbox', headers: { ...fromOutside, authorization: basic(OPERATOR_PASSWORD) } })
    expect(allowed.status).toBe(200)
    expect(allowed.headers['cache-control']).toContain('no-store')
  })
})

describe('operator password guesses', () => {
  it('answers 429 with Retry-After after too many wrong guesses from one IP; other IPs still get in', async () => {
    process.env.OPERATOR_PASSWORD = OPERATOR_PASSWORD
    const attacker = { 'x-forwarded-for': '198.51.100.23' }
    const statuses: number[] = []
    for (let i = 0; i < OPERATOR_GUESSES + 3; i++) {
      statuses.push((await app.request({ path: '/operator/photos', headers: { ...attacker, authorization: basic(`guess-${i}`) } })).status)
    }
    expect(statuses.slice(0, OPERATOR_GUESSES - 1).every((s) => s === 401)).toBe(true)
    expect(statuses.slice(OPERATOR_GUESSES)).toEqual([429, 429, 429])
    const blocked = await app.request({ path: '/operator/photos', headers: { ...attacker, authorization: basic(OPERATOR_PASSWORD) } })
    expect(blocked.status).toBe(429)
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0)
    const other = await app.request({ path: '/operator/photos', headers: { 'x-forwarded-for': '198.51.100.24', authorization: basic(OPERATOR_PASSWORD) } })
    expect(other.status).toBe(200)
  })
})

describe('behind a trusted proxy', () => {
  it('takes site, scheme and Origin from X-Forwarded-*, and mails link to what the visitor used', async () => {
    const member = await createMember(db, DATEVIBE, 'proxied')
    const forwarded = { 'x-forwarded-host': 'datevibe.com', 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' }
    const page = await app.request({ path: '/reset-password', site: 'flirtlokaal', headers: forwarded })
    expect(page.status).toBe(200)
    expect(page.body).toContain('DateVibe')
    // The browser's Origin is the forwarded one: accepted; the inner host is not.
    const reset = await app.request({
      method: 'POST',
      path: '/reset-password',
      headers: { ...forwarded, origin: 'https://datevibe.com', 'content-type': form },
      body: `email=${encodeURIComponent(member.user.email)}`,
    })
    expect(reset.status).toBeLessThan(400)
    const mail = await withScope(db, DATEVIBE, (tx) => tx.outboxMail.findFirst({ where: { tenantId: 'datevibe', to: member.user.email }, orderBy: { createdAt: 'desc' } }))
    expect(mail?.text).toMatch(/https:\/\/datevibe\.com\/reset-password\/do\?token=/)
    const inner = await app.request({ method: 'POST', path: '/reset-password', headers: { ...forwarded, origin: 'http://flirtlokaal.localhost', 'content-type': form }, body: 'email=x' })
    expect(inner.status).toBe(403)
  })

  it('ignores X-Forwarded-* from a peer that is not a trusted proxy', async () => {
    const { default: express } = await import('express')
    const { configureProxy, clientIp, requestOrigin } = await import('./edge/proxy.ts')
    const probe = express()
    configureProxy(probe, false)
    probe.get('/', (req, res) => void res.json({ origin: requestOrigin(req), ip: clientIp(req) }))
    const server = probe.listen(0, '127.0.0.1')
    await new Promise((resolve) => server.once('listening', resolve))
    try {
      const { send } = await import('../tests/http-app.ts')
      const port = (server.address() as { port: number }).port
      const answer = await send(port, { path: '/', site: 'flirtlokaal', headers: { 'x-forwarded-host': 'datevibe.com', 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' } })
      expect(JSON.parse(answer.body)).toEqual({ origin: `http://flirtlokaal.localhost:${port}`, ip: '127.0.0.1' })
    } finally {
      server.close()
    }
  })
})

describe('shutdown', () => {
  it('ends live event streams and drains, without waiting for the grace period', async () => {
    const member = await loggedInMember(db, FLIRTLOKAAL)
    const http = await import('node:http')
    const ended = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port: app.port, path: '/api/events', headers: { host: `flirtlokaal.localhost:${app.port}`, cookie: member.cookie } }, (res) => {
        let body = ''
        res.on('data', (chunk: Buffer) => (body += chunk.toString()))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
      })
      req.on('error', reject)
      req.end()
    })
    // The stream is open once its first line arrived.
    await new Promise((resolve) => setTimeout(resolve, 500))
    const started = Date.now()
    await app.close()
    const stream = await ended
    expect(stream.status).toBe(200)
    expect(stream.body).toContain(': connected')
    expect(Date.now() - started).toBeLessThan(1_000)
  })
})
