// Acceptance (issue #14): real SMTP into smtp-server, real encrypted web push into a local
// push service that decrypts it, and the real job runner (pg-boss) in between.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startPushReceiver } from '../../../tests/push-receiver.ts'
import { startSmtpReceiver } from '../../../tests/smtp-receiver.ts'
import { appDb, createMember, DATEDICHTBIJ, FLIRTLOKAAL } from '../../../tests/fixtures.ts'
import { THEME_NAMES } from '../../../themes/index.ts'
import type { Db } from '../db/client.server.ts'
import { withScope } from '../db/scoped.server.ts'
import { sendMessage } from '../chat/send.server.ts'
import { markChatRead } from '../chat/conversations.server.ts'
import { activateAccount } from '../accounts/activation.server.ts'
import { issueToken } from '../auth/tokens.server.ts'
import { giveLike } from '../likes/service.server.ts'
import { appJobHandlers } from '../jobs/app-jobs.server.ts'
import { startJobs, type JobRunner } from '../jobs/runner.server.ts'
import { loadTenants } from '../tenancy/load-tenants.server.ts'
import { notificationAlerts } from './alerts.ts'
import { disableEmail, unsubscribe } from './preferences.server.ts'
import { saveSubscription } from './push.server.ts'
import { loadNotificationSecrets } from './vapid.server.ts'

const tenants = await loadTenants(THEME_NAMES)
let db: Db
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>
let push: Awaited<ReturnType<typeof startPushReceiver>>
let runner: JobRunner

beforeAll(async () => {
  smtp = await startSmtpReceiver()
  push = await startPushReceiver()
  process.env.SMTP_URL = smtp.url
  db = appDb(6)
  await loadNotificationSecrets(tenants.map((t) => t.slug), process.env.TEST_OWNER_DATABASE_URL)
  runner = await startJobs({ connectionString: process.env.APP_DATABASE_URL!, handlers: appJobHandlers({ db, tenants: async () => tenants }), pollingIntervalSeconds: 0.5, schedules: false })
})

afterAll(async () => {
  await runner.stop({ graceful: false })
  await db.$disconnect()
  await smtp.stop()
  await push.stop()
  delete process.env.SMTP_URL
})

/** Every job queued so far has finished (completed or failed for good). */
async function settled() {
  await expect
    .poll(async () => Number((await db.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM pgboss.job WHERE state IN ('created', 'retry', 'active') AND name NOT LIKE '\\_\\_%'`)[0]!.n), { timeout: 15_000, interval: 100 })
    .toBe(0)
}

async function pair() {
  // Same pool, two sites: the sender writes on DateDichtbij, the recipient lives on FlirtLokaal.
  const sender = await createMember(db, DATEDICHTBIJ, `sender${Math.random().toString(36).slice(2, 6)}`)
  const recipient = await createMember(db, FLIRTLOKAAL, `anna${Math.random().toString(36).slice(2, 6)}`)
  await withScope(db, FLIRTLOKAAL, (tx) => tx.user.update({ where: { poolId_tenantId_id: { poolId: FLIRTLOKAAL.poolId, tenantId: FLIRTLOKAAL.tenantId, id: recipient.user.id } }, data: { locale: 'en' } }))
  const browser = push.subscribe()
  expect(await saveSubscription(db, FLIRTLOKAAL, recipient.user.id, browser, 'en')).toBe('saved')
  const send = (body: string) =>
    sendMessage(db, DATEDICHTBIJ, { sender: { userId: sender.user.id, profileId: sender.profile.id, paidUser: true }, recipientId: recipient.profile.id, body, cost: 0, maxLength: 500 })
  return { sender, recipient, browser, send }
}

const mailsTo = (email: string) => smtp.mails.filter((m) => m.to.includes(email))
const pushesTo = (endpoint: string) => push.pushes.filter((p) => p.endpoint === endpoint)

describe('a message notifies the recipient by e-mail and push', () => {
  it('one mail and one decrypted push, in the recipient’s site and language; never the sender’s site', async () => {
    const { sender, recipient, browser, send } = await pair()
    expect((await send('Hello there')).ok).toBe(true)
    await expect.poll(() => mailsTo(recipient.user.email).length, { timeout: 15_000 }).toBe(1)
    await expect.poll(() => pushesTo(browser.endpoint).length, { timeout: 15_000 }).toBe(1)
    await settled()
    const [mail] = mailsTo(recipient.user.email)
    expect(mail!.subject).toBe(`${sender.profile.name} started a conversation with you on FlirtLokaal`)
    expect(mail!.from).toBe('support@flirtlokaal.nl')
    expect(mail!.text).toContain(`Hi ${recipient.profile.name},`)
    expect(`${mail!.subject}${mail!.text}${mail!.html}`).not.toMatch(/DateDichtbij/i)
    const [received] = pushesTo(browser.endpoint)
    expect(received!.payload).toMatchObject({ title: 'FlirtLokaal', body: `${sender.profile.name} started a conversation with you`, kind: 'new_conversations' })
    expect(JSON.stringify(received!.payload)).not.toMatch(/DateDichtbij/i)
    expect(push.errors).toEqual([])

    // The second message of the conversation: a push, but no second mail (one per
    // conversation until read, at most one an hour).
    await send('Are you there?')
    await expect.poll(() => pushesTo(browser.endpoint).length, { timeout: 15_000 }).toBe(2)
    await settled()
    expect(mailsTo(recipient.user.email)).toHaveLength(1)
  })

  it('a chat mails once until the member read it, and at most once an hour', async () => {
    const { sender, recipient, browser, send } = await pair()
    for (let i = 1; i <= 11; i++) expect((await send(`Message ${i}`)).ok).toBe(true)
    await expect.poll(() => pushesTo(browser.endpoint).length, { timeout: 15_000 }).toBe(11)
    await settled()
    expect(mailsTo(recipient.user.email)).toHaveLength(1)
    const conversation = (await withScope(db, FLIRTLOKAAL, (tx) => tx.message.findFirstOrThrow({ where: { recipientId: recipient.profile.id }, select: { conversationId: true } }))).conversationId
    // An hour passes: the mails so far went out 61 minutes ago, the messages so far came 62 minutes ago.
    const mailedAnHourAgo = () =>
      withScope(db, FLIRTLOKAAL, async (tx) => {
        await tx.message.updateMany({ where: { conversationId: conversation }, data: { deliveredAt: new Date(Date.now() - 62 * 60_000) } })
        await tx.outboxMail.updateMany({ where: { to: recipient.user.email }, data: { createdAt: new Date(Date.now() - 61 * 60_000) } })
      })
    // An hour later, still unread: no new mail.
    await mailedAnHourAgo()
    await send('Still there?')
    await settled()
    expect(mailsTo(recipient.user.email)).toHaveLength(1)
    // Read, then a new message within the hour: none; after the hour: one.
    await withScope(db, FLIRTLOKAAL, (tx) => markChatRead(tx, FLIRTLOKAAL, recipient.profile.id, conversation))
    await withScope(db, FLIRTLOKAAL, (tx) => tx.outboxMail.updateMany({ where: { to: recipient.user.email }, data: { createdAt: new Date() } }))
    await send('Within the hour')
    await settled()
    expect(mailsTo(recipient.user.email)).toHaveLength(1)
    await withScope(db, FLIRTLOKAAL, (tx) => markChatRead(tx, FLIRTLOKAAL, recipient.profile.id, conversation))
    await mailedAnHourAgo()
    await send('After the hour')
    await expect.poll(() => mailsTo(recipient.user.email).length, { timeout: 15_000 }).toBe(2)
    expect(mailsTo(recipient.user.email)[1]!.subject).toBe(`${sender.profile.name} sent you a message on FlirtLokaal`)
  })

  it('messages held until the sender activates notify the recipient at activation', async () => {
    const { sender, recipient, browser } = await pair()
    await withScope(db, DATEDICHTBIJ, async (tx) => {
      await tx.user.update({ where: { poolId_tenantId_id: { poolId: DATEDICHTBIJ.poolId, tenantId: DATEDICHTBIJ.tenantId, id: sender.user.id } }, data: { status: 'not_confirmed' } })
      await tx.profile.update({ where: { poolId_id: { poolId: DATEDICHTBIJ.poolId, id: sender.profile.id } }, data: { status: 'disabled' } })
    })
    const held = await sendMessage(db, DATEDICHTBIJ, { sender: { userId: sender.user.id, profileId: sender.profile.id, paidUser: true }, recipientId: recipient.profile.id, body: 'Before my activation', cost: 0, maxLength: 500 })
    expect(held).toMatchObject({ ok: true, delivered: false })
    await settled()
    expect(mailsTo(recipient.user.email)).toHaveLength(0)
    expect(pushesTo(browser.endpoint)).toHaveLength(0)
    const token = await withScope(db, DATEDICHTBIJ, (tx) => issueToken(tx, { ...DATEDICHTBIJ, userId: sender.user.id, purpose: 'activation' }))
    expect((await activateAccount(db, DATEDICHTBIJ, token)).ok).toBe(true)
    await expect.poll(() => mailsTo(recipient.user.email).length, { timeout: 15_000 }).toBe(1)
    await expect.poll(() => pushesTo(browser.endpoint).length, { timeout: 15_000 }).toBe(1)
    expect(mailsTo(recipient.user.email)[0]!.subject).toBe(`${sender.profile.name} started a conversation with you on FlirtLokaal`)
  })

  it('in Dutch for a member whose language is Dutch, likes and matches too', async () => {
    const { sender, recipient, browser } = await pair()
    await withScope(db, FLIRTLOKAAL, (tx) => tx.user.update({ where: { poolId_tenantId_id: { poolId: FLIRTLOKAAL.poolId, tenantId: FLIRTLOKAAL.tenantId, id: recipient.user.id } }, data: { locale: 'nl' } }))
    await giveLike(db, DATEDICHTBIJ, { likerId: sender.profile.id, likedId: recipient.profile.id, origin: 'profile', cdnPrefix: '/media/' })
    await expect.poll(() => mailsTo(recipient.user.email).length, { timeout: 15_000 }).toBe(1)
    expect(mailsTo(recipient.user.email)[0]!.subject).toBe(`${sender.profile.name} vindt je leuk op FlirtLokaal`)
    await expect.poll(() => pushesTo(browser.endpoint).length, { timeout: 15_000 }).toBe(1)
    expect(pushesTo(browser.endpoint)[0]!.payload).toMatchObject({ title: 'FlirtLokaal', body: `${sender.profile.name} vindt je leuk` })
    // The like back is a match for the first liker, on their own site (DateDichtbij).
    await giveLike(db, FLIRTLOKAAL, { likerId: recipient.profile.id, likedId: sender.profile.id, origin: 'profile', cdnPrefix: '/media/' })
    await expect.poll(() => mailsTo(sender.user.email).length, { timeout: 15_000 }).toBe(1)
    expect(mailsTo(sender.user.email)[0]!.subject).toBe(`Het is een match met ${recipient.profile.name} op DateDichtbij`)
    expect(mailsTo(sender.user.email)[0]!.from).toBe('klantenservice@datedichtbij.nl')
  })

  it('sends nothing when the member switched those kinds off', async () => {
    const { recipient, browser, send } = await pair()
    await withScope(db, FLIRTLOKAAL, (tx) => tx.user.update({ where: { poolId_tenantId_id: { poolId: FLIRTLOKAAL.poolId, tenantId: FLIRTLOKAAL.tenantId, id: recipient.user.id } }, data: { emailKinds: ['like'], pushKinds: ['like'] } }))
    await send('Hello')
    await send('Hello again')
    await settled()
    expect(mailsTo(recipient.user.email)).toEqual([])
    expect(pushesTo(browser.endpoint)).toEqual([])
  })

  it('deletes a subscription the push service answers 410 for (and 404), and keeps sending mail', async () => {
    const { recipient, browser, send } = await pair()
    push.statusFor.set(browser.endpoint, 410)
    await send('One')
    await settled()
    expect(await withScope(db, FLIRTLOKAAL, (tx) => tx.pushSubscription.count({ where: { userId: recipient.user.id } }))).toBe(0)
    expect(mailsTo(recipient.user.email)).toHaveLength(1)
    const second = push.subscribe()
    await saveSubscription(db, FLIRTLOKAAL, recipient.user.id, second, 'en')
    push.statusFor.set(second.endpoint, 404)
    await send('Two')
    await settled()
    expect(await withScope(db, FLIRTLOKAAL, (tx) => tx.pushSubscription.count({ where: { userId: recipient.user.id } }))).toBe(0)
  })

  it('a bounce disables e-mail with reason bounce: no more notification mails, and the alert shows', async () => {
    const { recipient, browser, send } = await pair()
    // Another site's bounce for the same address changes nothing here.
    expect(await disableEmail(db, DATEDICHTBIJ, recipient.user.email, 'bounce')).toBe(false)
    expect(await disableEmail(db, FLIRTLOKAAL, recipient.user.email.toUpperCase(), 'bounce')).toBe(true)
    const user = await withScope(db, FLIRTLOKAAL, (tx) => tx.user.findFirstOrThrow({ where: { id: recipient.user.id } }))
    expect(user.notificationsDisabled).toEqual(['bounce'])
    await send('Hi')
    await settled()
    expect(mailsTo(recipient.user.email)).toEqual([])
    // Push is another channel: it still arrives.
    expect(pushesTo(browser.endpoint)).toHaveLength(1)
    const member = { status: user.status, profileStatus: 'active', notificationsDisabled: user.notificationsDisabled, pushAlertDismissedAt: null, disabledAlertDismissedAt: null }
    expect(notificationAlerts(member, 'members', { capable: true, state: 'subscribed' })).toEqual(['notifications_disabled'])
    expect(notificationAlerts(member, 'notifications', { capable: true, state: 'subscribed' })).toEqual([])
  })
})

describe('bulk mail and one-click unsubscribe', () => {
  it('unread reminders carry List-Unsubscribe (RFC 8058); the link switches that kind off with reason listunsubscribe', async () => {
    const { recipient, send } = await pair()
    await withScope(db, FLIRTLOKAAL, (tx) => tx.user.update({ where: { poolId_tenantId_id: { poolId: FLIRTLOKAAL.poolId, tenantId: FLIRTLOKAAL.tenantId, id: recipient.user.id } }, data: { emailKinds: ['unread_message_reminders'], pushKinds: [] } }))
    await send('Unread one')
    await settled()
    // A day later the message is still unread.
    const { sendUnreadReminders } = await import('./digests.server.ts')
    const later = new Date(Date.now() + 25 * 3600_000)
    expect(await sendUnreadReminders(db, tenants, later)).toBeGreaterThanOrEqual(1)
    expect(await sendUnreadReminders(db, tenants, later)).toBe(0)
    await expect.poll(() => mailsTo(recipient.user.email).length, { timeout: 15_000 }).toBe(1)
    const stored = await withScope(db, FLIRTLOKAAL, (tx) => tx.outboxMail.findFirstOrThrow({ where: { to: recipient.user.email } }))
    const headers = stored.headers as Record<string, string>
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
    const token = new URL(/<(.+)>/.exec(headers['List-Unsubscribe']!)![1]!).searchParams.get('token')!
    expect(await unsubscribe(db, DATEDICHTBIJ, token)).toBe(false)
    expect(await unsubscribe(db, FLIRTLOKAAL, `${token}x`)).toBe(false)
    expect(await unsubscribe(db, FLIRTLOKAAL, token)).toBe(true)
    const user = await withScope(db, FLIRTLOKAAL, (tx) => tx.user.findFirstOrThrow({ where: { id: recipient.user.id } }))
    expect(user.emailKinds).toEqual([])
    expect(user.notificationsDisabled).toEqual(['listunsubscribe'])
  })

  it('the weekly update goes once a week to members with news, with List-Unsubscribe', async () => {
    const { recipient, send } = await pair()
    await withScope(db, FLIRTLOKAAL, (tx) => tx.user.update({ where: { poolId_tenantId_id: { poolId: FLIRTLOKAAL.poolId, tenantId: FLIRTLOKAAL.tenantId, id: recipient.user.id } }, data: { emailKinds: ['weekly_updates'], pushKinds: [] } }))
    await send('Unread for the week')
    await settled()
    const { sendWeeklyUpdates } = await import('./digests.server.ts')
    const now = new Date()
    expect(await sendWeeklyUpdates(db, tenants, now)).toBeGreaterThanOrEqual(1)
    expect(await sendWeeklyUpdates(db, tenants, new Date(now.getTime() + 3600_000))).toBe(0)
    await expect.poll(() => mailsTo(recipient.user.email).length, { timeout: 15_000 }).toBe(1)
    const [mail] = mailsTo(recipient.user.email)
    expect(mail!.subject).toBe('Your week on FlirtLokaal')
    expect(mail!.text).toContain('1 unread message(s)')
  })
})
