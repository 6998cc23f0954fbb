// The chat list costs a fixed number of statements, however many conversations it shows
// (issue #12: /chats and /api/chats did two per conversation).
import { PrismaPg } from '@prisma/adapter-pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PrismaClient } from '~/generated/prisma/client.ts'
import { appDb, createMember, FLIRTLOKAAL } from '../../../tests/fixtures.ts'
import type { Db } from '../db/client.server.ts'
import { withScope } from '../db/scoped.server.ts'
import { changeCredits } from '../credits/ledger.server.ts'
import { listChats } from './conversations.server.ts'
import { sendMessage } from './send.server.ts'

let db: Db
let counted: PrismaClient<'query'>
let statements = 0
beforeAll(() => {
  db = appDb(4)
  counted = new PrismaClient({ adapter: new PrismaPg({ connectionString: process.env.APP_DATABASE_URL!, max: 2 }), log: [{ emit: 'event' as const, level: 'query' as const }] })
  counted.$on('query', () => {
    statements++
  })
})
afterAll(async () => {
  await Promise.all([db.$disconnect(), counted.$disconnect()])
})

async function statementsForList(me: number): Promise<{ statements: number; chats: number }> {
  statements = 0
  const chats = await withScope(counted, FLIRTLOKAAL, (tx) => listChats(tx, FLIRTLOKAAL, me, '/media/'))
  return { statements, chats: chats.length }
}

describe('listChats', () => {
  it('runs the same number of statements for 2 conversations as for 30', async () => {
    const me = await createMember(db, FLIRTLOKAAL)
    await withScope(db, FLIRTLOKAAL, (tx) => changeCredits(tx, FLIRTLOKAAL, { userId: me.user.id, delta: 1000, reason: 'bonus' }))
    const partners = []
    for (let i = 0; i < 30; i++) partners.push(await createMember(db, FLIRTLOKAAL))
    const send = (to: number, body: string) => sendMessage(db, FLIRTLOKAAL, { sender: { userId: me.user.id, profileId: me.profile.id, paidUser: true }, recipientId: to, body, cost: 1, maxLength: 100 })
    for (const p of partners.slice(0, 2)) expect((await send(p.profile.id, 'hoi')).ok).toBe(true)
    const small = await statementsForList(me.profile.id)
    for (const p of partners.slice(2)) expect((await send(p.profile.id, 'hoi')).ok).toBe(true)
    const large = await statementsForList(me.profile.id)
    expect(small.chats).toBe(2)
    expect(large.chats).toBe(30)
    expect(large.statements).toBe(small.statements)
    // Transaction control and the scope settings included: a handful, not one per row.
    expect(large.statements).toBeLessThanOrEqual(12)
  })
})
