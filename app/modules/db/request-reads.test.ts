// The request's shared read transaction: one transaction for many reads, in order, scoped
// like withScope (row-level security holds), and robust when a read fails.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appDb, createMember, DATEVIBE, FLIRTLOKAAL } from '../../../tests/fixtures.ts'
import { PrismaPg } from '@prisma/adapter-pg'
import pg from 'pg'
import { PrismaClient } from '~/generated/prisma/client.ts'
import type { Db } from './client.server.ts'
import { PoolBusy } from './pool-busy.server.ts'
import { createRequestReads, requestDb } from './request-reads.server.ts'
import { readScoped, withScope, type ScopedTx } from './scoped.server.ts'

let db: Db

beforeAll(() => {
  db = appDb(4)
})

afterAll(async () => {
  await db.$disconnect()
})

const txid = async (tx: ScopedTx) => (await tx.$queryRaw<{ id: string }[]>`SELECT txid_current()::text AS id`)[0]!.id

describe('createRequestReads', () => {
  it('runs parallel reads in one transaction, one after another', async () => {
    const reads = createRequestReads(db, FLIRTLOKAAL)
    const order: number[] = []
    const ids = await Promise.all(
      [1, 2, 3].map((n) =>
        readScoped(reads, FLIRTLOKAAL, async (tx) => {
          const id = await txid(tx)
          order.push(n)
          return id
        }),
      ),
    )
    await reads.end()
    expect(new Set(ids).size).toBe(1)
    expect(order).toEqual([1, 2, 3])
    // After end() the next read opens a new transaction.
    const later = await readScoped(reads, FLIRTLOKAAL, txid)
    await reads.end()
    expect(later).not.toBe(ids[0])
  })

  it('keeps the scope: rows of another site stay invisible, and another scope is refused', async () => {
    const elsewhere = await createMember(db, DATEVIBE, 'Elsewhere')
    const reads = createRequestReads(db, FLIRTLOKAAL)
    const seen = await readScoped(reads, FLIRTLOKAAL, (tx) => tx.user.findFirst({ where: { id: elsewhere.user.id } }))
    expect(seen).toBeNull()
    await expect(readScoped(reads, DATEVIBE, (tx) => tx.user.count())).rejects.toThrow(/another scope/)
    await reads.end()
  })

  it('after a failed read, later reads still answer (in a transaction of their own)', async () => {
    const reads = createRequestReads(db, FLIRTLOKAAL)
    const first = readScoped(reads, FLIRTLOKAAL, txid)
    const broken = readScoped(reads, FLIRTLOKAAL, (tx) => tx.$queryRaw`SELECT 1 / 0`)
    const after = readScoped(reads, FLIRTLOKAAL, txid)
    await expect(broken).rejects.toThrow()
    const [a, c] = await Promise.all([first, after])
    expect(c).not.toBe(a)
    await reads.end()
  })

  it('commits by itself when nobody ends it, so no connection is held', async () => {
    const reads = createRequestReads(db, FLIRTLOKAAL, { idleMs: 5 })
    const id = await readScoped(reads, FLIRTLOKAAL, txid)
    await new Promise((r) => setTimeout(r, 50))
    const next = await readScoped(reads, FLIRTLOKAAL, txid)
    expect(next).not.toBe(id)
    await reads.end()
  })
})

describe('one pool connection per request (issue 24)', () => {
  let pool: pg.Pool
  let one: Db
  let most = 0
  let sampler: ReturnType<typeof setInterval>

  beforeAll(() => {
    // A pool of ONE connection: a request that held two would wait for itself.
    pool = new pg.Pool({ connectionString: process.env.APP_DATABASE_URL!, max: 1 })
    one = new PrismaClient({ adapter: new PrismaPg(pool) })
    pool.on('acquire', () => (most = Math.max(most, pool.totalCount - pool.idleCount)))
    sampler = setInterval(() => (most = Math.max(most, pool.totalCount - pool.idleCount)), 1)
  })

  afterAll(async () => {
    clearInterval(sampler)
    await one.$disconnect()
    await pool.end()
  })

  const nickname = (tx: ScopedTx, userId: string) => tx.profile.findFirst({ where: { userId }, select: { name: true } }).then((p) => p?.name)

  it('without the turn (the old way) a read-then-write request waits for its own connection', async () => {
    // (A request's shared transaction stays open until the response, here: until end().)
    const reads = createRequestReads(one, FLIRTLOKAAL, { idleMs: 10_000 })
    await readScoped(reads, FLIRTLOKAAL, txid)
    // The shared read transaction still holds the only connection: the write cannot start.
    await expect(withScope(one, FLIRTLOKAAL, txid, { maxWait: 300 })).rejects.toBeInstanceOf(PoolBusy)
    await reads.end()
  })

  it('reads, writes, reads again on a pool of one, never two connections at once', async () => {
    const member = await createMember(db, FLIRTLOKAAL, 'Eenverbinding')
    const reads = createRequestReads(one, FLIRTLOKAAL, { idleMs: 10_000 })
    const requestHandle = requestDb(one, reads)
    most = 0
    const before = await Promise.all([readScoped(reads, FLIRTLOKAAL, txid), readScoped(reads, FLIRTLOKAAL, (tx) => nickname(tx, member.user.id))])
    expect(before[1]).toBe('Eenverbinding')
    const write = withScope(
      requestHandle,
      FLIRTLOKAAL,
      async (tx) => {
        await new Promise((resolve) => setTimeout(resolve, 30))
        await tx.profile.updateMany({ where: { userId: member.user.id }, data: { name: 'Bijgewerkt' } })
        // Inside the write, the request's reads run on the write's connection.
        const inside = await readScoped(reads, FLIRTLOKAAL, txid)
        expect(inside).toBe(await txid(tx))
        expect(await readScoped(reads, FLIRTLOKAAL, (r) => nickname(r, member.user.id))).toBe('Bijgewerkt')
        return txid(tx)
      },
      { maxWait: 2_000 },
    )
    // A read asked for (elsewhere in the request) while the write runs waits for it and
    // sees what it wrote.
    await new Promise((resolve) => setTimeout(resolve, 10))
    const during = readScoped(reads, FLIRTLOKAAL, (r) => nickname(r, member.user.id))
    const writeTx = await write
    expect(writeTx).not.toBe(before[0])
    expect(await during).toBe('Bijgewerkt')
    // Two writes at once take turns as well.
    await Promise.all([1, 2].map(() => withScope(requestHandle, FLIRTLOKAAL, txid, { maxWait: 2_000 })))
    await reads.end()
    expect(most).toBe(1)
    expect(pool.waitingCount).toBe(0)
  })
})
