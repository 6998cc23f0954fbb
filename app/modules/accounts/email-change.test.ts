// E-mail change: password first, duplicates refused, the link goes to the new address and
// works once, before it expires, on its own site only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appDb, createMember, DATEDICHTBIJ, DATEVIBE, FLIRTLOKAAL } from '../../../tests/fixtures.ts'
import { THEMES, THEME_NAMES } from '../../../themes/index.ts'
import { hashPassword } from '../auth/password.server.ts'
import type { Db } from '../db/client.server.ts'
import { withScope, type Scope } from '../db/scoped.server.ts'
import type { MailContext } from '../mail/send.server.ts'
import { translatorFor } from '../tenancy/context.server.ts'
import { loadTenants } from '../tenancy/load-tenants.server.ts'
import { confirmEmailChange, requestEmailChange } from './email-change.server.ts'
import { maskEmail, sendEmailChangedNotice, sendPasswordChangedNotice } from './security-notice.server.ts'

const PASSWORD = 'correct horse battery'
const tenants = await loadTenants(THEME_NAMES)
let db: Db
let passwordHash: string

function mailContext(scope: Scope): MailContext {
  const tenant = tenants.find((t) => t.slug === scope.tenantId)!
  return { db, scope, tenant, theme: THEMES[tenant.theme]!, t: translatorFor(tenant.locales.default, tenant) }
}

async function member(scope: Scope, patch: { status?: 'not_confirmed' | 'active'; profileStatus?: 'disabled' | 'active' } = {}) {
  const m = await createMember(db, scope)
  await withScope(db, scope, async (tx) => {
    await tx.user.update({ where: { poolId_tenantId_id: { poolId: scope.poolId, tenantId: scope.tenantId, id: m.user.id } }, data: { passwordHash, status: patch.status ?? 'active' } })
    if (patch.profileStatus) await tx.profile.update({ where: { poolId_id: { poolId: scope.poolId, id: m.profile.id } }, data: { status: patch.profileStatus } })
  })
  return m
}

/** Requests a change and returns the raw token from the mailed link. */
async function requestToken(scope: Scope, userId: string, newEmail: string, now?: Date): Promise<string> {
  let link = ''
  const result = await requestEmailChange(mailContext(scope), {
    userId,
    newEmail,
    password: PASSWORD,
    now,
    linkFor: (token) => (link = `https://example.test/mail-change/do?token=${token}`),
  })
  expect(result).toEqual({ ok: true })
  return new URL(link).searchParams.get('token')!
}

const readUser = (scope: Scope, id: string) => withScope(db, scope, (tx) => tx.user.findUnique({ where: { poolId_tenantId_id: { poolId: scope.poolId, tenantId: scope.tenantId, id: id } }, include: { profile: true } }))
const outbox = (scope: Scope, to: string) => withScope(db, scope, (tx) => tx.outboxMail.findMany({ where: { to } }))

beforeAll(async () => {
  db = appDb()
  passwordHash = await hashPassword(PASSWORD)
})

afterAll(async () => {
  await db.$disconnect()
})

describe('requestEmailChange', () => {
  it('mails a confirmation link to the new address and changes nothing yet', async () => {
    const m = await member(FLIRTLOKAAL)
    const token = await requestToken(FLIRTLOKAAL, m.user.id, 'new.home@example.test')
    expect(token.length).toBeGreaterThan(20)
    const mails = await outbox(FLIRTLOKAAL, 'new.home@example.test')
    expect(mails).toHaveLength(1)
    expect(mails[0]!.subject).toContain('FlirtLokaal')
    expect(mails[0]!.text).toContain(`/mail-change/do?token=${token}`)
    expect(await outbox(FLIRTLOKAAL, m.user.email)).toHaveLength(0)
    expect((await readUser(FLIRTLOKAAL, m.user.id))!.email).toBe(m.user.email)
  })

  it('refuses a wrong password before saying anything about the address', async () => {
    const m = await member(FLIRTLOKAAL)
    const other = await member(FLIRTLOKAAL)
    const result = await requestEmailChange(mailContext(FLIRTLOKAAL), { userId: m.user.id, newEmail: other.user.email, password: 'wrong password', linkFor: (t) => t })
    expect(result).toEqual({ ok: false, field: 'password', error: 'settings:errors.currentPasswordWrong' })
  })

  it('refuses an address that has an account on this site, deleted ones included', async () => {
    const m = await member(FLIRTLOKAAL)
    const other = await member(FLIRTLOKAAL)
    const taken = await requestEmailChange(mailContext(FLIRTLOKAAL), { userId: m.user.id, newEmail: other.user.email, password: PASSWORD, linkFor: (t) => t })
    expect(taken).toEqual({ ok: false, field: 'newEmail', error: 'validation.emailTaken' })
    await withScope(db, FLIRTLOKAAL, (tx) => tx.user.update({ where: { poolId_tenantId_id: { poolId: FLIRTLOKAAL.poolId, tenantId: FLIRTLOKAAL.tenantId, id: other.user.id } }, data: { status: 'deleted', deletedAt: new Date() } }))
    const deleted = await requestEmailChange(mailContext(FLIRTLOKAAL), { userId: m.user.id, newEmail: other.user.email, password: PASSWORD, linkFor: (t) => t })
    expect(deleted).toEqual({ ok: false, field: 'newEmail', error: 'validation.emailTaken' })
  })

  it('refuses the current address', async () => {
    const m = await member(FLIRTLOKAAL)
    const result = await requestEmailChange(mailContext(FLIRTLOKAAL), { userId: m.user.id, newEmail: m.user.email, password: PASSWORD, linkFor: (t) => t })
    expect(result).toEqual({ ok: false, field: 'newEmail', error: 'settings:email.sameAsCurrent' })
  })

  it('allows an address that is used on another site, even in the same pool', async () => {
    const m = await member(FLIRTLOKAAL)
    const elsewhere = await member(DATEDICHTBIJ)
    await requestToken(FLIRTLOKAAL, m.user.id, elsewhere.user.email)
  })

  it('locks the password check after repeated wrong guesses', async () => {
    const m = await member(FLIRTLOKAAL)
    const attempt = (password: string) =>
      requestEmailChange(mailContext(FLIRTLOKAAL), { userId: m.user.id, newEmail: 'locked@example.test', password, linkFor: (t) => t })
    for (let i = 0; i < 4; i++) expect(await attempt('nope nope nope')).toMatchObject({ ok: false, error: 'settings:errors.currentPasswordWrong' })
    expect(await attempt('nope nope nope')).toMatchObject({ ok: false, field: 'password', error: 'locked', minutes: 10 })
    // Even the right password waits now.
    expect(await attempt(PASSWORD)).toMatchObject({ ok: false, error: 'locked' })
  })
})

describe('confirmEmailChange', () => {
  it('changes the address once; the link cannot be used again', async () => {
    const m = await member(FLIRTLOKAAL)
    const token = await requestToken(FLIRTLOKAAL, m.user.id, 'moved@example.test')
    expect(await confirmEmailChange(db, FLIRTLOKAAL, token)).toEqual({ ok: true, email: 'moved@example.test', previousEmail: m.user.email, name: m.profile.name })
    expect((await readUser(FLIRTLOKAAL, m.user.id))!.email).toBe('moved@example.test')
    expect(await confirmEmailChange(db, FLIRTLOKAAL, token)).toEqual({ ok: false, reason: 'used' })
  })

  it('confirms an unconfirmed account: the address is proven now', async () => {
    const m = await member(FLIRTLOKAAL, { status: 'not_confirmed', profileStatus: 'disabled' })
    const token = await requestToken(FLIRTLOKAAL, m.user.id, 'proven@example.test')
    expect(await confirmEmailChange(db, FLIRTLOKAAL, token)).toMatchObject({ ok: true })
    const user = await readUser(FLIRTLOKAAL, m.user.id)
    expect(user!.status).toBe('active')
    expect(user!.profile!.status).toBe('active')
  })

  it('refuses when the address was taken in the meantime, and leaves the account as it was', async () => {
    const m = await member(FLIRTLOKAAL)
    const token = await requestToken(FLIRTLOKAAL, m.user.id, 'contested@example.test')
    await withScope(db, FLIRTLOKAAL, (tx) => tx.user.create({ data: { poolId: 'benelux', tenantId: 'flirtlokaal', email: 'contested@example.test', status: 'active' } }))
    expect(await confirmEmailChange(db, FLIRTLOKAAL, token)).toEqual({ ok: false, reason: 'taken' })
    expect((await readUser(FLIRTLOKAAL, m.user.id))!.email).toBe(m.user.email)
  })

  it('refuses an expired link', async () => {
    const m = await member(FLIRTLOKAAL)
    const issued = new Date('2026-01-01T10:00:00Z')
    const token = await requestToken(FLIRTLOKAAL, m.user.id, 'late@example.test', issued)
    const dayLater = new Date(issued.getTime() + 24 * 3600_000 + 1000)
    expect(await confirmEmailChange(db, FLIRTLOKAAL, token, dayLater)).toEqual({ ok: false, reason: 'expired' })
    expect((await readUser(FLIRTLOKAAL, m.user.id))!.email).toBe(m.user.email)
  })

  it('only the newest link works', async () => {
    const m = await member(FLIRTLOKAAL)
    const first = await requestToken(FLIRTLOKAAL, m.user.id, 'first@example.test')
    const second = await requestToken(FLIRTLOKAAL, m.user.id, 'second@example.test')
    expect(await confirmEmailChange(db, FLIRTLOKAAL, first)).toEqual({ ok: false, reason: 'used' })
    expect(await confirmEmailChange(db, FLIRTLOKAAL, second)).toMatchObject({ ok: true, email: 'second@example.test' })
  })

  it('is worthless on another site, even in the same pool, and stays usable on its own', async () => {
    const m = await member(FLIRTLOKAAL)
    const token = await requestToken(FLIRTLOKAAL, m.user.id, 'portable@example.test')
    expect(await confirmEmailChange(db, DATEDICHTBIJ, token)).toEqual({ ok: false, reason: 'invalid' })
    expect(await confirmEmailChange(db, DATEVIBE, token)).toEqual({ ok: false, reason: 'invalid' })
    expect(await confirmEmailChange(db, FLIRTLOKAAL, token)).toMatchObject({ ok: true })
  })

  it('refuses garbage and tokens of another purpose', async () => {
    expect(await confirmEmailChange(db, FLIRTLOKAAL, '')).toEqual({ ok: false, reason: 'invalid' })
    expect(await confirmEmailChange(db, FLIRTLOKAAL, 'x'.repeat(500))).toEqual({ ok: false, reason: 'invalid' })
    const m = await member(FLIRTLOKAAL)
    const { issueToken } = await import('../auth/tokens.server.ts')
    const reset = await withScope(db, FLIRTLOKAAL, (tx) => issueToken(tx, { ...FLIRTLOKAAL, userId: m.user.id, purpose: 'password_reset' }))
    expect(await confirmEmailChange(db, FLIRTLOKAAL, reset)).toEqual({ ok: false, reason: 'invalid' })
  })
})

describe('security notices (issue #16)', () => {
  it('tells the old address that the e-mail address changed, with a masked new one and where to get help', async () => {
    const m = await member(FLIRTLOKAAL)
    const token = await requestToken(FLIRTLOKAAL, m.user.id, 'thief@example.test')
    const result = await confirmEmailChange(db, FLIRTLOKAAL, token)
    if (!result.ok) throw new Error('expected the change to go through')
    await sendEmailChangedNotice(mailContext(FLIRTLOKAAL), { ...result, newEmail: result.email, helpLink: 'https://flirtlokaal.nl/pages/service' })
    const [notice] = await outbox(FLIRTLOKAAL, m.user.email)
    expect(notice!.subject).toBe('Het e-mailadres van je account bij FlirtLokaal is gewijzigd')
    expect(notice!.text).toContain(maskEmail('thief@example.test'))
    expect(notice!.text).not.toContain('thief@example.test')
    expect(notice!.text).toContain(mailContext(FLIRTLOKAAL).tenant.supportEmail)
    expect(notice!.text).toContain('https://flirtlokaal.nl/pages/service')
  })

  it('tells the member their password changed, in the language of the site, with the way to a new one', async () => {
    const m = await member(DATEVIBE)
    await sendPasswordChangedNotice(mailContext(DATEVIBE), { userId: m.user.id, resetLink: 'https://datevibe.com/reset-password' })
    const [notice] = await outbox(DATEVIBE, m.user.email)
    expect(notice!.subject).toBe('Your DateVibe password was changed')
    expect(notice!.text).toContain('https://datevibe.com/reset-password')
    // Another site's member of the same id space gets nothing: the lookup is scoped.
    await sendPasswordChangedNotice(mailContext(FLIRTLOKAAL), { userId: m.user.id, resetLink: 'x' })
    expect(await outbox(FLIRTLOKAAL, m.user.email)).toHaveLength(0)
  })
})
