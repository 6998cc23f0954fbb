// The operator console's own origin over real HTTP (decision 023): its pages only on
// OPERATOR_HOST (operator.localhost here), none on a member host; its own cookie, refused
// across; its own CSP; login with the member login's limits; roles.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appDb, FLIRTLOKAAL } from '../tests/fixtures.ts'
import { startHttpApp, type HttpApp } from '../tests/http-app.ts'
import { createTestOperator, OPERATOR_TEST_PASSWORD, signedInOperator } from '../tests/operators.ts'
import { loggedInMember } from '../tests/route-harness.ts'

const db = appDb()
let app: HttpApp
const form = 'application/x-www-form-urlencoded'
const CONSOLE = 'operator'

beforeAll(async () => {
  app = await startHttpApp()
}, 180_000)

afterAll(async () => {
  await app?.close()
  await db.$disconnect()
})

describe('the console host', () => {
  it('sends a signed-out visitor of any console page to /login', async () => {
    for (const path of ['/', '/inbox', '/audit', '/operators?x=1']) {
      const response = await app.request({ site: CONSOLE, path })
      expect(response.status, path).toBe(302)
      expect(response.headers.location, path).toMatch(/^\/login/)
    }
  })

  it('shows its own login page with its own policy: forms and images of its own origin only, never cached', async () => {
    const response = await app.request({ site: CONSOLE, path: '/login' })
    expect(response.status).toBe(200)
    expect(response.body).toContain('name="password"')
    const csp = String(response.headers['content-security-policy'])
    expect(csp).toMatch(/form-action 'self'\s*;/)
    expect(csp).not.toContain('mollie')
    expect(csp).toMatch(/img-src 'self' data: blob:\s*;/)
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.headers['x-robots-tag']).toContain('noindex')
  })

  it('has no console page on a member host, not even under /console', async () => {
    for (const path of ['/console/login', '/console', '/console/inbox']) {
      expect((await app.request({ site: 'flirtlokaal', path })).status, path).toBe(404)
    }
    // The member site's own /login is the members' form.
    const memberLogin = await app.request({ site: 'flirtlokaal', path: '/login' })
    expect(memberLogin.status).toBe(200)
    expect(memberLogin.body).not.toContain('Beheerconsole')
  })

  it('refuses a member session on the console host and an operator session on a member host', async () => {
    const member = await loggedInMember(db, FLIRTLOKAAL)
    const onConsole = await app.request({ site: CONSOLE, path: '/inbox', cookie: member.cookie })
    expect(onConsole.status).toBe(302)
    expect(onConsole.headers.location).toMatch(/^\/login/)
    // Even a member cookie named like the console's is no console session.
    expect((await app.request({ site: CONSOLE, path: '/inbox', cookie: `osid=${member.cookie.slice(4)}` })).status).toBe(302)
    const { cookie } = await signedInOperator(db, { role: 'admin', allSites: true })
    const onSite = await app.request({ site: 'flirtlokaal', path: '/api/user', cookie: `${cookie}; sid=${cookie.slice(5)}` })
    // The member site sees nobody logged in.
    expect(onSite.status).toBe(200)
    expect(JSON.parse(onSite.body)).toEqual({ user: null })
  })

  it('logs an operator in with the console cookie (host-only, HttpOnly, SameSite=Strict) and sends them to their area', async () => {
    const operator = await createTestOperator(db, { role: 'chatter', pools: ['benelux'] })
    const response = await app.request({
      site: CONSOLE, path: '/login', method: 'POST',
      headers: { 'content-type': form, origin: `http://operator.localhost:${app.port}` },
      body: new URLSearchParams({ email: operator.email, password: OPERATOR_TEST_PASSWORD }).toString(),
    })
    expect(response.status).toBe(302)
    expect(response.headers.location).toBe('/inbox')
    const setCookie = String(response.headers['set-cookie'])
    expect(setCookie).toMatch(/^osid=[A-Za-z0-9_-]{40,}; Path=\/; Max-Age=43200; HttpOnly; SameSite=Strict/)
    expect(setCookie).not.toMatch(/Domain=/i)
  })

  it('sends an admin without an authenticator app to set one up before any page', async () => {
    const operator = await createTestOperator(db, { role: 'admin', allSites: true })
    const response = await app.request({
      site: CONSOLE, path: '/login', method: 'POST',
      headers: { 'content-type': form, origin: `http://operator.localhost:${app.port}` },
      body: new URLSearchParams({ email: operator.email, password: OPERATOR_TEST_PASSWORD }).toString(),
    })
    expect(response.headers.location).toMatch(/^\/login\/setup/)
    const cookie = String(response.headers['set-cookie']).split(';')[0]!
    // Half signed in: no console page yet.
    const page = await app.request({ site: CONSOLE, path: '/', cookie })
    expect(page.headers.location).toBe('/login/setup')
    const setup = await app.request({ site: CONSOLE, path: '/login/setup', cookie })
    expect(setup.status).toBe(200)
    expect(setup.body).toContain('<svg')
  })

  it('refuses a wrong password as a member login does, and locks after five', async () => {
    const operator = await createTestOperator(db, { role: 'chatter', pools: ['benelux'] })
    const attempt = () =>
      app.request({
        site: CONSOLE, path: '/login', method: 'POST',
        headers: { 'content-type': form, origin: `http://operator.localhost:${app.port}` },
        body: new URLSearchParams({ email: operator.email, password: 'wrong password!' }).toString(),
      })
    const statuses = []
    for (let i = 0; i < 6; i++) statuses.push((await attempt()).status)
    expect(statuses.slice(0, 4)).toEqual([400, 400, 400, 400])
    expect(statuses.slice(4)).toEqual([429, 429])
  })
})
