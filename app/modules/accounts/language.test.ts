// The language chosen in the menu (/lang-config, with or without JavaScript) or through
// PUT /api/user(.php) is saved to a member's account and comes back at the next login, on
// any browser. Visitors only get the cookie; other sites' accounts are never touched.
/* eslint-disable no-restricted-imports -- this test drives the route modules themselves */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appDb, DATEDICHTBIJ, DATEVIBE, FLIRTLOKAAL } from '../../../tests/fixtures.ts'
import { contextFor, runRoute, siteRequest } from '../../../tests/route-harness.ts'
import { action as langConfigAction } from '../../routes/_default.lang-config.tsx'
import { action as loginAction } from '../../routes/_default.login.tsx'
import { action as userPhpAction } from '../../routes/api.user[.php].ts'
import { hashPassword } from '../auth/password.server.ts'
import { createSession, SESSION_COOKIE } from '../auth/session.server.ts'
import type { Db } from '../db/client.server.ts'
import { withScope, type Scope } from '../db/scoped.server.ts'
import { localeCookie } from '../i18n/locale.server.ts'

const PASSWORD = 'correct horse battery'
let db: Db
let passwordHash: string

beforeAll(async () => {
  db = appDb()
  passwordHash = await hashPassword(PASSWORD)
})

afterAll(async () => {
  await db.$disconnect()
})

/** A member with a password and a session; `email` lets two sites hold the same address. */
async function member(scope: Scope, email = `lang-${randomUUID()}@example.test`) {
  const user = await withScope(db, scope, async (tx) => {
    const created = await tx.user.create({ data: { poolId: scope.poolId, tenantId: scope.tenantId, email, passwordHash, status: 'active' } })
    await tx.profile.create({
      data: { poolId: scope.poolId, tenantId: scope.tenantId, userId: created.id, name: `L${created.id.slice(0, 6)}`, gender: 'man', birthDate: new Date('1988-01-02'), country: 'NL', status: 'active' },
    })
    return created
  })
  const sid = await withScope(db, scope, (tx) => createSession(tx, { ...scope, userId: user.id }))
  return { email, userId: user.id, cookie: `${SESSION_COOKIE}=${sid}` }
}

const savedLocale = (scope: Scope, userId: string) => withScope(db, scope, async (tx) => (await tx.user.findUnique({ where: { poolId_tenantId_id: { poolId: scope.poolId, tenantId: scope.tenantId, id: userId } } }))?.locale ?? null)

/** The language a response's Set-Cookie headers leave in the browser (undefined: none set). */
async function lngCookie(headers: Headers): Promise<unknown> {
  const cookie = headers.getSetCookie().filter((c) => c.startsWith('lng=')).at(-1)
  return cookie ? localeCookie.parse(cookie.split(';')[0]!) : undefined
}

/** What a browser sends back after being given the locale cookie for `locale`. */
const browserCookie = async (locale: string) => (await localeCookie.serialize(locale)).split(';')[0]!

async function chooseInMenu(scope: Scope, locale: string, cookie?: string) {
  const request = await siteRequest(scope, '/lang-config', { method: 'POST', cookie, body: new URLSearchParams({ locale, redirectTo: '/members?page=2' }) })
  return runRoute(async () => langConfigAction({ request, context: await contextFor(scope, request), params: {} }))
}

async function putLanguage(scope: Scope, body: string, cookie?: string, contentType = 'application/json') {
  const request = await siteRequest(scope, '/api/user.php', { method: 'PUT', cookie, body, headers: { 'Content-Type': contentType } })
  return runRoute(async () => userPhpAction({ request, context: await contextFor(scope, request), params: {} }))
}

async function logInWithForm(scope: Scope, email: string, browserCookie: string) {
  const request = await siteRequest(scope, '/login', { method: 'POST', cookie: browserCookie, body: new URLSearchParams({ email, password: PASSWORD }) })
  return runRoute(async () => loginAction({ request, context: await contextFor(scope, request), params: {} }))
}

describe('the language menu (/lang-config)', () => {
  it('saves a member’s choice, which the next login restores in a browser that chose otherwise', async () => {
    const anna = await member(FLIRTLOKAAL)
    const chosen = await chooseInMenu(FLIRTLOKAAL, 'en', anna.cookie)
    expect(chosen.status).toBe(302)
    expect(chosen.headers.get('Location')).toBe('/members?page=2')
    expect(await lngCookie(chosen.headers)).toBe('en')
    expect(await savedLocale(FLIRTLOKAAL, anna.userId)).toBe('en')

    // Another browser, still Dutch: logging in brings her English back.
    const login = await logInWithForm(FLIRTLOKAAL, anna.email, await browserCookie('nl'))
    expect(login.status).toBe(302)
    expect(await lngCookie(login.headers)).toBe('en')
    const next = await siteRequest(FLIRTLOKAAL, '/members', { cookie: await browserCookie('en') })
    expect((await contextFor(FLIRTLOKAAL, next)).locale).toBe('en')

    // And back to Dutch the same way.
    await chooseInMenu(FLIRTLOKAAL, 'nl', anna.cookie)
    expect(await savedLocale(FLIRTLOKAAL, anna.userId)).toBe('nl')
    expect(await lngCookie((await logInWithForm(FLIRTLOKAAL, anna.email, '')).headers)).toBe('nl')
  })

  it('gives a visitor the cookie only', async () => {
    const chosen = await chooseInMenu(DATEDICHTBIJ, 'en')
    expect(chosen.status).toBe(302)
    expect(await lngCookie(chosen.headers)).toBe('en')
  })

  it('refuses a language the site does not offer and saves nothing', async () => {
    const bea = await member(FLIRTLOKAAL)
    for (const locale of ['pl', 'xx', '', 'en\u0000']) {
      const refused = await chooseInMenu(FLIRTLOKAAL, locale, bea.cookie)
      expect(refused.status, locale).toBe(400)
      expect(await lngCookie(refused.headers)).toBeUndefined()
    }
    // DateVibe offers English only.
    const vera = await member(DATEVIBE)
    expect((await chooseInMenu(DATEVIBE, 'nl', vera.cookie)).status).toBe(400)
    expect(await savedLocale(FLIRTLOKAAL, bea.userId)).toBeNull()
    expect(await savedLocale(DATEVIBE, vera.userId)).toBeNull()
  })

  it('changes only this site’s account, even for the same address on a sister site', async () => {
    const email = `twin-${randomUUID()}@example.test`
    const here = await member(FLIRTLOKAAL, email)
    const there = await member(DATEDICHTBIJ, email)
    await chooseInMenu(FLIRTLOKAAL, 'en', here.cookie)
    expect(await savedLocale(FLIRTLOKAAL, here.userId)).toBe('en')
    expect(await savedLocale(DATEDICHTBIJ, there.userId)).toBeNull()
    // A FlirtLokaal session means nothing on DateDichtbij: a visitor's choice, nothing saved.
    expect((await chooseInMenu(DATEDICHTBIJ, 'en', here.cookie)).status).toBe(302)
    expect(await savedLocale(DATEDICHTBIJ, there.userId)).toBeNull()
  })
})

describe('PUT /api/user.php (SPEC §7, body language)', () => {
  it('saves the language of the logged-in member and sets the cookie', async () => {
    const carl = await member(DATEDICHTBIJ)
    const saved = await putLanguage(DATEDICHTBIJ, JSON.stringify({ language: 'en' }), carl.cookie)
    expect(saved.status).toBe(200)
    expect(saved.body).toEqual({ ok: true, language: 'en' })
    expect(await lngCookie(saved.headers)).toBe('en')
    expect(await savedLocale(DATEDICHTBIJ, carl.userId)).toBe('en')
  })

  it('answers 403 to a visitor, 400 to a language not offered, 415 to a non-JSON body', async () => {
    expect((await putLanguage(FLIRTLOKAAL, JSON.stringify({ language: 'en' }))).status).toBe(403)
    const dora = await member(FLIRTLOKAAL)
    const refused = await putLanguage(FLIRTLOKAAL, JSON.stringify({ language: 'pl' }), dora.cookie)
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({ error: 'invalid_language', offered: ['nl', 'en'] })
    expect((await putLanguage(FLIRTLOKAAL, 'language=en', dora.cookie, 'application/x-www-form-urlencoded')).status).toBe(415)
    expect((await putLanguage(FLIRTLOKAAL, '{"language":', dora.cookie)).status).toBe(400)
    expect(await savedLocale(FLIRTLOKAAL, dora.userId)).toBeNull()
  })
})
