// Requests a browser would never send, to every route file (enumerated, so new routes are
// covered by themselves), anonymous and logged in, through the real app over HTTP: none may
// answer 500, the edge's refusals carry their status, and no redirect leaves the site.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { withScope } from '../app/modules/db/scoped.server.ts'
import { createProfile, appDb, FLIRTLOKAAL } from '../tests/fixtures.ts'
import { startHttpApp, type HttpApp, type HttpRequest, type HttpResponse } from '../tests/http-app.ts'
import { loggedInMember } from '../tests/route-harness.ts'
import { formFieldNames, intentValues, routeFiles, type RouteFile } from '../tests/route-files.ts'

const db = appDb()
let app: HttpApp
let profileId: number

beforeAll(async () => {
  app = await startHttpApp()
  profileId = await createProfile(db, FLIRTLOKAAL)
}, 120_000)

afterAll(async () => {
  await app?.close()
  await db.$disconnect()
})

type Outcome = { route: string; label: string; status: number; location?: string }
const outcomes: Outcome[] = []

async function attempt(route: RouteFile, label: string, input: HttpRequest): Promise<HttpResponse> {
  const response = await app.request(input)
  const location = typeof response.headers.location === 'string' ? response.headers.location : undefined
  outcomes.push({ route: route.file, label, status: response.status, location })
  return response
}

const form = 'application/x-www-form-urlencoded'
const encode = (pairs: [string, string][]) => pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')
const BOUNDARY = 'xXbadInputXx'

function multipart(fields: [string, string][]): string {
  return fields.map(([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`).join('') + `--${BOUNDARY}--\r\n`
}

/** A plausible value per field, so validation gets past "required" to the parts that broke. */
function valueFor(name: string): string {
  if (/email/i.test(name)) return 'someone@example.test'
  if (/password/i.test(name)) return 'a-long-password-1'
  if (/birthDate/.test(name)) return '1990-01-01'
  if (/country/.test(name)) return 'NL'
  if (name === 'step') return '2'
  if (/age|Id/.test(name)) return '1'
  if (name === 'gender') return 'man'
  if (name === 'sexuality') return 'hetero'
  if (name === 'region') return 'NH'
  if (name === 'locale' || name === 'language') return 'nl'
  return 'x'
}

/** Fields forms send once and pages show again after a failed post. */
const SCALAR_FIELDS = ['email', 'newEmail', 'name', 'password', 'country', 'region', 'city', 'birthDate', 'gender', 'sexuality', 'about', 'locale', 'redirectTo', 'profileId', 'photoId', 'reason', 'remarks', 'step']

const FOREIGN_TARGETS = ['/%09/evil.example', '/\t/evil.example', '//evil.example', '/\\evil.example', 'https://evil.example/', '/\r\n/evil.example', '/a/..//evil.example']

function sameSite(location: string): boolean {
  const base = new URL(`http://flirtlokaal.localhost:${app.port}/`)
  return new URL(location, base).host === base.host
}

describe('bad input to every route', () => {
  const routes = routeFiles({ id: '0', type: 'received', page: 'privacy' })
  const fields = formFieldNames()
  const intents = ['', ...intentValues()]

  it('finds the routes', () => {
    expect(routes.length).toBeGreaterThan(30)
    expect(routes.filter((r) => r.hasAction).length).toBeGreaterThan(10)
    expect(intents).toContain('password')
  })

  for (const route of routes) {
    it(`${route.file}: 4xx, never 5xx`, { timeout: 600_000 }, async () => {
      const path = route.path.replace('/0', `/${profileId}`)
      const { cookie } = await loggedInMember(db, FLIRTLOKAAL)
      const streams = route.source.includes('text/event-stream')
      const redirects = /redirectTo|returnTo/.test(route.source)
      // Who the action is for: others are turned away before the body is read.
      const audience = route.source.includes('requireAnonymous') ? ['anonymous'] : route.source.includes('requireMember') ? ['member'] : ['anonymous', 'member']
      for (const who of [{ label: 'anonymous' }, { label: 'member', cookie }]) {
        const at = (label: string, input: Omit<HttpRequest, 'path'> & { path?: string }) => attempt(route, `${who.label} ${label}`, { path, cookie: who.cookie, ...input })
        // Refused at the edge, whatever the route: exact statuses.
        expect((await at('TRACE', { method: 'TRACE' })).status).toBe(405)
        expect((await at('PROPFIND', { method: 'PROPFIND' })).status).toBe(405)
        expect((await at('foreign Origin', { method: 'POST', headers: { origin: 'https://evil.example', 'content-type': form }, body: 'intent=like' })).status).toBe(403)
        expect((await at('null Origin', { method: 'POST', headers: { origin: 'null', 'content-type': form }, body: 'intent=like' })).status).toBe(403)
        expect((await at('NUL in URL', { path: `${path}?q=%00` })).status).toBe(400)
        expect((await at('multipart without boundary', { method: 'POST', headers: { 'content-type': 'multipart/form-data' }, body: 'x' })).status).toBe(400)
        expect((await at('text/plain body', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'a=b' })).status).toBe(415)
        expect((await at('huge form', { method: 'POST', headers: { 'content-type': form }, body: `about=${'x'.repeat(300_000)}` })).status).toBe(413)
        const json = await at('JSON body', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email":"a@b.c","password":1}' })
        if (!route.path.startsWith('/api/') && !route.path.startsWith('/__test/')) expect(json.status).toBe(415)
        // Reaching Remix: anything but 5xx.
        await at('broken multipart', { method: 'POST', headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }, body: 'garbage without parts' })
        await at('empty POST', { method: 'POST' })
        await at('PUT', { method: 'PUT', headers: { 'content-type': form }, body: 'intent=x' })
        if (route.path.startsWith('/api/') || route.path.startsWith('/__test/')) {
          await at('broken JSON', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email":' })
          await at('JSON with NUL', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"language":"n\\u0000l","email":"a\\u0000@b.c"}' })
          await at('JSON as text', { method: 'PUT', headers: { 'content-type': 'text/json' }, body: '{"language":"nl"}' })
        }
        if (redirects && !streams) {
          for (const target of ['/\t/evil.example', '/\r\n/evil.example', '/ü€😀']) {
            await at(`GET redirectTo ${JSON.stringify(target)}`, { path: `${path}?redirectTo=${encodeURIComponent(target)}&returnTo=${encodeURIComponent(target)}` })
          }
        }
        if (!route.hasAction || !audience.includes(who.label)) continue
        await at('empty form POST', { method: 'POST', headers: { 'content-type': form }, body: '' })
        // The intents this route's action knows (plus none), so each branch parses the body.
        const own = intents.filter((intent) => intent === '' || route.source.includes(`'${intent}'`) || route.source.includes(`"${intent}"`))
        for (const intent of own) {
          const named = intent ? `intent=${intent}` : 'no intent'
          const withIntent = (pairs: [string, string][]) => encode(intent ? [...pairs, ['intent', intent]] : pairs)
          const values = fields.filter((f) => f !== 'intent').map((name): [string, string] => [name, valueFor(name)])
          await at(`every field twice, ${named}`, { method: 'POST', headers: { 'content-type': form }, body: withIntent([...values, ...values]) })
          const nul = values.map(([name, value]): [string, string] => [name, `a\u0000${value}`])
          const nulForm = await at(`NUL bytes, ${named}`, { method: 'POST', headers: { 'content-type': form }, body: withIntent(nul) })
          const nulMultipart = await at(`NUL bytes multipart, ${named}`, { method: 'POST', headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }, body: multipart(intent ? [...nul, ['intent', intent]] : nul) })
          // Unless the route turned the request away first (a redirect, a 404, a machine's door
          // without its token: 401, or 429 once the wrong tokens are counted), it read the form.
          for (const answer of [nulForm, nulMultipart]) expect([302, 400, 401, 403, 404, 405, 415, 429]).toContain(answer.status)
        }
        // A plausible body with one field repeated: pages that show a failed form again.
        const firstIntent = own.find((intent) => intent !== '') ?? ''
        for (const field of SCALAR_FIELDS) {
          const body = fields.filter((f) => f !== 'intent').map((name): [string, string] => [name, valueFor(name)])
          body.push([field, valueFor(field)])
          if (firstIntent) body.push(['intent', firstIntent])
          await at(`repeated ${field}`, { method: 'POST', headers: { 'content-type': form }, body: encode(body) })
        }
        if (!redirects) continue
        for (const target of ['/x\r\nSet-Cookie: a=b', '/ü€', ...FOREIGN_TARGETS]) {
          const body = fields.filter((f) => f !== 'intent' && f !== 'redirectTo').map((name): [string, string] => [name, valueFor(name)])
          body.push(['redirectTo', target])
          if (firstIntent) body.push(['intent', firstIntent])
          await at(`redirectTo ${JSON.stringify(target)}`, { method: 'POST', headers: { 'content-type': form }, body: encode(body) })
        }
      }
      const mine = outcomes.filter((o) => o.route === route.file)
      expect(mine.filter((o) => o.status >= 500)).toEqual([])
      expect(mine.filter((o) => o.location !== undefined && !sameSite(o.location))).toEqual([])
    })
  }

  it('sent a lot of requests, none answered 500', () => {
    expect(outcomes.length).toBeGreaterThan(800)
    expect(outcomes.filter((o) => o.status >= 500)).toEqual([])
  })
})

describe('NUL bytes never reach the database', () => {
  it('refuses them in forms, multipart forms and JSON with 400', { timeout: 120_000 }, async () => {
    const member = await loggedInMember(db, FLIRTLOKAAL)
    const login = await app.request({ method: 'POST', path: '/login', headers: { 'content-type': form }, body: encode([['email', 'a\u0000@b.nl'], ['password', 'x']]) })
    expect(login.status).toBe(400)
    const profile = await app.request({ method: 'POST', path: '/profile', cookie: member.cookie, headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }, body: multipart([['about', 'hi\u0000there'], ['city', 'Utrecht']]) })
    expect(profile.status).toBe(400)
    const json = await app.request({ method: 'PUT', path: '/api/user', cookie: member.cookie, headers: { 'content-type': 'application/json' }, body: '{"language":"n\\u0000l"}' })
    expect(json.status).toBe(400)
  })
})

describe('login with a foreign redirect target', () => {
  it('ends on the same site for every /%09/ style target', { timeout: 180_000 }, async () => {
    const { hashPassword } = await import('../app/modules/auth/password.server.ts')
    const member = await loggedInMember(db, FLIRTLOKAAL)
    const passwordHash = await hashPassword('a-long-password-1')
    await withScope(db, FLIRTLOKAAL, (tx) => tx.user.update({ where: { poolId_tenantId_id: { poolId: FLIRTLOKAAL.poolId, tenantId: FLIRTLOKAAL.tenantId, id: member.user.id } }, data: { passwordHash } }))
    for (const target of FOREIGN_TARGETS) {
      const response = await app.request({
        method: 'POST',
        path: '/login',
        headers: { 'content-type': form },
        body: encode([['email', member.user.email], ['password', 'a-long-password-1'], ['redirectTo', target]]),
      })
      expect(response.status, target).toBe(302)
      // "/%09/..." typed literally stays a path of this site; everything else falls back.
      expect(response.headers.location, target).toBe(target === '/%09/evil.example' ? '/%09/evil.example' : '/members')
    }
    const kept = await app.request({ method: 'POST', path: '/login', headers: { 'content-type': form }, body: encode([['email', member.user.email], ['password', 'a-long-password-1'], ['redirectTo', '/likes?tab=x#top']]) })
    expect(kept.headers.location).toBe('/likes?tab=x#top')
  })
})
