// The visitor micro-cache (decision 034) over real HTTP, written as attacks: what comes out
// of the cache never carries a member's data or another visitor's cookie, a session or a
// flash toast is never answered from it, and every answer has its own CSP nonce.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appDb, FLIRTLOKAAL } from '../tests/fixtures.ts'
import { startHttpApp, type HttpApp, type HttpResponse } from '../tests/http-app.ts'
import { loggedInMember } from '../tests/route-harness.ts'
import { bodyWithNonce, createMicroCache, type MicroCache } from './edge/micro-cache.ts'

const db = appDb()
let app: HttpApp
let cache: MicroCache

beforeAll(async () => {
  cache = createMicroCache({ ttlMs: 60_000, maxBytes: 16 * 2 ** 20 })
  app = await startHttpApp({ microCache: cache })
}, 120_000)

afterAll(async () => {
  await app?.close()
  await db.$disconnect()
})

const outcome = (response: HttpResponse) => /cache;desc=(\w+)/.exec(String(response.headers['server-timing'] ?? ''))?.[1]
const cookiesOf = (response: HttpResponse) => [response.headers['set-cookie'] ?? []].flat()

function nonceOf(response: HttpResponse): string {
  const nonce = /'nonce-([^']+)'/.exec(String(response.headers['content-security-policy'] ?? ''))?.[1]
  if (!nonce) throw new Error('no nonce in the CSP')
  return nonce
}

describe('visitor micro-cache', () => {
  it('serves a visitor page from the cache with this request\'s nonce and Server-Timing', async () => {
    const first = await app.request({ path: '/pricing' })
    expect(first.status).toBe(200)
    expect(outcome(first)).toBe('miss')
    expect(String(first.headers['server-timing'])).toMatch(/db;dur=[\d.]+;desc="\d+ statements", render;dur=[\d.]+, total;dur=[\d.]+/)
    const second = await app.request({ path: '/pricing' })
    expect(outcome(second)).toBe('hit')
    expect(second.body.length).toBeGreaterThan(1000)
    // Every inline script and style carries this answer's nonce, never the render's.
    const nonces = [...second.body.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1])
    expect(nonces.length).toBeGreaterThan(0)
    expect(new Set(nonces)).toEqual(new Set([nonceOf(second)]))
    expect(nonceOf(second)).not.toBe(nonceOf(first))
    expect(second.body).not.toContain(nonceOf(first))
    expect(second.headers['cache-control']).toBe('private, no-cache')
  })

  it('never answers a member from the cache, and never stores a member\'s page', async () => {
    const name = `Canary${Date.now().toString(36)}`
    const member = await loggedInMember(db, FLIRTLOKAAL, name)
    // Filled by a visitor first: the member must still get a page of their own.
    await app.request({ path: '/pages/terms' })
    expect(outcome(await app.request({ path: '/pages/terms' }))).toBe('hit')
    for (const path of ['/pages/terms', '/pricing', '/pages/faq']) {
      const mine = await app.request({ path, cookie: member.cookie })
      expect(mine.status, path).toBe(200)
      expect(outcome(mine), path).toBe('bypass')
      expect(mine.body, path).toContain(name)
      expect(mine.headers['cache-control'], path).toBe('private, no-store')
      // What visitors get afterwards, fresh or cached, knows nothing of the member.
      for (let i = 0; i < 2; i++) {
        const visitor = await app.request({ path })
        expect(visitor.body, path).not.toContain(name)
        expect(visitor.body, path).not.toContain(member.cookie.slice(4))
        expect(cookiesOf(visitor).join('\n'), path).not.toContain(member.cookie.slice(4))
      }
    }
    // A session cookie that is no longer valid is no visitor either: never from the cache.
    expect(outcome(await app.request({ path: '/pricing', cookie: 'sid=not-a-session' }))).toBe('bypass')
  })

  it('never hands one visitor\'s cookie to another', async () => {
    // A traffic source in the URL makes the page set a tracking cookie of its own: such a
    // render is not stored, so the next visitor with the same URL gets their own.
    const path = '/?network=canary-network&ref=canary-ref'
    const a = await app.request({ path })
    expect(a.status).toBe(200)
    const aCookies = cookiesOf(a)
    expect(aCookies.some((c) => c.startsWith('trk='))).toBe(true)
    const b = await app.request({ path })
    expect(outcome(b)).not.toBe('hit')
    // Visitors with different consent or tracking cookies get different cache entries.
    const withConsent = await app.request({ path: '/pages/privacy', cookie: 'consent=all' })
    const again = await app.request({ path: '/pages/privacy', cookie: 'consent=all' })
    expect(outcome(again)).toBe('hit')
    const other = await app.request({ path: '/pages/privacy', cookie: 'consent=necessary' })
    expect(outcome(other)).toBe('miss')
    expect(withConsent.body).not.toBe(other.body.replaceAll(nonceOf(other), nonceOf(withConsent)))
    // A cached answer sets only the cookie every visitor with this key gets (the language),
    // never a cookie another visitor sent or was given.
    for (const response of [again, await app.request({ path: '/pages/privacy', cookie: 'consent=all; other=visitor-a-secret' })]) {
      for (const cookie of cookiesOf(response)) expect(cookie).toMatch(/^lng=/)
      expect(response.body).not.toContain('visitor-a-secret')
    }
  })

  it('never answers a flash toast or a data request from the cache', async () => {
    await app.request({ path: '/pricing' })
    const toast = await app.request({ path: '/pricing', cookie: 'toast=e30%3D' })
    expect(outcome(toast)).toBe('bypass')
    // Single-fetch data of the page (what a client navigation loads) is never stored.
    for (let i = 0; i < 2; i++) expect(outcome(await app.request({ path: '/pricing.data' }))).not.toBe('hit')
  })

  it('keeps pages apart by site, language and country', async () => {
    const nl = await app.request({ path: '/pages/faq?lng=nl' })
    const en = await app.request({ path: '/pages/faq?lng=en' })
    expect(nl.body).not.toBe(en.body.replaceAll(nonceOf(en), nonceOf(nl)))
    const other = await app.request({ path: '/pages/faq', site: 'datevibe' })
    const own = await app.request({ path: '/pages/faq' })
    expect(other.body).not.toBe(own.body.replaceAll(nonceOf(own), nonceOf(other)))
    expect(outcome(await app.request({ path: '/pages/faq', site: 'datevibe' }))).toBe('hit')
  })
})

describe('the 404 page', () => {
  it('comes from the cache for visitors, never for a member', async () => {
    const first = await app.request({ path: '/no-such-page-a' })
    expect(first.status).toBe(404)
    expect(outcome(first)).toBe('miss')
    const second = await app.request({ path: '/no-such-page-a' })
    expect(second.status).toBe(404)
    expect(outcome(second)).toBe('hit')
    expect(second.body).toBe(first.body.replaceAll(nonceOf(first), nonceOf(second)))
    // Another path is another page (the language menu returns to it).
    const other = await app.request({ path: '/no-such-page-b' })
    expect(outcome(other)).toBe('miss')
    expect(other.body).toContain('/no-such-page-b')
    expect(other.body).not.toContain('/no-such-page-a')
    const member = await loggedInMember(db, FLIRTLOKAAL, `Lost${Date.now().toString(36)}`)
    const mine = await app.request({ path: '/no-such-page-c', cookie: member.cookie })
    expect(mine.status).toBe(404)
    expect(outcome(mine)).toBe('bypass')
    expect(mine.body).toContain(member.profile.name)
    // A page that exists is not answered by the 404 entry.
    expect((await app.request({ path: '/pages/terms' })).status).toBe(200)
  })
})

describe('createMicroCache', () => {
  it('drops everything when the tenant configuration changes', () => {
    const c = createMicroCache({ ttlMs: 60_000, maxBytes: 1 << 20 })
    c.set('k', 1, { status: 200, headers: [['content-type', 'text/html'], ['set-cookie', 'x=1']] }, Buffer.from('<p nonce="N1">hi</p>'), 'N1')
    const page = c.get('k', 1)!
    expect(page.headers).toEqual([['content-type', 'text/html']])
    expect(bodyWithNonce(page, 'N2').toString()).toBe('<p nonce="N2">hi</p>')
    expect(c.get('k', 2)).toBeUndefined()
    expect(c.size).toBe(0)
  })

  it('forgets a page after its time', async () => {
    const c = createMicroCache({ ttlMs: 30, maxBytes: 1 << 20 })
    c.set('k', 1, { status: 200, headers: [] }, Buffer.from('x'), '')
    expect(c.get('k', 1)).toBeDefined()
    await new Promise((r) => setTimeout(r, 60))
    expect(c.get('k', 1)).toBeUndefined()
  })
})
