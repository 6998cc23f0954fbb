// The server's edge over real HTTP: security headers on every kind of response, member
// pages never cached, the mailbox never public (loopback only), and one
// reading of X-Forwarded-* (only from a trusted proxy) for tenant, URL, Origin and mail links.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { withScope } from '../app/modules/db/scoped.server.ts'
import { appDb, createMember, DATEVIBE, FLIRTLOKAAL } from '../tests/fixtures.ts'
import { startHttpApp, type HttpApp, type HttpResponse } from '../tests/http-app.ts'
import { loggedInMember } from '../tests/route-harness.ts'

const db = appDb()
let app: HttpApp
const form = 'application/x-www-form-urlencoded'

beforeAll(async () => {
  // The test client is on loopback; trusting loopback as a proxy lets it play any client IP.
  process.env.TRUST_PROXY = 'loopback'
  app = await startHttpApp()
}, 120_000)

afterAll(async () => {
  await app?.close()
  await db.$disconnect()
  delete process.env.TRUST_PROXY
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
    expect((await app.request({ path: '/dev/mailbox' })).status).toBe(200)
  })

  it('does not exist for anyone else, whatever credentials they send', async () => {
    expect((await app.request({ path: '/dev/mailbox', headers: fromOutside })).status).toBe(404)
    const basic = `Basic ${Buffer.from('operator:anything').toString('base64')}`
    const withCredentials = await app.request({ path: '/dev/mailbox', headers: { ...fromOutside, authorization: basic } })
    expect(withCredentials.status).toBe(404)
    expect(withCredentials.body).not.toContain('@example.test')
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
    // The link is made by a job (the same work for every address): wait for its mail.
    const mailFor = () => withScope(db, DATEVIBE, (tx) => tx.outboxMail.findFirst({ where: { tenantId: 'datevibe', to: member.user.email }, orderBy: { createdAt: 'desc' } }))
    let mail = await mailFor()
    for (let i = 0; i < 100 && !mail; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      mail = await mailFor()
    }
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
