// Following the activation link: single use, expiring, and valid on its own site only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appDb, createMember, DATEDICHTBIJ, DATEVIBE, FLIRTLOKAAL } from '../../../tests/fixtures.ts'
import { THEME_NAMES, THEMES } from '../../../themes/index.ts'
import { TOKEN_TTL_MS } from '../auth/tokens.server.ts'
import type { Db } from '../db/client.server.ts'
import { withScope, type Scope } from '../db/scoped.server.ts'
import { loadTenants } from '../tenancy/load-tenants.server.ts'
import { translatorFor } from '../tenancy/context.server.ts'
import { countUnreadMessages } from '../chat/conversations.server.ts'
import { sendMessage } from '../chat/send.server.ts'
import { subscribeMemberEvents, type MemberEvent } from '../realtime/member-events.server.ts'
import { activateAccount, RESEND_INTERVAL_MS, resendActivation, type LinkDeps } from './activation.server.ts'
import { createAccount } from './signup.server.ts'

let db: Db
const tenants = await loadTenants(THEME_NAMES)

function deps(scope: Scope, now?: Date): LinkDeps {
  const site = tenants.find((t) => t.slug === scope.tenantId)!
  return { db, scope, tenant: site, theme: THEMES[site.theme]!, t: translatorFor(site.locales.default, site), link: (p) => `http://${site.slug}.localhost${p}`, now }
}

let n = 0
/** Signs up on `scope` and returns the raw token from the activation mail in its outbox. */
async function signUp(scope: Scope, now = new Date()) {
  n += 1
  const email = `activate${n}@example.test`
  const benelux = scope.poolId === 'benelux'
  const result = await createAccount(deps(scope, now), {
    gender: 'man',
    sexuality: 'bi',
    birthDate: new Date('1985-01-31T00:00:00Z'),
    country: benelux ? 'BE' : 'GB',
    region: benelux ? 'VAN' : 'SCT',
    name: `Activator${n}`,
    email,
    password: 'a long enough password',
    tracking: { network: 'test' },
    locale: benelux ? 'nl' : 'en',
  })
  if (!result.ok) throw new Error(`signup failed: ${result.reason}`)
  return { userId: result.userId, email, token: await lastToken(scope, email) }
}

async function lastToken(scope: Scope, email: string): Promise<string> {
  const mail = await withScope(db, scope, (tx) => tx.outboxMail.findFirstOrThrow({ where: { to: email }, orderBy: { createdAt: 'desc' } }))
  const match = /\/activate\?token=([A-Za-z0-9_-]+)/.exec(mail.text)
  if (!match) throw new Error('no activation link in the mail')
  return decodeURIComponent(match[1]!)
}

const statusOf = (scope: Scope, userId: string) =>
  withScope(db, scope, async (tx) => {
    const user = await tx.user.findUniqueOrThrow({ where: { poolId_tenantId_id: { poolId: scope.poolId, tenantId: scope.tenantId, id: userId } }, include: { profile: true } })
    return { user: user.status, profile: user.profile?.status }
  })

beforeAll(() => {
  db = appDb()
})

afterAll(async () => {
  await db.$disconnect()
})

describe('activateAccount', () => {
  it('confirms the account and shows the profile, once', async () => {
    const { userId, token } = await signUp(FLIRTLOKAAL)
    expect(await statusOf(FLIRTLOKAAL, userId)).toEqual({ user: 'not_confirmed', profile: 'disabled' })
    expect(await activateAccount(db, FLIRTLOKAAL, token)).toEqual({ ok: true, userId })
    expect(await statusOf(FLIRTLOKAAL, userId)).toEqual({ user: 'active', profile: 'active' })
    expect(await activateAccount(db, FLIRTLOKAAL, token)).toEqual({ ok: false, reason: 'used' })
  })

  it("delivers the messages written before confirmation (with the signup credits) on activation, and tells the recipient live", async () => {
    const { userId, token } = await signUp(FLIRTLOKAAL)
    const recipient = await createMember(db, FLIRTLOKAAL)
    const me = await withScope(db, FLIRTLOKAAL, (tx) => tx.profile.findFirstOrThrow({ where: { userId }, select: { id: true } }))
    const site = tenants.find((t) => t.slug === 'flirtlokaal')!
    const sent = await sendMessage(db, FLIRTLOKAAL, { sender: { userId, profileId: me.id, paidUser: false }, recipientId: recipient.profile.id, body: 'al vast', cost: site.credits.message, maxLength: 100 })
    expect(sent).toMatchObject({ ok: true, delivered: false })
    const unread = () => withScope(db, FLIRTLOKAAL, (tx) => countUnreadMessages(tx, FLIRTLOKAAL, recipient.profile.id))
    expect(await unread()).toBe(0)
    const events: MemberEvent[] = []
    const stop = await subscribeMemberEvents('benelux', recipient.profile.id, (e) => events.push(e))
    expect(await activateAccount(db, FLIRTLOKAAL, token)).toEqual({ ok: true, userId })
    expect(await unread()).toBe(1)
    await expect.poll(() => events).toEqual([{ type: 'message', conversation: sent.ok ? sent.conversationId : -1, from: me.id }])
    await stop()
  })

  it('refuses an expired token', async () => {
    const issued = new Date('2025-01-01T10:00:00Z')
    const { userId, token } = await signUp(FLIRTLOKAAL, issued)
    const later = new Date(issued.getTime() + TOKEN_TTL_MS.activation + 1000)
    expect(await activateAccount(db, FLIRTLOKAAL, token, later)).toEqual({ ok: false, reason: 'expired' })
    expect((await statusOf(FLIRTLOKAAL, userId)).user).toBe('not_confirmed')
    // Just before expiry it still works.
    const justInTime = new Date(issued.getTime() + TOKEN_TTL_MS.activation - 1000)
    expect((await activateAccount(db, FLIRTLOKAAL, token, justInTime)).ok).toBe(true)
  })

  it('refuses a token of another site, even one in the same pool', async () => {
    const { userId, token } = await signUp(FLIRTLOKAAL)
    expect(await activateAccount(db, DATEDICHTBIJ, token)).toEqual({ ok: false, reason: 'invalid' })
    expect(await activateAccount(db, DATEVIBE, token)).toEqual({ ok: false, reason: 'invalid' })
    expect((await statusOf(FLIRTLOKAAL, userId)).user).toBe('not_confirmed')
    // The failed attempts elsewhere did not use it up.
    expect((await activateAccount(db, FLIRTLOKAAL, token)).ok).toBe(true)
  })

  it('refuses unknown, empty and oversized tokens', async () => {
    expect(await activateAccount(db, FLIRTLOKAAL, 'nonsense')).toEqual({ ok: false, reason: 'invalid' })
    expect(await activateAccount(db, FLIRTLOKAAL, '')).toEqual({ ok: false, reason: 'invalid' })
    expect(await activateAccount(db, FLIRTLOKAAL, 'x'.repeat(500))).toEqual({ ok: false, reason: 'invalid' })
  })

  it('does not bring back a deleted account', async () => {
    const { userId, token } = await signUp(DATEVIBE)
    await withScope(db, DATEVIBE, (tx) => tx.user.update({ where: { poolId_tenantId_id: { poolId: DATEVIBE.poolId, tenantId: DATEVIBE.tenantId, id: userId } }, data: { status: 'deleted', deletedAt: new Date() } }))
    expect(await activateAccount(db, DATEVIBE, token)).toEqual({ ok: false, reason: 'invalid' })
    expect((await statusOf(DATEVIBE, userId)).user).toBe('deleted')
  })
})

describe('resendActivation', () => {
  it('sends a new link at most once a minute, and the new link replaces the old one', async () => {
    const start = new Date('2025-03-01T12:00:00Z')
    const { userId, email, token: first } = await signUp(DATEVIBE, start)
    const tooSoon = await resendActivation(deps(DATEVIBE, new Date(start.getTime() + 20_000)), userId)
    expect(tooSoon).toEqual({ ok: false, reason: 'tooSoon', seconds: 40 })
    expect(await lastToken(DATEVIBE, email)).toBe(first)

    const later = new Date(start.getTime() + RESEND_INTERVAL_MS)
    expect(await resendActivation(deps(DATEVIBE, later), userId)).toEqual({ ok: true })
    const second = await lastToken(DATEVIBE, email)
    expect(second).not.toBe(first)
    expect(await activateAccount(db, DATEVIBE, first, later)).toEqual({ ok: false, reason: 'used' })
    expect((await activateAccount(db, DATEVIBE, second, later)).ok).toBe(true)
    expect(await resendActivation(deps(DATEVIBE, new Date(later.getTime() + 3600_000)), userId)).toEqual({ ok: false, reason: 'notPending' })
  })

  it('cannot be used for an account of another site', async () => {
    const { userId } = await signUp(FLIRTLOKAAL)
    expect(await resendActivation(deps(DATEDICHTBIJ, new Date(Date.now() + 3600_000)), userId)).toEqual({ ok: false, reason: 'notPending' })
  })
})
