// #20.9 (decision 040): a paid form carries a key made by its loader; it becomes the message's
// id and ledger reference, so a resubmitted message or gift (double click before hydration,
// no JavaScript, a proxy's retry) is stored and charged once. Against a real database.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appDb, createMember, FLIRTLOKAAL } from '../../../tests/fixtures.ts'
import type { Db } from '../db/client.server.ts'
import { withScope } from '../db/scoped.server.ts'
import { changeCredits } from '../credits/ledger.server.ts'
import { sendMessage, type SendInput } from './send.server.ts'

let db: Db
beforeAll(() => {
  db = appDb(10)
})
afterAll(async () => {
  await db.$disconnect()
})

type M = Awaited<ReturnType<typeof createMember>>
const give = (m: M, credits: number) => withScope(db, FLIRTLOKAAL, (tx) => changeCredits(tx, FLIRTLOKAAL, { userId: m.user.id, delta: credits, reason: 'bonus' }))
const send = (from: M, to: M, extra: Partial<SendInput>) =>
  sendMessage(db, FLIRTLOKAAL, { sender: { userId: from.user.id, profileId: from.profile.id, paidUser: true }, recipientId: to.profile.id, body: 'Hoi!', cost: 10, maxLength: 100, ...extra })
const charges = (m: M) => withScope(db, FLIRTLOKAAL, (tx) => tx.creditTransaction.findMany({ where: { userId: m.user.id, reason: { in: ['message', 'gift'] } } }))

describe('#20.9 a resubmitted paid form', () => {
  it('10 submissions of one message form at once: one message, one charge, the same answer', async () => {
    const a = await createMember(db, FLIRTLOKAAL)
    const b = await createMember(db, FLIRTLOKAAL)
    await give(a, 100)
    const key = randomUUID()
    const results = await Promise.all(Array.from({ length: 10 }, () => send(a, b, { requestKey: key })))
    expect(results.every((r) => r.ok && r.messageId === key)).toBe(true)
    const ledger = await charges(a)
    expect(ledger.map((r) => [r.delta, r.reference])).toEqual([[-10, key]])
    expect(await withScope(db, FLIRTLOKAAL, (tx) => tx.message.count({ where: { senderId: a.profile.id } }))).toBe(1)
    // A new form (a new key from the loader) is a new message.
    expect(await send(a, b, { requestKey: randomUUID() })).toMatchObject({ ok: true })
    expect(await charges(a)).toHaveLength(2)
  })

  it('a gift sent again after it went through is charged once; another member cannot use the key', async () => {
    const a = await createMember(db, FLIRTLOKAAL)
    const b = await createMember(db, FLIRTLOKAAL)
    const c = await createMember(db, FLIRTLOKAAL)
    await give(a, 100)
    await give(c, 100)
    const key = randomUUID()
    expect(await send(a, b, { requestKey: key, gift: 'rose', cost: 25 })).toMatchObject({ ok: true, messageId: key })
    expect(await send(a, b, { requestKey: key, gift: 'rose', cost: 25 })).toMatchObject({ ok: true, messageId: key })
    expect((await charges(a)).map((r) => [r.reason, r.delta])).toEqual([['gift', -25]])
    expect(await send(c, b, { requestKey: key })).toEqual({ ok: false, reason: 'not_found' })
    expect(await charges(c)).toHaveLength(0)
  })
})
