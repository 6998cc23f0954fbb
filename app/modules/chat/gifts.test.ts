// Gifts (decision 017) against a real database: charged once on the ledger (reason gift),
// never below zero under concurrency, stored in the conversation for both partners, refused
// uncharged where a message would be, and heard live by the partner.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appDb, createMember, FLIRTLOKAAL, DATEDICHTBIJ } from '../../../tests/fixtures.ts'
import { createBlock } from '../accounts/blocks.server.ts'
import type { Db } from '../db/client.server.ts'
import { withScope, type Scope } from '../db/scoped.server.ts'
import { changeCredits } from '../credits/ledger.server.ts'
import { getBus } from '../bus/bus.server.ts'
import { subscribeMemberEvents, type MemberEvent } from '../realtime/member-events.server.ts'
import { listChats, loadChat } from './conversations.server.ts'
import { sendMessage, type SendInput } from './send.server.ts'

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
const gift = (scope: Scope, from: M, to: number, kind = 'rose', extra: Partial<SendInput> = {}) =>
  sendMessage(db, scope, { sender: { userId: from.user.id, profileId: from.profile.id, paidUser: false }, recipientId: to, body: 'ignored', gift: kind, cost: 25, maxLength: 100, ...extra })
const credits = (scope: Scope, m: M) => inScope(scope, async (tx) => (await tx.user.findUniqueOrThrow({ where: { poolId_tenantId_id: { poolId: scope.poolId, tenantId: scope.tenantId, id: m.user.id } } })).credits)

describe('gifts', () => {
  it('a gift is charged gift_credits with reason gift, and both partners see it in the conversation', async () => {
    const a = await createMember(db, FLIRTLOKAAL)
    const b = await createMember(db, DATEDICHTBIJ)
    await give(FLIRTLOKAAL, a, 30)
    const result = await gift(FLIRTLOKAAL, a, b.profile.id, 'champagne')
    expect(result).toMatchObject({ ok: true, delivered: true, balance: 5 })
    if (!result.ok) return
    const ledger = await inScope(FLIRTLOKAAL, (tx) => tx.creditTransaction.findMany({ where: { userId: a.user.id, reason: { in: ['gift', 'message'] } } }))
    expect(ledger.map((r) => [r.reason, r.delta, r.reference, r.balanceAfter])).toEqual([['gift', -25, result.messageId, 5]])
    const mine = await inScope(FLIRTLOKAAL, (tx) => loadChat(tx, FLIRTLOKAAL, a.profile.id, result.conversationId, '/media/'))
    expect(mine?.messages.map((m) => [m.mine, m.gift, m.body])).toEqual([[true, 'champagne', '']])
    const theirs = await inScope(DATEDICHTBIJ, (tx) => loadChat(tx, DATEDICHTBIJ, b.profile.id, result.conversationId, '/media/'))
    expect(theirs?.messages.map((m) => [m.mine, m.gift])).toEqual([[false, 'champagne']])
    const list = await inScope(DATEDICHTBIJ, (tx) => listChats(tx, DATEDICHTBIJ, b.profile.id, '/media/'))
    expect(list[0]).toMatchObject({ unread: 1, lastMessage: { gift: 'champagne', mine: false } })
  })

  it('50 concurrent gifts from a balance that pays for exactly 4: 4 gifts, balance 0, never below, a ledger row each', async () => {
    const a = await createMember(db, FLIRTLOKAAL)
    const b = await createMember(db, FLIRTLOKAAL)
    await give(FLIRTLOKAAL, a, 100)
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => gift(FLIRTLOKAAL, a, b.profile.id, i % 2 ? 'rose' : 'heart')))
    expect(results.filter((r) => r.ok)).toHaveLength(4)
    expect(results.filter((r) => !r.ok && r.reason === 'insufficient')).toHaveLength(46)
    expect(await credits(FLIRTLOKAAL, a)).toBe(0)
    const stored = await inScope(FLIRTLOKAAL, (tx) => tx.message.findMany({ where: { senderId: a.profile.id }, select: { id: true, gift: true, credits: true } }))
    expect(stored).toHaveLength(4)
    expect(stored.every((m) => m.gift !== null && m.credits === 25)).toBe(true)
    const ledger = await inScope(FLIRTLOKAAL, (tx) => tx.creditTransaction.findMany({ where: { userId: a.user.id, reason: 'gift' } }))
    expect(ledger.map((r) => r.reference).sort()).toEqual(stored.map((m) => m.id).sort())
    expect(ledger.map((r) => r.balanceAfter).sort((x, y) => x - y)).toEqual([0, 25, 50, 75])
  })

  it('refused and uncharged like a message: a blocker, an invisible member, and a free member past the conversation limit', async () => {
    const a = await createMember(db, FLIRTLOKAAL)
    const blocker = await createMember(db, FLIRTLOKAAL)
    const hidden = await createMember(db, FLIRTLOKAAL)
    const [c1, c2, c3] = [await createMember(db, FLIRTLOKAAL), await createMember(db, FLIRTLOKAAL), await createMember(db, FLIRTLOKAAL)]
    await give(FLIRTLOKAAL, a, 200)
    await createBlock(db, FLIRTLOKAAL, blocker.profile.id, a.profile.id)
    await inScope(FLIRTLOKAAL, (tx) => tx.profile.update({ where: { poolId_id: { poolId: FLIRTLOKAAL.poolId, id: hidden.profile.id } }, data: { invisible: true } }))
    expect(await gift(FLIRTLOKAAL, a, blocker.profile.id)).toEqual({ ok: false, reason: 'not_found' })
    expect(await gift(FLIRTLOKAAL, a, hidden.profile.id)).toEqual({ ok: false, reason: 'not_found' })
    expect(await gift(FLIRTLOKAAL, a, c1.profile.id)).toMatchObject({ ok: true })
    expect(await gift(FLIRTLOKAAL, a, c2.profile.id)).toMatchObject({ ok: true })
    expect(await gift(FLIRTLOKAAL, a, c3.profile.id)).toEqual({ ok: false, reason: 'conversation_limit' })
    expect(await credits(FLIRTLOKAAL, a)).toBe(200 - 2 * 25)
  })

  it('the partner hears of it live, with the gift', async () => {
    const a = await createMember(db, FLIRTLOKAAL)
    const b = await createMember(db, FLIRTLOKAAL)
    await give(FLIRTLOKAAL, a, 25)
    const events: MemberEvent[] = []
    const unsubscribe = await subscribeMemberEvents(FLIRTLOKAAL.poolId, b.profile.id, (e) => events.push(e), getBus())
    try {
      const result = await gift(FLIRTLOKAAL, a, b.profile.id, 'teddy')
      expect(result.ok).toBe(true)
      await expect.poll(() => events).toEqual([{ type: 'message', conversation: result.ok ? result.conversationId : -1, from: a.profile.id, gift: 'teddy' }])
    } finally {
      await unsubscribe()
    }
  })
})
