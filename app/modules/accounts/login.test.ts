// Login, lockout, logout and the JSON user: against real Postgres (and Redis when
// REDIS_URL is set). Every isolation rule is tried from another site.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { appDb, DATEDICHTBIJ, DATEVIBE, FLIRTLOKAAL } from '../../../tests/fixtures.ts'
import { hashPassword } from '../auth/password.server.ts'
import { createSession, loadMember, SESSION_COOKIE } from '../auth/session.server.ts'
import { deviceCookie } from '../auth/known-device.server.ts'
import { LIMIT_RULES } from '../limits/rules.ts'
import type { Db } from '../db/client.server.ts'
import { withScope, type Scope } from '../db/scoped.server.ts'
import { RESOURCES } from '../i18n/resources.ts'
import { logIn as logInAt, loginCookies, logOut, mainImageOf, saveLanguage, userJson, type LoginDeps, type LoginInput } from './login.server.ts'

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

/** A member with a password; random e-mails keep runs apart in a shared Redis. */
async function account(scope: Scope, options: { email?: string; status?: 'not_confirmed' | 'active' | 'deleted'; locale?: string } = {}) {
  const email = options.email ?? `login-${randomUUID()}@example.test`
  return withScope(db, scope, async (tx) => {
    const user = await tx.user.create({
      data: { poolId: scope.poolId, tenantId: scope.tenantId, email, passwordHash, status: options.status ?? 'active', locale: options.locale ?? null },
    })
    const profile = await tx.profile.create({
      data: { poolId: scope.poolId, tenantId: scope.tenantId, userId: user.id, name: `p${user.id.slice(0, 8)}`, gender: 'man', birthDate: new Date('1988-01-02'), country: 'NL', status: 'active' },
    })
    return { user, profile, email }
  })
}

const cookieFor = (raw: string) => `${SESSION_COOKIE}=${raw}`
const sessionsOf = (scope: Scope, userId: string) => withScope(db, scope, (tx) => tx.session.count({ where: { userId } }))
const MAX_FAILURES = LIMIT_RULES.login_account_ip.points
const LOCK_MINUTES = LIMIT_RULES.login_account_ip.block / 60

// Each test comes from an address of its own, so the per-IP limit of one test never
// counts another's attempts.
let ip = ''
beforeEach(() => {
  ip = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`
})
const logIn = (deps: LoginDeps, input: Omit<LoginInput, 'ip'> & { ip?: string }) => logInAt(deps, { ip, ...input })

describe('logIn', () => {
  it('creates a session row, rotates the old one and records the login', async () => {
    const { user, email } = await account(FLIRTLOKAAL)
    const old = await withScope(db, FLIRTLOKAAL, (tx) => createSession(tx, { ...FLIRTLOKAAL, userId: user.id }))
    const result = await logIn({ db, scope: FLIRTLOKAAL }, { email, password: PASSWORD, previousSessionId: old, userAgent: 'vitest' })
    expect(result).toMatchObject({ ok: true, userId: user.id })
    if (!result.ok) throw new Error('login failed')
    expect(result.sessionId).not.toBe(old)
    expect(await loadMember(db, FLIRTLOKAAL, cookieFor(old))).toBeNull()
    const member = await loadMember(db, FLIRTLOKAAL, cookieFor(result.sessionId))
    expect(member?.userId).toBe(user.id)
    expect(await sessionsOf(FLIRTLOKAAL, user.id)).toBe(1)
    const saved = await withScope(db, FLIRTLOKAAL, (tx) => tx.user.findUnique({ where: { poolId_tenantId_id: { poolId: FLIRTLOKAAL.poolId, tenantId: FLIRTLOKAAL.tenantId, id: user.id } } }))
    expect(saved?.lastLoginAt).toBeInstanceOf(Date)
  })

  it('accepts the e-mail in any case and with spaces around it', async () => {
    const { email } = await account(FLIRTLOKAAL)
    const result = await logIn({ db, scope: FLIRTLOKAAL }, { email: `  ${email.toUpperCase()} `, password: PASSWORD })
    expect(result.ok).toBe(true)
  })

  it('answers a wrong password, an unknown e-mail and a deleted account identically, without a session', async () => {
    const { user, email } = await account(FLIRTLOKAAL)
    const deleted = await account(FLIRTLOKAAL, { status: 'deleted' })
    const deps = { db, scope: FLIRTLOKAAL }
    const wrong = await logIn(deps, { email, password: 'not the password' })
    const unknown = await logIn(deps, { email: `nobody-${randomUUID()}@example.test`, password: PASSWORD })
    const gone = await logIn(deps, { email: deleted.email, password: PASSWORD })
    expect(wrong).toEqual({ ok: false, reason: 'failed' })
    expect(unknown).toEqual(wrong)
    expect(gone).toEqual(wrong)
    expect(await sessionsOf(FLIRTLOKAAL, user.id)).toBe(0)
    expect(await sessionsOf(FLIRTLOKAAL, deleted.user.id)).toBe(0)
  })

  it('the right password of an account deleted within 14 days explains reactivation; a wrong one or a later try says nothing', async () => {
    const deps = { db, scope: FLIRTLOKAAL }
    const now = new Date()
    const recent = await account(FLIRTLOKAAL, { status: 'deleted' })
    const old = await account(FLIRTLOKAAL, { status: 'deleted' })
    await withScope(db, FLIRTLOKAAL, async (tx) => {
      await tx.user.update({ where: { poolId_tenantId_id: { poolId: FLIRTLOKAAL.poolId, tenantId: FLIRTLOKAAL.tenantId, id: recent.user.id } }, data: { deletedAt: new Date(now.getTime() - 3 * 86_400_000) } })
      await tx.user.update({ where: { poolId_tenantId_id: { poolId: FLIRTLOKAAL.poolId, tenantId: FLIRTLOKAAL.tenantId, id: old.user.id } }, data: { deletedAt: new Date(now.getTime() - 15 * 86_400_000) } })
    })
    expect(await logIn(deps, { email: recent.email, password: PASSWORD, now })).toEqual({ ok: false, reason: 'deleted', until: new Date(now.getTime() + 11 * 86_400_000) })
    expect(await logIn(deps, { email: recent.email, password: 'not the password', now })).toEqual({ ok: false, reason: 'failed' })
    expect(await logIn(deps, { email: old.email, password: PASSWORD, now })).toEqual({ ok: false, reason: 'failed' })
    expect(await sessionsOf(FLIRTLOKAAL, recent.user.id)).toBe(0)
  })

  it('an account without a password cannot log in', async () => {
    const email = `nopass-${randomUUID()}@example.test`
    await withScope(db, FLIRTLOKAAL, (tx) => tx.user.create({ data: { poolId: FLIRTLOKAAL.poolId, tenantId: FLIRTLOKAAL.tenantId, email, status: 'active' } }))
    expect(await logIn({ db, scope: FLIRTLOKAAL }, { email, password: '' })).toEqual({ ok: false, reason: 'failed' })
  })

  it('an account of another site, even in the same pool, does not exist here', async () => {
    const { email } = await account(FLIRTLOKAAL)
    expect(await logIn({ db, scope: DATEDICHTBIJ }, { email, password: PASSWORD })).toEqual({ ok: false, reason: 'failed' })
    expect(await logIn({ db, scope: DATEVIBE }, { email, password: PASSWORD })).toEqual({ ok: false, reason: 'failed' })
  })

  it('the same e-mail on two sites logs into each site’s own account', async () => {
    const email = `twice-${randomUUID()}@example.test`
    const a = await account(FLIRTLOKAAL, { email })
    const b = await account(DATEVIBE, { email })
    const onA = await logIn({ db, scope: FLIRTLOKAAL }, { email, password: PASSWORD })
    const onB = await logIn({ db, scope: DATEVIBE }, { email, password: PASSWORD })
    expect(onA).toMatchObject({ ok: true, userId: a.user.id })
    expect(onB).toMatchObject({ ok: true, userId: b.user.id })
  })
})

describe('sessions across sites', () => {
  it('a session created on one site is not found on another', async () => {
    const { user, email } = await account(FLIRTLOKAAL)
    const result = await logIn({ db, scope: FLIRTLOKAAL }, { email, password: PASSWORD })
    if (!result.ok) throw new Error('login failed')
    expect((await loadMember(db, FLIRTLOKAAL, cookieFor(result.sessionId)))?.userId).toBe(user.id)
    expect(await loadMember(db, DATEDICHTBIJ, cookieFor(result.sessionId))).toBeNull()
    expect(await loadMember(db, DATEVIBE, cookieFor(result.sessionId))).toBeNull()
    // Nor can another site end it.
    await logOut(db, DATEDICHTBIJ, cookieFor(result.sessionId))
    expect(await sessionsOf(FLIRTLOKAAL, user.id)).toBe(1)
  })
})

describe('logOut', () => {
  it('deletes the session row and clears the cookie', async () => {
    const { user, email } = await account(FLIRTLOKAAL)
    const result = await logIn({ db, scope: FLIRTLOKAAL }, { email, password: PASSWORD })
    if (!result.ok) throw new Error('login failed')
    const clear = await logOut(db, FLIRTLOKAAL, `lng=nl; ${cookieFor(result.sessionId)}`)
    expect(clear).toMatch(/^sid=;.*Max-Age=0/)
    expect(await sessionsOf(FLIRTLOKAAL, user.id)).toBe(0)
    expect(await loadMember(db, FLIRTLOKAAL, cookieFor(result.sessionId))).toBeNull()
  })

  it('without a session cookie only clears the cookie', async () => {
    expect(await logOut(db, FLIRTLOKAAL, null)).toMatch(/^sid=;/)
    expect(await logOut(db, FLIRTLOKAAL, 'sid=garbage')).toMatch(/^sid=;/)
  })
})

describe('lockout (the configured store: Redis when REDIS_URL is set, else Postgres)', () => {
  it(`locks the account after ${MAX_FAILURES} failures from one IP, with the minutes, and then refuses even the right password`, async () => {
    const { user, email } = await account(FLIRTLOKAAL)
    const deps = { db, scope: FLIRTLOKAAL }
    for (let i = 1; i < MAX_FAILURES; i++) {
      expect(await logIn(deps, { email, password: `wrong ${i}` })).toEqual({ ok: false, reason: 'failed' })
    }
    expect(await logIn(deps, { email, password: 'wrong again' })).toMatchObject({ ok: false, reason: 'locked', minutes: LOCK_MINUTES })
    expect(await logIn(deps, { email, password: PASSWORD })).toMatchObject({ ok: false, reason: 'locked', minutes: LOCK_MINUTES })
    expect(await sessionsOf(FLIRTLOKAAL, user.id)).toBe(0)
  })

  it('a stranger’s lockout leaves the member in from another IP, and from their known device on the same IP', async () => {
    const { user, email } = await account(FLIRTLOKAAL)
    const deps = { db, scope: FLIRTLOKAAL }
    const first = await logIn(deps, { email, password: PASSWORD, ip: '192.0.2.1' })
    if (!first.ok) throw new Error('login failed')
    const device = deviceCookie({ tenantId: FLIRTLOKAAL.tenantId, userId: user.id, passwordHash: first.passwordHash }).split(';')[0]!
    for (let i = 0; i < MAX_FAILURES; i++) await logIn(deps, { email, password: 'wrong' })
    expect(await logIn(deps, { email, password: PASSWORD })).toMatchObject({ reason: 'locked' })
    expect((await logIn(deps, { email, password: PASSWORD, ip: '192.0.2.2' })).ok).toBe(true)
    expect((await logIn(deps, { email, password: PASSWORD, cookieHeader: `lng=nl; ${device}` })).ok).toBe(true)
    // A device cookie of another account, or a forged one, counts for nothing.
    const other = await account(FLIRTLOKAAL)
    const foreign = deviceCookie({ tenantId: FLIRTLOKAAL.tenantId, userId: other.user.id, passwordHash }).split(';')[0]!
    expect(await logIn(deps, { email, password: PASSWORD, cookieHeader: foreign })).toMatchObject({ reason: 'locked' })
    expect(await logIn(deps, { email, password: PASSWORD, cookieHeader: `kd=${user.id}.AAAAAAAAAAAAAAAA.${'A'.repeat(43)}` })).toMatchObject({ reason: 'locked' })
  })

  it('locks unknown e-mails the same way (no enumeration through the lockout)', async () => {
    const email = `ghost-${randomUUID()}@example.test`
    const deps = { db, scope: FLIRTLOKAAL }
    for (let i = 1; i < MAX_FAILURES; i++) await logIn(deps, { email, password: 'x' })
    expect(await logIn(deps, { email, password: 'x' })).toMatchObject({ ok: false, reason: 'locked', minutes: LOCK_MINUTES })
  })

  it('counts per site: a lock on one site leaves the same e-mail free on another', async () => {
    const email = `shared-${randomUUID()}@example.test`
    await account(FLIRTLOKAAL, { email })
    await account(DATEDICHTBIJ, { email })
    const flirt = { db, scope: FLIRTLOKAAL }
    for (let i = 0; i < MAX_FAILURES; i++) await logIn(flirt, { email, password: 'wrong' })
    expect(await logIn(flirt, { email, password: PASSWORD })).toMatchObject({ reason: 'locked' })
    expect(await logIn({ db, scope: DATEDICHTBIJ }, { email, password: PASSWORD })).toMatchObject({ ok: true })
  })

  it('a successful login forgets earlier failures', async () => {
    const { email } = await account(FLIRTLOKAAL)
    const deps = { db, scope: FLIRTLOKAAL }
    for (let i = 1; i < MAX_FAILURES; i++) await logIn(deps, { email, password: 'wrong' })
    expect((await logIn(deps, { email, password: PASSWORD })).ok).toBe(true)
    for (let i = 1; i < MAX_FAILURES; i++) {
      expect(await logIn(deps, { email, password: 'wrong' })).toEqual({ ok: false, reason: 'failed' })
    }
  })
})

describe('the JSON user', () => {
  it('carries the SPEC §3 fields and never a hash or session id', async () => {
    const { user, profile, email } = await account(FLIRTLOKAAL)
    const result = await logIn({ db, scope: FLIRTLOKAAL }, { email, password: PASSWORD })
    if (!result.ok) throw new Error('login failed')
    const member = await loadMember(db, FLIRTLOKAAL, cookieFor(result.sessionId))
    const json = userJson(member!, { fictionalIcon: '★', mainImage: await mainImageOf(db, FLIRTLOKAAL, profile.id) })
    expect(json).toEqual({
      id: user.id,
      email,
      status: 'active',
      credits: 0,
      paid_user: false,
      signup_date: user.signupDate.toISOString(),
      fictional_icon: '★',
      notifications_disabled: [],
      profile: { id: profile.id, name: profile.name, main_image: null },
    })
    expect(JSON.stringify(json)).not.toContain(result.sessionId)
    expect(JSON.stringify(json)).not.toContain('argon2')
    // The main image once there is one; the reasons e-mail is off.
    await withScope(db, FLIRTLOKAAL, async (tx) => {
      await tx.photo.create({ data: { poolId: FLIRTLOKAAL.poolId, profileId: profile.id, filename: `main${profile.id}.jpg`, thumbFilename: `main${profile.id}.thumb.jpg`, status: 'active', isMain: true } })
      await tx.user.update({ where: { poolId_tenantId_id: { poolId: FLIRTLOKAAL.poolId, tenantId: FLIRTLOKAAL.tenantId, id: user.id } }, data: { notificationsDisabled: ['bounce'] } })
    })
    const again = await loadMember(db, FLIRTLOKAAL, cookieFor(result.sessionId))
    expect(userJson(again!, { fictionalIcon: '★', mainImage: await mainImageOf(db, FLIRTLOKAAL, profile.id) })).toMatchObject({
      notifications_disabled: ['bounce'],
      profile: { main_image: { filename: `main${profile.id}.jpg`, thumb_filename: `main${profile.id}.thumb.jpg`, status: 'active' } },
    })
  })

  it('login cookies add the saved language when the site offers it', async () => {
    const result = { sessionId: 'a'.repeat(43), userId: randomUUID(), passwordHash }
    const withLocale = await loginCookies({ ...result, locale: 'en' }, ['nl', 'en'], FLIRTLOKAAL.tenantId)
    expect(withLocale).toHaveLength(4)
    expect(withLocale[1]).toMatch(/^kd=/)
    // The device of a member is not asked the 18+ question again (issue 22).
    expect(withLocale[2]).toMatch(/^entry_warning_seen=1;/)
    expect(withLocale[3]).toMatch(/^lng=/)
    expect(await loginCookies({ ...result, locale: 'pl' }, ['nl', 'en'], FLIRTLOKAAL.tenantId)).toHaveLength(3)
    expect(await loginCookies({ ...result, locale: null }, ['nl', 'en'], FLIRTLOKAAL.tenantId)).toHaveLength(3)
  })
})

describe('saveLanguage (PUT /api/user)', () => {
  it('saves an offered language and refuses any other', async () => {
    const { user } = await account(FLIRTLOKAAL)
    const offered = ['nl', 'en']
    expect(await saveLanguage(db, FLIRTLOKAAL, user.id, 'en', offered)).toBe(true)
    expect((await withScope(db, FLIRTLOKAAL, (tx) => tx.user.findUnique({ where: { poolId_tenantId_id: { poolId: FLIRTLOKAAL.poolId, tenantId: FLIRTLOKAAL.tenantId, id: user.id } } })))?.locale).toBe('en')
    expect(await saveLanguage(db, FLIRTLOKAAL, user.id, 'de', offered)).toBe(false)
    expect(await saveLanguage(db, FLIRTLOKAAL, user.id, 'xx', offered)).toBe(false)
    expect(await saveLanguage(db, FLIRTLOKAAL, user.id, '', offered)).toBe(false)
    expect((await withScope(db, FLIRTLOKAAL, (tx) => tx.user.findUnique({ where: { poolId_tenantId_id: { poolId: FLIRTLOKAAL.poolId, tenantId: FLIRTLOKAAL.tenantId, id: user.id } } })))?.locale).toBe('en')
  })

  it('cannot change an account of another site', async () => {
    const { user } = await account(DATEVIBE)
    await expect(saveLanguage(db, FLIRTLOKAAL, user.id, 'en', ['nl', 'en'])).rejects.toThrow()
    expect((await withScope(db, DATEVIBE, (tx) => tx.user.findUnique({ where: { poolId_tenantId_id: { poolId: DATEVIBE.poolId, tenantId: DATEVIBE.tenantId, id: user.id } } })))?.locale).toBeNull()
  })
})

describe('SPEC §8 texts', () => {
  it('are verbatim in Dutch, and translated in English', () => {
    const nl = RESOURCES.nl.account as { login: { failed: string; locked: string } }
    const en = RESOURCES.en.account as { login: { failed: string; locked: string } }
    expect(nl.login.failed).toBe('Login mislukt, probeer opnieuw')
    expect(nl.login.locked).toBe('Te veel foute pogingen, account voor {{minutes}} min geblokkeerd.')
    expect(en.login.failed).toBe('Login failed, please try again')
    expect(en.login.locked).toBe('Too many failed attempts, account blocked for {{minutes}} min.')
  })
})
