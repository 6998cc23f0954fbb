// Held messages (decision 053) against the real database: a member-to-member message with
// contact details, a link or a money request waits for a moderator where the site holds
// messages; the recipient sees nothing until it is released; a rejection returns the
// credits exactly once, also when release and reject are clicked at the same moment.
// Messages to fictional profiles are never held; activation does not deliver a held one.
/* eslint-disable no-restricted-imports -- this test drives the console route module itself */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appDb, createMember, createProfile, FLIRTLOKAAL, ownerDb } from '../../../tests/fixtures.ts'
import { consoleArgs, signedInOperator } from '../../../tests/operators.ts'
import { runRoute } from '../../../tests/route-harness.ts'
import { action as reportsAction, loader as reportsLoader } from '../../routes/console.reports.tsx'
import { deliverWaitingMessages, loadChat } from '../chat/conversations.server.ts'
import { sendMessage } from '../chat/send.server.ts'
import { changeCredits } from '../credits/ledger.server.ts'
import type { Db } from '../db/client.server.ts'
import { withScope } from '../db/scoped.server.ts'
import { closeLimits } from '../limits/limiter.server.ts'

let db: Db
let owner: Db
let moderator: string
let vibeModerator: string

beforeAll(async () => {
  db = appDb(8)
  owner = ownerDb()
  moderator = (await signedInOperator(db, { role: 'moderator', pools: ['benelux'] })).cookie
  vibeModerator = (await signedInOperator(db, { role: 'moderator', pools: ['datevibe'] })).cookie
})

afterAll(async () => {
  await closeLimits()
  await db.$disconnect()
  await owner.$disconnect()
})

const COST = 5

async function pair() {
  const sender = await createMember(db, FLIRTLOKAAL)
  const recipient = await createMember(db, FLIRTLOKAAL)
  await withScope(db, FLIRTLOKAAL, (tx) => changeCredits(tx, FLIRTLOKAAL, { userId: sender.user.id, delta: 100, reason: 'bonus' }))
  return { sender, recipient }
}

const send = (sender: Awaited<ReturnType<typeof createMember>>, recipientId: number, body: string, hold = true) =>
  sendMessage(db, FLIRTLOKAAL, { sender: { userId: sender.user.id, profileId: sender.profile.id, paidUser: true }, recipientId, body, cost: COST, maxLength: 1000, hold })

const credits = async (userId: string) => (await owner.user.findFirstOrThrow({ where: { id: userId }, select: { credits: true } })).credits
const refunds = (messageId: string) => owner.creditTransaction.count({ where: { reason: 'held_message_refund', reference: messageId } })
const decide = async (cookie: string, intent: 'release' | 'reject', message: string) => runRoute(async () => reportsAction(await consoleArgs('/reports', { cookie, form: { intent, message } })))

describe('holding', () => {
  it('holds a message with contact details: charged once, the sender sees it being checked, the recipient sees nothing', async () => {
    const { sender, recipient } = await pair()
    const sent = await send(sender, recipient.profile.id, 'Mail me op anna.devries@gmail.com, dan praten we verder')
    expect(sent).toMatchObject({ ok: true, delivered: false, held: true })
    if (!sent.ok) return
    expect(await credits(sender.user.id)).toBe(100 - COST)
    const hold = await owner.messageHold.findUniqueOrThrow({ where: { poolId_messageId: { poolId: 'benelux', messageId: sent.messageId } } })
    expect(hold).toMatchObject({ status: 'held', tenantId: 'flirtlokaal', reasons: ['contact'] })
    const mine = await withScope(db, FLIRTLOKAAL, (tx) => loadChat(tx, FLIRTLOKAAL, sender.profile.id, sent.conversationId, ''))
    expect(mine?.messages.map((m) => m.held)).toEqual(['held'])
    const theirs = await withScope(db, FLIRTLOKAAL, (tx) => loadChat(tx, FLIRTLOKAAL, recipient.profile.id, sent.conversationId, ''))
    expect(theirs?.messages).toEqual([])
  })

  it('lets ordinary messages through, and never holds where the site does not, or to a fictional profile', async () => {
    const { sender, recipient } = await pair()
    expect(await send(sender, recipient.profile.id, 'Hoi! Zin om zaterdag om 20.30 uur iets te drinken?')).toMatchObject({ ok: true, delivered: true })
    expect(await send(sender, recipient.profile.id, 'Bel me op 06-12345678', false)).toMatchObject({ ok: true, delivered: true })
    const fictional = await createProfile(db, FLIRTLOKAAL, { fictional: true })
    const toFictional = await send(sender, fictional, 'Mijn nummer is 06-12345678')
    expect(toFictional).toMatchObject({ ok: true, delivered: true })
    expect(toFictional.ok && toFictional.held).toBeFalsy()
  })

  it('release delivers it (once), audited; the other pool\'s moderator cannot touch it', async () => {
    const { sender, recipient } = await pair()
    const sent = await send(sender, recipient.profile.id, 'Kijk op www.mijnfotos.nl')
    if (!sent.ok) throw new Error('not sent')
    expect((await decide(vibeModerator, 'release', sent.messageId)).status).toBe(404)
    const listed = await runRoute(async () => reportsLoader(await consoleArgs('/reports', { cookie: moderator })))
    expect((listed.body as { held: { items: { messageId: string }[] } }).held.items.map((h) => h.messageId)).toContain(sent.messageId)
    const foreign = await runRoute(async () => reportsLoader(await consoleArgs('/reports', { cookie: vibeModerator })))
    expect((foreign.body as { held: { items: { messageId: string }[] } }).held.items.map((h) => h.messageId)).not.toContain(sent.messageId)
    expect((await decide(moderator, 'release', sent.messageId)).status).toBe(200)
    expect((await decide(moderator, 'release', sent.messageId)).status).toBe(409)
    const theirs = await withScope(db, FLIRTLOKAAL, (tx) => loadChat(tx, FLIRTLOKAAL, recipient.profile.id, sent.conversationId, ''))
    expect(theirs?.messages.map((m) => m.body)).toEqual(['Kijk op www.mijnfotos.nl'])
    expect(await credits(sender.user.id)).toBe(100 - COST)
    expect(await refunds(sent.messageId)).toBe(0)
    expect(await owner.operatorAudit.count({ where: { action: 'hold.release', targetId: sent.messageId } })).toBe(1)
  })

  it('reject keeps it from the recipient and returns the credits once; a second click changes nothing', async () => {
    const { sender, recipient } = await pair()
    const sent = await send(sender, recipient.profile.id, 'Kun je me wat geld sturen? Mijn IBAN is NL91 ABNA 0417 1643 00')
    if (!sent.ok) throw new Error('not sent')
    expect((await decide(moderator, 'reject', sent.messageId)).status).toBe(200)
    expect((await decide(moderator, 'reject', sent.messageId)).status).toBe(409)
    expect(await credits(sender.user.id)).toBe(100)
    expect(await refunds(sent.messageId)).toBe(1)
    const theirs = await withScope(db, FLIRTLOKAAL, (tx) => loadChat(tx, FLIRTLOKAAL, recipient.profile.id, sent.conversationId, ''))
    expect(theirs?.messages).toEqual([])
    const mine = await withScope(db, FLIRTLOKAAL, (tx) => loadChat(tx, FLIRTLOKAAL, sender.profile.id, sent.conversationId, ''))
    expect(mine?.messages.map((m) => m.held)).toEqual(['rejected'])
    expect(await owner.messageHold.findFirst({ where: { messageId: sent.messageId }, select: { refunded: true, status: true } })).toEqual({ refunded: COST, status: 'rejected' })
  })

  it('parallel release and rejects: exactly one decision, the credits changed at most once', async () => {
    for (let round = 0; round < 4; round++) {
      const { sender, recipient } = await pair()
      const sent = await send(sender, recipient.profile.id, 'Send me money through Western Union please')
      if (!sent.ok) throw new Error('not sent')
      const results = await Promise.all([decide(moderator, 'reject', sent.messageId), decide(moderator, 'release', sent.messageId), decide(moderator, 'reject', sent.messageId), decide(moderator, 'release', sent.messageId)])
      expect(results.filter((r) => r.status === 200)).toHaveLength(1)
      expect(results.filter((r) => r.status === 409)).toHaveLength(3)
      const hold = await owner.messageHold.findFirstOrThrow({ where: { messageId: sent.messageId } })
      const delivered = (await owner.message.findFirstOrThrow({ where: { id: sent.messageId } })).deliveredAt !== null
      if (hold.status === 'rejected') {
        expect(await refunds(sent.messageId)).toBe(1)
        expect(await credits(sender.user.id)).toBe(100)
        expect(delivered).toBe(false)
      } else {
        expect(hold.status).toBe('released')
        expect(await refunds(sent.messageId)).toBe(0)
        expect(await credits(sender.user.id)).toBe(100 - COST)
        expect(delivered).toBe(true)
      }
    }
  })

  it('activation does not deliver a held message; a release then does', async () => {
    const { sender, recipient } = await pair()
    // A not_confirmed sender's profile is disabled until activation.
    await withScope(db, FLIRTLOKAAL, (tx) => tx.profile.updateMany({ where: { id: sender.profile.id }, data: { status: 'disabled' } }))
    const plain = await send(sender, recipient.profile.id, 'Hallo, leuk profiel!')
    const held = await send(sender, recipient.profile.id, 'add me on snap: jan_88')
    if (!plain.ok || !held.ok) throw new Error('not sent')
    expect(held.held).toBe(true)
    // The sender's activation delivers the plain one only.
    await withScope(db, FLIRTLOKAAL, async (tx) => {
      await tx.profile.updateMany({ where: { id: sender.profile.id }, data: { status: 'active' } })
      await deliverWaitingMessages(tx, FLIRTLOKAAL, sender.profile.id)
    })
    const delivered = await owner.message.findMany({ where: { id: { in: [plain.messageId, held.messageId] } }, select: { id: true, deliveredAt: true } })
    expect(Object.fromEntries(delivered.map((m) => [m.id, m.deliveredAt !== null]))).toEqual({ [plain.messageId]: true, [held.messageId]: false })
    expect((await decide(moderator, 'release', held.messageId)).status).toBe(200)
    expect((await owner.message.findFirstOrThrow({ where: { id: held.messageId } })).deliveredAt).not.toBeNull()
  })

  it('only admins and moderators decide', async () => {
    const { sender, recipient } = await pair()
    const sent = await send(sender, recipient.profile.id, 'my pics are on annapics.com/private')
    if (!sent.ok) throw new Error('not sent')
    for (const role of ['chatter', 'finance', 'marketer'] as const) {
      const { cookie } = await signedInOperator(db, { role, pools: ['benelux'] })
      expect((await decide(cookie, 'reject', sent.messageId)).status, role).toBe(403)
    }
    expect((await owner.messageHold.findFirstOrThrow({ where: { messageId: sent.messageId } })).status).toBe('held')
  })
})
