// Chat against a real database: the charge and the message in one transaction under
// concurrency, the free conversation limit, blocking, invisible mode, delivery on
// activation, unread counts, removal, and another pool's members out of reach.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appDb, createMember, createProfile, DATEDICHTBIJ, DATEVIBE, FLIRTLOKAAL } from '../../../tests/fixtures.ts'
import { createBlock } from '../accounts/blocks.server.ts'
import { GRACE_MS, purgeExpiredAccounts } from '../accounts/deletion.server.ts'
import type { Db } from '../db/client.server.ts'
import { withScope, type Scope } from '../db/scoped.server.ts'
import { changeCredits } from '../credits/ledger.server.ts'
import { countUnreadMessages, deliverWaitingMessages, hasConversation, hideChat, listChats, loadChat, markChatRead } from './conversations.server.ts'
import { sendMessage, type SendInput } from './send.server.ts'
import { createRedisBus, getBus, type Bus } from '../bus/bus.server.ts'
import { subscribeMemberEvents, type MemberEvent } from '../realtime/member-events.server.ts'

let db: Db
beforeAll(() => {
  db = appDb(10)
})
afterAll(async () => {
  await db.$disconnect()
})

type M = Awaited<ReturnType<typeof createMember>>
const inScope = <T>(scope: Scope, fn: Parameters<typeof withScope<T>>[2]) => withScope(db, scope, fn)
const give = (scope: Scope, m: M, credits: number) => inScope(scope, (tx) => changeCredits(tx, scope, { userId: m.user.id, delta: credits, reason: 'bonus' }))
const send = (scope: Scope, from: M, to: number, body: string, extra: Partial<SendInput> = {}) =>
  sendMessage(db, scope, { sender: { userId: from.user.id, profileId: from.profile.id, paidUser: false }, recipientId: to, body, cost: 5, maxLength: 100, ...extra })
const credits = (scope: Scope, m: M) => inScope(scope, async (tx) => (await tx.user.findUniqueOrThrow({ where: { poolId_tenantId_id: { poolId: scope.poolId, tenantId: scope.tenantId, id: m.user.id } } })).credits)
const messageCount = (scope: Scope, m: M) => inScope(scope, (tx) => tx.message.count({ where: { senderId: m.profile.id } }))

describe('sendMessage', () => {
  it('charges the message and stores it as typed; the recipient sees it unread until opened', async () => {
    const a = await createMember(db, FLIRTLOKAAL)
    const b = await createMember(db, DATEDICHTBIJ)
    await give(FLIRTLOKAAL, a, 12)
    const result = await send(FLIRTLOKAAL, a, b.profile.id, '  <script>alert(1)</script> hoi  ')
    expect(result).toMatchObject({ ok: true, delivered: true, balance: 7 })
    if (!result.ok) return
    const ledger = await inScope(FLIRTLOKAAL, (tx) => tx.creditTransaction.findMany({ where: { userId: a.user.id, reason: 'message' } }))
    expect(ledger.map((r) => [r.delta, r.reference, r.balanceAfter])).toEqual([[-5, result.messageId, 7]])
    // B is on another site of the pool: the conversation is theirs too.
    expect(await inScope(DATEDICHTBIJ, (tx) => countUnreadMessages(tx, DATEDICHTBIJ, b.profile.id))).toBe(1)
    // With the conversation open on B's screen, it makes no badge; another open one does not hide it.
    expect(await inScope(DATEDICHTBIJ, (tx) => countUnreadMessages(tx, DATEDICHTBIJ, b.profile.id, result.conversationId))).toBe(0)
    expect(await inScope(DATEDICHTBIJ, (tx) => countUnreadMessages(tx, DATEDICHTBIJ, b.profile.id, result.conversationId + 1))).toBe(1)
    const list = await inScope(DATEDICHTBIJ, (tx) => listChats(tx, DATEDICHTBIJ, b.profile.id, '/media/'))
    expect(list).toHaveLength(1)
    expect(list[0]).toMatchObject({ id: result.conversationId, unread: 1, partner: { id: a.profile.id }, lastMessage: { body: '<script>alert(1)</script> hoi', mine: false } })
    expect(await inScope(DATEDICHTBIJ, (tx) => markChatRead(tx, DATEDICHTBIJ, b.profile.id, result.conversationId))).toBe(1)
    expect(await inScope(DATEDICHTBIJ, (tx) => countUnreadMessages(tx, DATEDICHTBIJ, b.profile.id))).toBe(0)
    const chat = await inScope(FLIRTLOKAAL, (tx) => loadChat(tx, FLIRTLOKAAL, a.profile.id, result.conversationId, '/media/'))
    expect(chat?.messages.map((m) => [m.mine, m.read])).toEqual([[true, true]])
  })

  it('100 concurrent sends from a balance that pays for exactly 10: 10 messages, balance 0, a ledger row each', async () => {
    const a = await createMember(db, FLIRTLOKAAL)
    const b = await createMember(db, FLIRTLOKAAL)
    await give(FLIRTLOKAAL, a, 50)
    const results = await Promise.all(Array.from({ length: 100 }, (_, i) => send(FLIRTLOKAAL, a, b.profile.id, `bericht ${i}`)))
    expect(results.filter((r) => r.ok)).toHaveLength(10)
    expect(results.filter((r) => !r.ok && r.reason === 'insufficient')).toHaveLength(90)
    expect(await credits(FLIRTLOKAAL, a)).toBe(0)
    const messages = await inScope(FLIRTLOKAAL, (tx) => tx.message.findMany({ where: { senderId: a.profile.id }, select: { id: true } }))
    expect(messages).toHaveLength(10)
    const ledger = await inScope(FLIRTLOKAAL, (tx) => tx.creditTransaction.findMany({ where: { userId: a.user.id, reason: 'message' } }))
    expect(ledger.map((r) => r.reference).sort()).toEqual(messages.map((m) => m.id).sort())
    expect(ledger.map((r) => r.balanceAfter).sort((x, y) => x - y)).toEqual([0, 5, 10, 15, 20, 25, 30, 35, 40, 45])
    expect(await inScope(FLIRTLOKAAL, (tx) => tx.conversation.count({ where: { startedById: a.profile.id } }))).toBe(1)
  })

  it('without enough credits nothing is sent or charged', async () => {
    const a = await createMember(db, FLIRTLOKAAL)
    const b = await createMember(db, FLIRTLOKAAL)
    await give(FLIRTLOKAAL, a, 4)
    expect(await send(FLIRTLOKAAL, a, b.profile.id, 'hoi')).toEqual({ ok: false, reason: 'insufficient' })
    expect(await credits(FLIRTLOKAAL, a)).toBe(4)
    expect(await messageCount(FLIRTLOKAAL, a)).toBe(0)
    expect(await inScope(FLIRTLOKAAL, (tx) => hasConversation(tx, FLIRTLOKAAL, a.profile.id, b.profile.id))).toBe(false)
  })

  it('a free member starts at most 2 conversations; a premium member more; answering is not starting', async () => {
    const a = await createMember(db, FLIRTLOKAAL)
    const others = await Promise.all([1, 2, 3].map(() => createMember(db, FLIRTLOKAAL)))
    await give(FLIRTLOKAAL, a, 100)
    expect((await send(FLIRTLOKAAL, a, others[0]!.profile.id, 'een')).ok).toBe(true)
    expect((await send(FLIRTLOKAAL, a, others[1]!.profile.id, 'twee')).ok).toBe(true)
    expect(await send(FLIRTLOKAAL, a, others[2]!.profile.id, 'drie')).toEqual({ ok: false, reason: 'conversation_limit' })
    expect(await credits(FLIRTLOKAAL, a)).toBe(90)
    // Writing on in a started conversation is fine, and so is answering one someone else started.
    expect((await send(FLIRTLOKAAL, a, others[0]!.profile.id, 'nog een')).ok).toBe(true)
    await give(FLIRTLOKAAL, others[2]!, 10)
    expect((await send(FLIRTLOKAAL, others[2]!, a.profile.id, 'hallo a')).ok).toBe(true)
    expect((await send(FLIRTLOKAAL, a, others[2]!.profile.id, 'hallo terug')).ok).toBe(true)
    const d = await createMember(db, FLIRTLOKAAL)
    expect((await send(FLIRTLOKAAL, a, d.profile.id, 'premium', { sender: { userId: a.user.id, profileId: a.profile.id, paidUser: true } })).ok).toBe(true)
  })

  it('first messages to many members at once still start at most 2 conversations, charging only those', async () => {
    const a = await createMember(db, FLIRTLOKAAL)
    const others = await Promise.all(Array.from({ length: 8 }, () => createMember(db, FLIRTLOKAAL)))
    await give(FLIRTLOKAAL, a, 100)
    const results = await Promise.all(others.map((o) => send(FLIRTLOKAAL, a, o.profile.id, 'hoi')))
    expect(results.filter((r) => r.ok)).toHaveLength(2)
    expect(results.filter((r) => !r.ok && r.reason === 'conversation_limit')).toHaveLength(6)
    expect(await messageCount(FLIRTLOKAAL, a)).toBe(2)
    expect(await credits(FLIRTLOKAAL, a)).toBe(100 - 2 * 5)
  })

  it('refuses, uncharged, a member who blocked the sender, one the sender blocked, and an invisible one without a conversation', async () => {
    const a = await createMember(db, FLIRTLOKAAL)
    const blocker = await createMember(db, FLIRTLOKAAL)
    const blocked = await createMember(db, FLIRTLOKAAL)
    const hidden = await createMember(db, FLIRTLOKAAL)
    await give(FLIRTLOKAAL, a, 20)
    await createBlock(db, FLIRTLOKAAL, blocker.profile.id, a.profile.id)
    await createBlock(db, FLIRTLOKAAL, a.profile.id, blocked.profile.id)
    await inScope(FLIRTLOKAAL, (tx) => tx.profile.update({ where: { poolId_id: { poolId: FLIRTLOKAAL.poolId, id: hidden.profile.id } }, data: { invisible: true } }))
    for (const target of [blocker, blocked, hidden]) {
      expect(await send(FLIRTLOKAAL, a, target.profile.id, 'hoi', { sender: { userId: a.user.id, profileId: a.profile.id, paidUser: true } })).toEqual({ ok: false, reason: 'not_found' })
    }
    expect(await credits(FLIRTLOKAAL, a)).toBe(20)
    expect(await messageCount(FLIRTLOKAAL, a)).toBe(0)
  })

  it('an existing conversation keeps an invisible member reachable', async () => {
    const a = await createMember(db, FLIRTLOKAAL)
    const b = await createMember(db, FLIRTLOKAAL)
    await give(FLIRTLOKAAL, a, 20)
    expect((await send(FLIRTLOKAAL, a, b.profile.id, 'eerst')).ok).toBe(true)
    await inScope(FLIRTLOKAAL, (tx) => tx.profile.update({ where: { poolId_id: { poolId: FLIRTLOKAAL.poolId, id: b.profile.id } }, data: { invisible: true } }))
    expect((await send(FLIRTLOKAAL, a, b.profile.id, 'daarna')).ok).toBe(true)
  })

  it("a not_confirmed member's message is stored, charged, and delivered only on activation", async () => {
    const a = await createMember(db, FLIRTLOKAAL)
    const b = await createMember(db, FLIRTLOKAAL)
    await give(FLIRTLOKAAL, a, 10)
    await inScope(FLIRTLOKAAL, (tx) => tx.profile.update({ where: { poolId_id: { poolId: FLIRTLOKAAL.poolId, id: a.profile.id } }, data: { status: 'disabled' } }))
    expect(await send(FLIRTLOKAAL, a, b.profile.id, 'wacht')).toMatchObject({ ok: true, delivered: false })
    expect(await inScope(FLIRTLOKAAL, (tx) => countUnreadMessages(tx, FLIRTLOKAAL, b.profile.id))).toBe(0)
    expect(await inScope(FLIRTLOKAAL, (tx) => listChats(tx, FLIRTLOKAAL, b.profile.id, '/media/'))).toEqual([])
    await inScope(FLIRTLOKAAL, async (tx) => {
      await tx.profile.update({ where: { poolId_id: { poolId: FLIRTLOKAAL.poolId, id: a.profile.id } }, data: { status: 'active' } })
      expect(await deliverWaitingMessages(tx, FLIRTLOKAAL, a.profile.id)).toEqual([{ recipientId: b.profile.id, conversationId: expect.any(Number), first: true }])
    })
    expect(await inScope(FLIRTLOKAAL, (tx) => countUnreadMessages(tx, FLIRTLOKAAL, b.profile.id))).toBe(1)
  })

  it('rejects an empty or too long message, uncharged', async () => {
    const a = await createMember(db, FLIRTLOKAAL)
    const b = await createMember(db, FLIRTLOKAAL)
    await give(FLIRTLOKAAL, a, 10)
    expect(await send(FLIRTLOKAAL, a, b.profile.id, '   ')).toEqual({ ok: false, reason: 'empty' })
    expect(await send(FLIRTLOKAAL, a, b.profile.id, 'x'.repeat(101))).toEqual({ ok: false, reason: 'too_long' })
    expect((await send(FLIRTLOKAAL, a, b.profile.id, '😀'.repeat(100))).ok).toBe(true)
    expect(await credits(FLIRTLOKAAL, a)).toBe(5)
  })

  it('never reaches another pool: not findable, not writable with a forged scope', async () => {
    const a = await createMember(db, FLIRTLOKAAL)
    const far = await createMember(db, DATEVIBE)
    await give(FLIRTLOKAAL, a, 10)
    expect(await send(FLIRTLOKAAL, a, far.profile.id, 'hoi')).toEqual({ ok: false, reason: 'not_found' })
    expect(await credits(FLIRTLOKAAL, a)).toBe(10)
    await expect(
      inScope(FLIRTLOKAAL, (tx) => tx.conversation.create({ data: { poolId: 'datevibe', profileAId: Math.min(a.profile.id, far.profile.id), profileBId: Math.max(a.profile.id, far.profile.id), startedById: a.profile.id } })),
    ).rejects.toThrow()
  })
})

describe('hideChat', () => {
  it('removes the conversation from one side only; a new message brings it back with only the new part', async () => {
    const a = await createMember(db, FLIRTLOKAAL)
    const b = await createMember(db, FLIRTLOKAAL)
    await give(FLIRTLOKAAL, a, 20)
    const first = await send(FLIRTLOKAAL, a, b.profile.id, 'oud')
    if (!first.ok) throw new Error('not sent')
    expect(await inScope(FLIRTLOKAAL, (tx) => hideChat(tx, FLIRTLOKAAL, b.profile.id, first.conversationId))).toBe(a.profile.id)
    expect(await inScope(FLIRTLOKAAL, (tx) => listChats(tx, FLIRTLOKAAL, b.profile.id, '/media/'))).toEqual([])
    expect(await inScope(FLIRTLOKAAL, (tx) => countUnreadMessages(tx, FLIRTLOKAAL, b.profile.id))).toBe(0)
    expect(await inScope(FLIRTLOKAAL, (tx) => listChats(tx, FLIRTLOKAAL, a.profile.id, '/media/'))).toHaveLength(1)
    // Someone else cannot remove it.
    const c = await createMember(db, FLIRTLOKAAL)
    expect(await inScope(FLIRTLOKAAL, (tx) => hideChat(tx, FLIRTLOKAAL, c.profile.id, first.conversationId))).toBeNull()
    await new Promise((r) => setTimeout(r, 5))
    await send(FLIRTLOKAAL, a, b.profile.id, 'nieuw')
    const chat = await inScope(FLIRTLOKAAL, (tx) => loadChat(tx, FLIRTLOKAAL, b.profile.id, first.conversationId, '/media/'))
    expect(chat?.messages.map((m) => m.body)).toEqual(['nieuw'])
  })
})

describe('live delivery', () => {
  // With REDIS_URL: a subscriber on its own Redis connection stands for another app node.
  it('a delivered message reaches the recipient through the bus; a refused or undelivered one does not', async () => {
    const other: Bus = process.env.REDIS_URL ? createRedisBus(process.env.REDIS_URL) : getBus()
    try {
      const a = await createMember(db, FLIRTLOKAAL)
      const b = await createMember(db, DATEDICHTBIJ)
      const c = await createMember(db, FLIRTLOKAAL)
      const events: MemberEvent[] = []
      const stop = await subscribeMemberEvents('benelux', b.profile.id, (e) => events.push(e), other)
      await give(FLIRTLOKAAL, a, 5)
      const sent = await send(FLIRTLOKAAL, a, b.profile.id, 'live')
      if (!sent.ok) throw new Error('not sent')
      await expect.poll(() => events).toEqual([{ type: 'message', conversation: sent.conversationId, from: a.profile.id }])
      // Refused (no credits left), and not yet delivered (sender not confirmed): no event.
      expect(await send(FLIRTLOKAAL, a, b.profile.id, 'geen credits')).toMatchObject({ ok: false, reason: 'insufficient' })
      await inScope(FLIRTLOKAAL, (tx) => tx.profile.update({ where: { poolId_id: { poolId: FLIRTLOKAAL.poolId, id: c.profile.id } }, data: { status: 'disabled' } }))
      await give(FLIRTLOKAAL, c, 5)
      expect(await send(FLIRTLOKAAL, c, b.profile.id, 'wacht')).toMatchObject({ ok: true, delivered: false })
      await new Promise((r) => setTimeout(r, 300))
      expect(events).toHaveLength(1)
      await stop()
    } finally {
      if (process.env.REDIS_URL) await other.close()
    }
  })
})

describe('fictional profiles and history', () => {
  it('a message to a fictional profile marks the conversation as waiting for an operator: who, since the first, which language', async () => {
    const a = await createMember(db, FLIRTLOKAAL)
    const fictional = await createProfile(db, FLIRTLOKAAL, { fictional: true })
    await give(FLIRTLOKAAL, a, 20)
    const first = await send(FLIRTLOKAAL, a, fictional, 'hallo', { language: 'nl', now: new Date('2026-11-25T10:00:00Z') })
    await send(FLIRTLOKAAL, a, fictional, 'nog eens', { language: 'nl', now: new Date('2026-11-25T10:05:00Z') })
    if (!first.ok) throw new Error('not sent')
    const row = await inScope(FLIRTLOKAAL, (tx) => tx.conversation.findUniqueOrThrow({ where: { poolId_id: { poolId: FLIRTLOKAAL.poolId, id: first.conversationId } } }))
    expect(row).toMatchObject({ operatorWaitingFor: a.profile.id, operatorWaitingSince: new Date('2026-11-25T10:00:00Z'), operatorLanguage: 'nl' })
    // A real member's conversation never waits for an operator.
    const b = await createMember(db, FLIRTLOKAAL)
    const real = await send(FLIRTLOKAAL, a, b.profile.id, 'hoi', { sender: { userId: a.user.id, profileId: a.profile.id, paidUser: true }, cost: 0 })
    if (!real.ok) throw new Error('not sent')
    expect(await inScope(FLIRTLOKAAL, (tx) => tx.conversation.findUniqueOrThrow({ where: { poolId_id: { poolId: FLIRTLOKAAL.poolId, id: real.conversationId } } }))).toMatchObject({ operatorWaitingFor: null, operatorWaitingSince: null })
  })

  it('a limited history gives the newest messages and says older ones are hidden', async () => {
    const a = await createMember(db, FLIRTLOKAAL)
    const b = await createMember(db, FLIRTLOKAAL)
    let id = 0
    for (let i = 0; i < 12; i++) {
      const r = await send(FLIRTLOKAAL, a, b.profile.id, `m${i}`, { cost: 0, now: new Date(Date.UTC(2026, 10, 25, 9, i)) })
      if (r.ok) id = r.conversationId
    }
    const limited = await inScope(FLIRTLOKAAL, (tx) => loadChat(tx, FLIRTLOKAAL, b.profile.id, id, '/media/', 10))
    expect(limited?.olderHidden).toBe(true)
    expect(limited?.messages.map((m) => m.body)).toEqual(['m2', 'm3', 'm4', 'm5', 'm6', 'm7', 'm8', 'm9', 'm10', 'm11'])
    const full = await inScope(FLIRTLOKAAL, (tx) => loadChat(tx, FLIRTLOKAAL, b.profile.id, id, '/media/', 200))
    expect(full?.olderHidden).toBe(false)
    expect(full?.messages).toHaveLength(12)
  })
})

describe('purged accounts', () => {
  it("a purged member's messages stay for the partner, anonymised; the partner can no longer write", async () => {
    const a = await createMember(db, FLIRTLOKAAL, 'Blijver')
    const gone = await createMember(db, FLIRTLOKAAL, 'Vertrekker')
    await give(FLIRTLOKAAL, gone, 10)
    const sent = await send(FLIRTLOKAAL, gone, a.profile.id, 'tot ziens')
    if (!sent.ok) throw new Error('not sent')
    const deletedAt = new Date(Date.now() - GRACE_MS - 60_000)
    await inScope(FLIRTLOKAAL, async (tx) => {
      await tx.user.update({ where: { poolId_tenantId_id: { poolId: FLIRTLOKAAL.poolId, tenantId: FLIRTLOKAAL.tenantId, id: gone.user.id } }, data: { status: 'deleted', deletedAt } })
      await tx.profile.update({ where: { poolId_id: { poolId: FLIRTLOKAAL.poolId, id: gone.profile.id } }, data: { status: 'deleted' } })
    })
    expect(await purgeExpiredAccounts(db, FLIRTLOKAAL)).toBeGreaterThanOrEqual(1)
    expect(await inScope(FLIRTLOKAAL, (tx) => tx.user.count({ where: { id: gone.user.id } }))).toBe(0)
    const shell = await inScope(FLIRTLOKAAL, (tx) => tx.profile.findUniqueOrThrow({ where: { poolId_id: { poolId: FLIRTLOKAAL.poolId, id: gone.profile.id } } }))
    expect(shell).toMatchObject({ userId: null, name: '', status: 'deleted' })
    const list = await inScope(FLIRTLOKAAL, (tx) => listChats(tx, FLIRTLOKAAL, a.profile.id, '/media/'))
    expect(list).toMatchObject([{ id: sent.conversationId, partner: { id: gone.profile.id, name: '' }, lastMessage: { body: 'tot ziens' } }])
    const chat = await inScope(FLIRTLOKAAL, (tx) => loadChat(tx, FLIRTLOKAAL, a.profile.id, sent.conversationId, '/media/'))
    expect(chat).toMatchObject({ partnerGone: true, messages: [{ body: 'tot ziens', mine: false }] })
    await give(FLIRTLOKAAL, a, 10)
    expect(await send(FLIRTLOKAAL, a, gone.profile.id, 'hallo?')).toEqual({ ok: false, reason: 'not_found' })
  })
})
