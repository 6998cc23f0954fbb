// Password reset by mail: the link is single use, expires, belongs to one site, and a reset
// ends every session. Mails land in the outbox (no SMTP_URL in this file).
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { appDb, DATEDICHTBIJ, DATEVIBE, FLIRTLOKAAL } from '../../../tests/fixtures.ts'
import { THEME_NAMES, THEMES } from '../../../themes/index.ts'
import { hashPassword } from '../auth/password.server.ts'
import { createSession, loadMember, SESSION_COOKIE } from '../auth/session.server.ts'
import { LIMIT_RULES } from '../limits/rules.ts'
import { issueToken, TOKEN_TTL_MS } from '../auth/tokens.server.ts'
import type { Db } from '../db/client.server.ts'
import { withScope, type Scope } from '../db/scoped.server.ts'
import type { MailContext } from '../mail/send.server.ts'
import { translatorFor } from '../tenancy/context.server.ts'
import { loadTenants } from '../tenancy/load-tenants.server.ts'
import { logIn } from './login.server.ts'
import { MAX_RESETS_PER_WINDOW, queuePasswordReset, RESET_WINDOW_MS, requestPasswordReset, resetPassword, resetTokenUsable, runPasswordResetJob, type PasswordResetJob } from './password-reset.server.ts'

vi.stubEnv('SMTP_URL', '')

const OLD_PASSWORD = 'old password 123'
const NEW_PASSWORD = 'brand new secret 456'
const tenants = await loadTenants(THEME_NAMES)
let db: Db

beforeAll(async () => {
  db = appDb()
})

afterAll(async () => {
  await db.$disconnect()
  vi.unstubAllEnvs()
})

function mailContext(scope: Scope): MailContext {
  const tenant = tenants.find((t) => t.slug === scope.tenantId)!
  return { db, scope, tenant, theme: THEMES[tenant.theme]!, t: translatorFor(tenant.locales.default, tenant) }
}

async function account(scope: Scope, options: { status?: 'not_confirmed' | 'active' | 'deleted'; name?: string | null } = {}) {
  const email = `reset-${randomUUID()}@example.test`
  const passwordHash = await hashPassword(OLD_PASSWORD)
  return withScope(db, scope, async (tx) => {
    const user = await tx.user.create({ data: { poolId: scope.poolId, tenantId: scope.tenantId, email, passwordHash, status: options.status ?? 'active' } })
    const profile =
      options.name === null
        ? null
        : await tx.profile.create({
            data: {
              poolId: scope.poolId, tenantId: scope.tenantId, userId: user.id, name: options.name ?? 'Resetter', gender: 'woman',
              birthDate: new Date('1992-03-04'), country: 'NL', status: options.status === 'not_confirmed' ? 'disabled' : 'active',
            },
          })
    return { user, profile, email }
  })
}

const mailsTo = (scope: Scope, to: string) => withScope(db, scope, (tx) => tx.outboxMail.findMany({ where: { to }, orderBy: { createdAt: 'asc' } }))
const linkFor = (raw: string) => `http://flirtlokaal.localhost/reset-password/do?token=${encodeURIComponent(raw)}`
const tokenIn = (text: string) => decodeURIComponent(/reset-password\/do\?token=([^\s]+)/.exec(text)![1]!)
const sessionsOf = (scope: Scope, userId: string) => withScope(db, scope, (tx) => tx.session.count({ where: { userId } }))
const resetToken = (scope: Scope, userId: string, now?: Date) =>
  withScope(db, scope, (tx) => issueToken(tx, { ...scope, userId, purpose: 'password_reset', now }))

describe('the request screen queues the same work for every address', () => {
  const jobsFor = async (email: string) =>
    db.$queryRaw<{ data: PasswordResetJob }[]>`SELECT data FROM pgboss.job WHERE name = 'password-reset' AND data->>'email' = ${email}`
  const tokensOf = (userId: string) => withScope(db, FLIRTLOKAAL, (tx) => tx.token.count({ where: { userId, purpose: 'password_reset' } }))

  it('known and unknown addresses: one job each, nothing looked up or sent while the member waits', async () => {
    const known = await account(FLIRTLOKAAL)
    const unknown = `nobody-${randomUUID()}@example.test`
    for (const email of [known.email.toUpperCase(), unknown]) {
      await queuePasswordReset(db, FLIRTLOKAAL, { email, origin: 'http://flirtlokaal.localhost', locale: 'nl' })
    }
    expect(await jobsFor(known.email)).toHaveLength(1)
    expect(await jobsFor(unknown)).toHaveLength(1)
    // The request itself issued no token and wrote no mail: both are the job's.
    expect(await tokensOf(known.user.id)).toBe(0)
    expect(await mailsTo(FLIRTLOKAAL, known.email)).toHaveLength(0)

    const [job] = await jobsFor(known.email)
    expect(await runPasswordResetJob(db, tenants, job!.data)).toBe('sent')
    const [mail] = await mailsTo(FLIRTLOKAAL, known.email)
    expect(mail?.text).toContain('http://flirtlokaal.localhost/reset-password/do?token=')
    const [none] = await jobsFor(unknown)
    expect(await runPasswordResetJob(db, tenants, none!.data)).toBe('unknown')
    expect(await mailsTo(FLIRTLOKAAL, unknown)).toHaveLength(0)
  })
})

describe('requestPasswordReset', () => {
  it('mails a link on this site’s host, in the site’s language, with the profile name', async () => {
    const { email } = await account(FLIRTLOKAAL, { name: 'Marieke' })
    expect(await requestPasswordReset(mailContext(FLIRTLOKAAL), { email: email.toUpperCase(), linkFor })).toBe('sent')
    const [mail, ...rest] = await mailsTo(FLIRTLOKAAL, email)
    expect(rest).toEqual([])
    expect(mail!.subject).toBe('Nieuw wachtwoord instellen voor FlirtLokaal')
    expect(mail!.text).toContain('Hoi Marieke,')
    expect(mail!.text).toContain('http://flirtlokaal.localhost/reset-password/do?token=')
    expect(await resetTokenUsable(db, FLIRTLOKAAL, tokenIn(mail!.text))).toBe(true)
  })

  it('greets by e-mail address when there is no profile', async () => {
    const { email } = await account(FLIRTLOKAAL, { name: null })
    await requestPasswordReset(mailContext(FLIRTLOKAAL), { email, linkFor })
    expect((await mailsTo(FLIRTLOKAAL, email))[0]!.text).toContain(`Hoi ${email},`)
  })

  it('sends nothing for an unknown address, a deleted account or another site’s account', async () => {
    const unknown = `nobody-${randomUUID()}@example.test`
    expect(await requestPasswordReset(mailContext(FLIRTLOKAAL), { email: unknown, linkFor })).toBe('unknown')
    expect(await mailsTo(FLIRTLOKAAL, unknown)).toEqual([])
    const deleted = await account(FLIRTLOKAAL, { status: 'deleted' })
    expect(await requestPasswordReset(mailContext(FLIRTLOKAAL), { email: deleted.email, linkFor })).toBe('unknown')
    expect(await mailsTo(FLIRTLOKAAL, deleted.email)).toEqual([])
    const elsewhere = await account(DATEVIBE)
    expect(await requestPasswordReset(mailContext(FLIRTLOKAAL), { email: elsewhere.email, linkFor })).toBe('unknown')
    expect(await mailsTo(FLIRTLOKAAL, elsewhere.email)).toEqual([])
    expect(await mailsTo(DATEVIBE, elsewhere.email)).toEqual([])
  })

  it(`sends at most ${MAX_RESETS_PER_WINDOW} links an hour per account, silently`, async () => {
    const { email } = await account(FLIRTLOKAAL)
    const start = new Date()
    for (let i = 0; i < MAX_RESETS_PER_WINDOW; i++) {
      expect(await requestPasswordReset(mailContext(FLIRTLOKAAL), { email, linkFor, now: new Date(start.getTime() + i * 1000) })).toBe('sent')
    }
    expect(await requestPasswordReset(mailContext(FLIRTLOKAAL), { email, linkFor, now: new Date(start.getTime() + 60_000) })).toBe('throttled')
    expect(await mailsTo(FLIRTLOKAAL, email)).toHaveLength(MAX_RESETS_PER_WINDOW)
    const nextHour = new Date(start.getTime() + RESET_WINDOW_MS + 60_000)
    expect(await requestPasswordReset(mailContext(FLIRTLOKAAL), { email, linkFor, now: nextHour })).toBe('sent')
  })

  it('a newer link replaces the older one', async () => {
    const { email } = await account(FLIRTLOKAAL)
    await requestPasswordReset(mailContext(FLIRTLOKAAL), { email, linkFor })
    await requestPasswordReset(mailContext(FLIRTLOKAAL), { email, linkFor })
    const [first, second] = await mailsTo(FLIRTLOKAAL, email)
    expect(await resetTokenUsable(db, FLIRTLOKAAL, tokenIn(first!.text))).toBe(false)
    expect(await resetTokenUsable(db, FLIRTLOKAAL, tokenIn(second!.text))).toBe(true)
  })
})

describe('resetPassword', () => {
  it('sets the new password, ends every session and logs in with a fresh one', async () => {
    const { user, email } = await account(FLIRTLOKAAL)
    const [phone, laptop] = await withScope(db, FLIRTLOKAAL, async (tx) => [
      await createSession(tx, { ...FLIRTLOKAAL, userId: user.id }),
      await createSession(tx, { ...FLIRTLOKAAL, userId: user.id }),
    ])
    const token = await resetToken(FLIRTLOKAAL, user.id)
    const result = await resetPassword({ db, scope: FLIRTLOKAAL }, { token, password: NEW_PASSWORD })
    expect(result).toMatchObject({ ok: true, userId: user.id })
    if (!result.ok) throw new Error('reset failed')
    expect(await loadMember(db, FLIRTLOKAAL, `${SESSION_COOKIE}=${phone}`)).toBeNull()
    expect(await loadMember(db, FLIRTLOKAAL, `${SESSION_COOKIE}=${laptop}`)).toBeNull()
    expect((await loadMember(db, FLIRTLOKAAL, `${SESSION_COOKIE}=${result.sessionId}`))?.userId).toBe(user.id)
    expect(await sessionsOf(FLIRTLOKAAL, user.id)).toBe(1)
    expect(await logIn({ db, scope: FLIRTLOKAAL }, { email, password: OLD_PASSWORD, ip: '10.1.0.1' })).toEqual({ ok: false, reason: 'failed' })
    expect((await logIn({ db, scope: FLIRTLOKAAL }, { email, password: NEW_PASSWORD, ip: '10.1.0.1' })).ok).toBe(true)
  })

  it('works once: the second use of the link is refused and changes nothing', async () => {
    const { user, email } = await account(FLIRTLOKAAL)
    const token = await resetToken(FLIRTLOKAAL, user.id)
    expect((await resetPassword({ db, scope: FLIRTLOKAAL }, { token, password: NEW_PASSWORD })).ok).toBe(true)
    expect(await resetTokenUsable(db, FLIRTLOKAAL, token)).toBe(false)
    expect(await resetPassword({ db, scope: FLIRTLOKAAL }, { token, password: 'a third password' })).toEqual({ ok: false, reason: 'used' })
    expect((await logIn({ db, scope: FLIRTLOKAAL }, { email, password: NEW_PASSWORD, ip: '10.1.0.2' })).ok).toBe(true)
  })

  it('expires', async () => {
    const { user } = await account(FLIRTLOKAAL)
    const issued = new Date()
    const token = await resetToken(FLIRTLOKAAL, user.id, issued)
    const late = new Date(issued.getTime() + TOKEN_TTL_MS.password_reset + 1)
    expect(await resetTokenUsable(db, FLIRTLOKAAL, token, late)).toBe(false)
    expect(await resetPassword({ db, scope: FLIRTLOKAAL }, { token, password: NEW_PASSWORD, now: late })).toEqual({ ok: false, reason: 'expired' })
    const justInTime = new Date(issued.getTime() + TOKEN_TTL_MS.password_reset - 1000)
    expect((await resetPassword({ db, scope: FLIRTLOKAAL }, { token, password: NEW_PASSWORD, now: justInTime })).ok).toBe(true)
  })

  it('refuses another site’s token, which stays usable on its own site', async () => {
    const { user } = await account(FLIRTLOKAAL)
    const token = await resetToken(FLIRTLOKAAL, user.id)
    expect(await resetTokenUsable(db, DATEDICHTBIJ, token)).toBe(false)
    expect(await resetPassword({ db, scope: DATEDICHTBIJ }, { token, password: NEW_PASSWORD })).toEqual({ ok: false, reason: 'invalid' })
    expect(await resetPassword({ db, scope: DATEVIBE }, { token, password: NEW_PASSWORD })).toEqual({ ok: false, reason: 'invalid' })
    expect(await resetTokenUsable(db, FLIRTLOKAAL, token)).toBe(true)
  })

  it('refuses a token of another purpose, garbage, and an account deleted after the mail', async () => {
    const { user } = await account(FLIRTLOKAAL)
    const activation = await withScope(db, FLIRTLOKAAL, (tx) => issueToken(tx, { ...FLIRTLOKAAL, userId: user.id, purpose: 'activation' }))
    expect(await resetTokenUsable(db, FLIRTLOKAAL, activation)).toBe(false)
    expect(await resetPassword({ db, scope: FLIRTLOKAAL }, { token: activation, password: NEW_PASSWORD })).toEqual({ ok: false, reason: 'invalid' })
    expect(await resetPassword({ db, scope: FLIRTLOKAAL }, { token: 'x'.repeat(500), password: NEW_PASSWORD })).toEqual({ ok: false, reason: 'invalid' })
    expect(await resetTokenUsable(db, FLIRTLOKAAL, null)).toBe(false)
    const token = await resetToken(FLIRTLOKAAL, user.id)
    await withScope(db, FLIRTLOKAAL, (tx) => tx.user.update({ where: { poolId_tenantId_id: { poolId: FLIRTLOKAAL.poolId, tenantId: FLIRTLOKAAL.tenantId, id: user.id } }, data: { status: 'deleted', deletedAt: new Date() } }))
    expect(await resetPassword({ db, scope: FLIRTLOKAAL }, { token, password: NEW_PASSWORD })).toEqual({ ok: false, reason: 'invalid' })
  })

  it('activates a not_confirmed account: following the mailed link proves the address', async () => {
    const { user } = await account(FLIRTLOKAAL, { status: 'not_confirmed' })
    const token = await resetToken(FLIRTLOKAAL, user.id)
    expect((await resetPassword({ db, scope: FLIRTLOKAAL }, { token, password: NEW_PASSWORD })).ok).toBe(true)
    const saved = await withScope(db, FLIRTLOKAAL, (tx) => tx.user.findUnique({ where: { poolId_tenantId_id: { poolId: FLIRTLOKAAL.poolId, tenantId: FLIRTLOKAAL.tenantId, id: user.id } }, include: { profile: true } }))
    expect(saved?.status).toBe('active')
    expect(saved?.profile?.status).toBe('active')
  })

  it('lifts a login lockout of the account', async () => {
    const { user, email } = await account(FLIRTLOKAAL)
    const ip = '10.1.0.3'
    for (let i = 0; i < LIMIT_RULES.login_account_ip.points; i++) await logIn({ db, scope: FLIRTLOKAAL }, { email, password: 'wrong', ip })
    expect(await logIn({ db, scope: FLIRTLOKAAL }, { email, password: NEW_PASSWORD, ip })).toMatchObject({ reason: 'locked' })
    const token = await resetToken(FLIRTLOKAAL, user.id)
    expect((await resetPassword({ db, scope: FLIRTLOKAAL }, { token, password: NEW_PASSWORD, ip })).ok).toBe(true)
    expect((await logIn({ db, scope: FLIRTLOKAAL }, { email, password: NEW_PASSWORD, ip })).ok).toBe(true)
  })
})
