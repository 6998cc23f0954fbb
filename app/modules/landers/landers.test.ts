// Landers (SPEC §2, decision 014) through their route modules, against a real database:
// which site shows which lander, its pool's members and language, variants by slug and by
// a sticky weighted draw, the counts of visits, signups and activations per variant and
// traffic source, and the report's figures.
/* eslint-disable no-restricted-imports -- this test drives the route modules themselves */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appDb, createProfile, DATEDICHTBIJ, DATEVIBE, FLIRTLOKAAL } from '../../../tests/fixtures.ts'
import { runRoute, siteRequest, tenantFor } from '../../../tests/route-harness.ts'
import { loader as landerLoader } from '../../routes/_lander.landers.$name.($slug).tsx'
import { loader as memberLandingLoader } from '../../routes/_lander.members.$id.landing.tsx'
import { loader as memberLanding3Loader } from '../../routes/_lander.members.$id.landing3.($slug).tsx'
import { action as signupAction } from '../../routes/_default.signup.tsx'
import { loader as operatorLoader } from '../../routes/console.landers.tsx'
import { consoleArgs, signedInOperator } from '../../../tests/operators.ts'
import { activateAccount } from '../accounts/activation.server.ts'
import { issueToken } from '../auth/tokens.server.ts'
import { closeLimits } from '../limits/limiter.server.ts'
import type { Db } from '../db/client.server.ts'
import { withScope, type Scope } from '../db/scoped.server.ts'
import { buildAppContext } from '../tenancy/context.server.ts'
import { landerStats, pValue, variantFigures, zTest } from './stats.server.ts'
import { drawVariant } from './variants.ts'
import { formatReport } from './report.ts'

let db: Db
const profiles: Record<string, number[]> = { benelux: [], datevibe: [] }

beforeAll(async () => {
  db = appDb()
  for (let i = 0; i < 3; i++) profiles.benelux!.push(await createProfile(db, FLIRTLOKAAL, { name: `Benelux${i}`, city: 'Utrecht' }))
  for (let i = 0; i < 3; i++) profiles.datevibe!.push(await createProfile(db, DATEVIBE, { name: `Vibe${i}`, city: 'Leeds' }))
})
afterAll(async () => {
  await closeLimits()
  await db.$disconnect()
})

type Page = { html: string; title: string; lander: string; variant: string }

let ip = 0
async function visit(scope: Scope, path: string, init: { cookie?: string; userAgent?: string } = {}) {
  const request = await siteRequest(scope, path, { cookie: init.cookie, headers: { 'user-agent': init.userAgent ?? 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0' } })
  const context = await buildAppContext(request, await tenantFor(scope), { clientIp: `10.9.0.${++ip % 250}` })
  const url = new URL(request.url)
  const [, first, second, third, fourth] = url.pathname.split('/')
  try {
    return await runRoute(async () => {
      if (first === 'landers') return landerLoader({ request, context, params: { name: second, slug: third } })
      if (third === 'landing') return memberLandingLoader({ request, context, params: { id: second } })
      return memberLanding3Loader({ request, context, params: { id: second, slug: fourth } })
    })
  } finally {
    await context.endReads()
  }
}

/** The cookies a response sets, as a Cookie header (name=value; ...). */
function cookiesOf(headers: Headers, previous = ''): string {
  const jar = new Map(previous.split('; ').filter(Boolean).map((c) => [c.split('=')[0]!, c] as const))
  for (const c of headers.getSetCookie()) {
    const pair = c.split(';')[0]!
    jar.set(pair.split('=')[0]!, pair)
  }
  return [...jar.values()].join('; ')
}

async function stats(scope: Scope) {
  return landerStats(db, scope)
}

describe('which landers a site shows', () => {
  it('every lander a site lists renders with its pool’s members, in the site’s language and with its name', async () => {
    for (const scope of [FLIRTLOKAAL, DATEDICHTBIJ, DATEVIBE]) {
      const tenant = await tenantFor(scope)
      expect(tenant.landers.length).toBeGreaterThan(0)
      for (const name of tenant.landers) {
        const result = await visit(scope, `/landers/${name}`)
        expect(result.status, `${scope.tenantId} ${name}`).toBe(200)
        const page = result.body as Page
        const own = profiles[scope.poolId]!
        const other = profiles[scope.poolId === 'benelux' ? 'datevibe' : 'benelux']!
        expect(own.some((id) => page.html.includes(`data-member="${id}"`)), `${name} shows the pool's members`).toBe(true)
        for (const id of other) expect(page.html).not.toContain(`data-member="${id}"`)
        // An invite-only site (signups with a traffic source only) sends a visitor without one to the login.
        expect(page.html, name).toContain(tenant.signups === 'all' ? 'href="/signup"' : 'href="/login"')
        if (/\{\{site\}\}/.test(page.html)) throw new Error(`${name}: uninterpolated site name`)
      }
    }
    expect(((await visit(FLIRTLOKAAL, '/landers/adultonly/a')).body as Page).html).toContain('Alleen voor volwassenen')
    expect(((await visit(DATEVIBE, '/landers/video')).body as Page).html).toContain('A first look at DateVibe')
    expect(((await visit(FLIRTLOKAAL, '/landers/gallery/a?lng=en')).body as Page).title).toBe('The FlirtLokaal gallery')
  })

  it('a lander the site does not list, an unknown lander or slug, answers 404', async () => {
    expect((await visit(DATEVIBE, '/landers/adultonly')).status).toBe(404)
    expect((await visit(FLIRTLOKAAL, '/landers/video')).status).toBe(404)
    expect((await visit(FLIRTLOKAAL, '/landers/nosuchlander')).status).toBe(404)
    expect((await visit(FLIRTLOKAAL, '/landers/gallery/nosuchslug')).status).toBe(404)
    // Member landings are not landers of /landers/.
    expect((await visit(FLIRTLOKAAL, '/landers/memberlanding')).status).toBe(404)
  })

  it('the traffic source travels in every call to action', async () => {
    const page = (await visit(FLIRTLOKAAL, '/landers/tinderswipe?network=x&sub1=y&utm=z')).body as Page
    expect(page.html).toContain('href="/signup?network=x&amp;sub1=y"')
    expect(page.html).not.toContain('href="/signup"')
  })
})

describe('member landings', () => {
  it('feature a visible member of the site’s pool; another pool’s, hidden or unknown member is a 404', async () => {
    const [id] = profiles.benelux!
    const page = (await visit(DATEDICHTBIJ, `/members/${id}/landing`)).body as Page
    expect(page.html).toMatch(/<h1>(Benelux0 wil je leren kennen|Benelux0 is online)<\/h1>/)
    expect(page.html).toContain('Stuur Benelux0 een bericht')
    expect(page.html).toContain('DateDichtbij')
    const three = await visit(FLIRTLOKAAL, `/members/${id}/landing3/b`)
    expect((three.body as Page).html).toContain('Benelux0 heeft je een bericht gestuurd')
    expect((await visit(DATEVIBE, `/members/${id}/landing`)).status).toBe(404)
    const hidden = await createProfile(db, FLIRTLOKAAL, { invisible: true })
    expect((await visit(FLIRTLOKAAL, `/members/${hidden}/landing`)).status).toBe(404)
    expect((await visit(FLIRTLOKAAL, '/members/99999999/landing')).status).toBe(404)
    expect((await visit(FLIRTLOKAAL, '/members/abc/landing')).status).toBe(404)
    expect((await visit(FLIRTLOKAAL, `/members/${id}/landing3/zz`)).status).toBe(404)
  })
})

describe('A/B variants', () => {
  it('a slug shows its variant’s copy', async () => {
    expect(((await visit(FLIRTLOKAAL, '/landers/gallery/a')).body as Page).title).toBe('De galerij van FlirtLokaal')
    const b = (await visit(FLIRTLOKAAL, '/landers/gallery/b')).body as Page
    expect(b.variant).toBe('b')
    expect(b.title).toBe('Nieuw deze week')
  })

  it('draws by weight', () => {
    const variants = [{ id: 'a', weight: 1 }, { id: 'b', weight: 3 }, { id: 'c', weight: 0 }]
    expect(drawVariant(variants, 0).id).toBe('a')
    expect(drawVariant(variants, 0.24).id).toBe('a')
    expect(drawVariant(variants, 0.26).id).toBe('b')
    expect(drawVariant(variants, 0.999).id).toBe('b')
  })

  it('200 first visits split 50/50 within 40-60 %, a returning visitor keeps its variant and counts once', async () => {
    const visitsOf = async () => Object.fromEntries(variantFigures(await stats(DATEDICHTBIJ)).filter((f) => f.lander === 'alonetonight').map((f) => [f.variant, f.visits]))
    const before = { a: 0, b: 0, ...(await visitsOf()) }
    const seen = { a: 0, b: 0 } as Record<string, number>
    let cookie = ''
    for (let i = 0; i < 200; i++) {
      const result = await visit(DATEDICHTBIJ, '/landers/alonetonight')
      const page = result.body as Page
      seen[page.variant] = (seen[page.variant] ?? 0) + 1
      if (i === 0) cookie = cookiesOf(result.headers)
    }
    expect(seen.a! + seen.b!).toBe(200)
    expect(seen.a).toBeGreaterThanOrEqual(80)
    expect(seen.a).toBeLessThanOrEqual(120)
    const first = await visit(DATEDICHTBIJ, '/landers/alonetonight', { cookie })
    const kept = (first.body as Page).variant
    for (let i = 0; i < 5; i++) expect(((await visit(DATEDICHTBIJ, '/landers/alonetonight', { cookie })).body as Page).variant).toBe(kept)
    expect(await visitsOf()).toEqual({ a: before.a + seen.a!, b: before.b + seen.b! })
    // A crawler sees the page but is not counted.
    await visit(DATEDICHTBIJ, '/landers/alonetonight', { userAgent: 'Googlebot/2.1 (+http://www.google.com/bot.html)' })
    expect(await visitsOf()).toEqual({ a: before.a + seen.a!, b: before.b + seen.b! })
  })
})

describe('counting through signup and activation', () => {
  async function signUp(scope: Scope, query: string, cookie: string, email: string) {
    const body = new URLSearchParams({ step: '2', gender: 'man', sexuality: 'hetero', birthDate: '1990-01-01', ...(scope.poolId === 'benelux' ? { country: 'NL', region: 'UT' } : { country: 'GB', region: 'ENG' }), name: 'Lander Fan', email, password: 'a-long-password-1' })
    const request = await siteRequest(scope, `/signup${query}`, { method: 'POST', cookie, body, headers: { 'content-type': 'application/x-www-form-urlencoded' } })
    const context = await buildAppContext(request, await tenantFor(scope), { clientIp: `10.8.0.${++ip % 250}` })
    try {
      return await runRoute(async () => signupAction({ request, context, params: {} }))
    } finally {
      await context.endReads()
    }
  }

  it('a lander signup keeps network and sub1 in the account, and counts for its variant and source until activation', async () => {
    const landed = await visit(FLIRTLOKAAL, '/landers/iconslanding/b?network=x&sub1=y')
    expect(landed.status).toBe(200)
    const cookie = cookiesOf(landed.headers)
    expect(cookie).toMatch(/trk=/)
    expect(cookie).toMatch(/lnd=/)
    // The visitor follows the call to action: /signup?network=x&sub1=y, with the cookies.
    const email = 'lander-fan@example.test'
    const result = await signUp(FLIRTLOKAAL, '?network=x&sub1=y', cookie, email)
    expect(result.status).toBe(302)
    const user = await withScope(db, FLIRTLOKAAL, (tx) => tx.user.findFirstOrThrow({ where: { tenantId: 'flirtlokaal', email }, select: { id: true, tracking: true } }))
    expect(user.tracking).toEqual({ network: 'x', sub1: 'y', lander: 'iconslanding', variant: 'b' })
    // Earlier tests visited iconslanding without a source; this visitor is filed under 'x'.
    let rows = (await stats(FLIRTLOKAAL)).filter((r) => r.lander === 'iconslanding' && r.source === 'x')
    expect(rows).toEqual([{ lander: 'iconslanding', variant: 'b', source: 'x', visits: 1, signups: 1, activations: 0 }])

    const token = await withScope(db, FLIRTLOKAAL, (tx) => issueToken(tx, { ...FLIRTLOKAAL, userId: user.id, purpose: 'activation' }))
    expect(await activateAccount(db, FLIRTLOKAAL, token)).toMatchObject({ ok: true })
    rows = (await stats(FLIRTLOKAAL)).filter((r) => r.lander === 'iconslanding' && r.source === 'x')
    expect(rows[0]).toMatchObject({ signups: 1, activations: 1 })
  })

  it('a signup without a lander counts nowhere; a site never sees another site’s counts', async () => {
    const before = await stats(DATEVIBE)
    // datevibe takes signups with a traffic source only.
    const result = await signUp(DATEVIBE, '?ref=mail', '', 'plain@example.test')
    expect(result.status).toBe(302)
    expect(await stats(DATEVIBE)).toEqual(before)
    // Row-level security: flirtlokaal's rows are invisible from datevibe's scope, even by tenant id.
    const leaked = await withScope(db, DATEVIBE, (tx) => tx.landerStat.count({ where: { tenantId: 'flirtlokaal' } }))
    expect(leaked).toBe(0)
    expect(await withScope(db, FLIRTLOKAAL, (tx) => tx.landerStat.count())).toBeGreaterThan(0)
    await expect(withScope(db, DATEVIBE, (tx) => tx.landerStat.create({ data: { tenantId: 'flirtlokaal', lander: 'x', variant: 'a', source: '' } }))).rejects.toThrow()
  })
})

describe('/landers on the console host', () => {
  it('shows each site’s figures to operators of that site only, with translated labels', async () => {
    const open = async (path: string, cookie?: string) => runRoute(async () => operatorLoader(await consoleArgs(path, { cookie })))
    expect((await open('/landers')).status).toBe(302)
    const benelux = await signedInOperator(db, { role: 'marketer', pools: ['benelux'] })
    const vibe = await signedInOperator(db, { role: 'marketer', sites: ['datevibe'] })
    type Report = { site: string; labels: Record<string, string>; overall: { lander: string; variant: string; visits: number; signups: number }[]; bySource: { source: string }[] }
    const own = (await open('/landers?site=flirtlokaal', benelux.cookie)).body as Report
    expect(own.labels.title).toBe('Landers: bezoeken en aanmeldingen')
    expect(own.overall.find((f) => f.lander === 'iconslanding' && f.variant === 'b')?.signups).toBe(1)
    expect(own.bySource.map((s) => s.source)).toContain('x')
    // Asking for a site that is not theirs shows their own, never the other's.
    expect(['flirtlokaal', 'datedichtbij']).toContain(((await open('/landers?site=datevibe', benelux.cookie)).body as Report).site)
    const other = (await open('/landers?site=datevibe&lng=en', vibe.cookie)).body as Report
    expect(other.labels.title).toBe('Landers: visits and signups')
    expect(other.overall.every((f) => ['video', 'socialnetwork', 'transitionsvideolanding'].includes(f.lander))).toBe(true)
    // A chatter's role does not open it.
    const chatter = await signedInOperator(db, { role: 'chatter', pools: ['benelux'] })
    expect((await open('/landers', chatter.cookie)).status).toBe(403)
  })
})

describe('report figures', () => {
  it('conversion and a two-proportion z-test against the control', () => {
    const rows = [
      { lander: 'l', variant: 'a', source: '', visits: 1000, signups: 100, activations: 50 },
      { lander: 'l', variant: 'b', source: '', visits: 1000, signups: 130, activations: 60 },
      { lander: 'l', variant: 'b', source: 'x', visits: 0, signups: 0, activations: 0 },
    ]
    const [a, b] = variantFigures(rows)
    expect(a).toMatchObject({ variant: 'a', conversion: 0.1, z: null })
    expect(b!.conversion).toBeCloseTo(0.13)
    expect(b!.z).toBeCloseTo(2.1027, 3)
    expect(b!.p).toBeCloseTo(0.0355, 3)
    expect(zTest(0, 0, 10, 1)).toBeNull()
    expect(pValue(1.959964)).toBeCloseTo(0.05, 4)
    const text = formatReport('flirtlokaal', rows, { l: 'a' })
    expect(text).toMatch(/l\s+a\s+1000\s+100\s+50\s+10\.0%\s+control/)
    expect(text).toMatch(/l\s+b\s+1000\s+130\s+60\s+13\.0%\s+z=2\.10 p=0\.035 \*/)
    expect(text).toContain('source: x')
  })
})
