// The request's shared read transaction: one transaction for many reads, in order, scoped
// like withScope (row-level security holds), and robust when a read fails.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appDb, createMember, DATEVIBE, FLIRTLOKAAL } from '../../../tests/fixtures.ts'
import type { Db } from './client.server.ts'
import { createRequestReads } from './request-reads.server.ts'
import { readScoped, type ScopedTx } from './scoped.server.ts'

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
