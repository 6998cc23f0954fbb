// A burst of one member's chat sends must not starve the connection pool: the sends take
// turns before they take a connection, so another member's request still gets one; and a
// request that gets no connection in time is a 503 with Retry-After, never a 500.
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { createDb } from '../db/client.server.ts'
import { PoolBusy } from '../db/pool-busy.server.ts'
import { withScope } from '../db/scoped.server.ts'
import { changeCredits } from '../credits/ledger.server.ts'
import { appDb, createMember, FLIRTLOKAAL } from '../../../tests/fixtures.ts'
import { sendMessage } from './send.server.ts'

const setup = appDb()
const small = createDb(process.env.APP_DATABASE_URL!, 3)

afterAll(async () => {
  await setup.$disconnect()
  await small.$disconnect()
})

describe('a burst of one member\'s sends', () => {
  it('holds at most one pooled connection: another member\'s transaction still starts', { timeout: 60_000 }, async () => {
    const sender = await createMember(setup, FLIRTLOKAAL)
    const recipient = await createMember(setup, FLIRTLOKAAL)
    const other = await createMember(setup, FLIRTLOKAAL)
    await withScope(setup, FLIRTLOKAAL, (tx) => changeCredits(tx, FLIRTLOKAAL, { userId: sender.user.id, delta: 100, reason: 'bonus' }))
    // Another connection holds the pair's lock for a while: every send of the burst waits on it.
    const holder = new pg.Client({ connectionString: process.env.TEST_OWNER_DATABASE_URL })
    await holder.connect()
    const [a, b] = [Math.min(sender.profile.id, recipient.profile.id), Math.max(sender.profile.id, recipient.profile.id)]
    await holder.query('BEGIN')
    await holder.query('SELECT pg_advisory_xact_lock($1::int, $2::int)', [a, b])
    const burst = Array.from({ length: 8 }, (_, i) =>
      sendMessage(small, FLIRTLOKAAL, { sender: { userId: sender.user.id, profileId: sender.profile.id, paidUser: true }, recipientId: recipient.profile.id, body: `burst ${i}`, cost: 1, maxLength: 500 }),
    )
    await new Promise((resolve) => setTimeout(resolve, 300))
    try {
      // Prisma's default wait for a connection (2 s): the pool of 3 must have one free.
      const seen = await withScope(small, FLIRTLOKAAL, (tx) => tx.user.findUnique({ where: { poolId_tenantId_id: { poolId: FLIRTLOKAAL.poolId, tenantId: FLIRTLOKAAL.tenantId, id: other.user.id } }, select: { id: true } }), { maxWait: 2_000 })
      expect(seen?.id).toBe(other.user.id)
    } finally {
      await holder.query('COMMIT')
      await holder.end()
    }
    const results = await Promise.all(burst)
    expect(results.every((r) => r.ok)).toBe(true)
    const count = await withScope(setup, FLIRTLOKAAL, (tx) => tx.message.count({ where: { senderId: sender.profile.id } }))
    expect(count).toBe(8)
  })

  it('no connection in time: PoolBusy, a 503 with Retry-After', { timeout: 30_000 }, async () => {
    const one = createDb(process.env.APP_DATABASE_URL!, 1)
    try {
      let release: (() => void) | undefined
      const held = withScope(one, FLIRTLOKAAL, () => new Promise<void>((resolve) => (release = resolve)), { timeout: 10_000 })
      // The one connection is taken once the transaction's body runs (slower on a loaded machine).
      for (let waited = 0; !release && waited < 10_000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20))
      const refused = await withScope(one, FLIRTLOKAAL, (tx) => tx.user.count(), { maxWait: 300 }).catch((error: unknown) => error)
      release?.()
      await held
      expect(refused).toBeInstanceOf(PoolBusy)
      expect((refused as PoolBusy).status).toBe(503)
      expect((refused as PoolBusy).headers.get('Retry-After')).toMatch(/^\d+$/)
    } finally {
      await one.$disconnect()
    }
  })
})
