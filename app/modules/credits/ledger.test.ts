// The ledger under real concurrency: parallel transactions race for the same account row,
// and the database constraints are tried directly, as an attacker with a forged query would.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appDb, createMember, DATEDICHTBIJ, DATEVIBE, FLIRTLOKAAL } from '../../../tests/fixtures.ts'
import type { Db } from '../db/client.server.ts'
import { withScope, type Scope } from '../db/scoped.server.ts'
import { changeCredits, listCreditTransactions, type CreditChange } from './ledger.server.ts'

let db: Db

beforeAll(() => {
  db = appDb(10)
})

afterAll(async () => {
  await db.$disconnect()
})

// 100 transactions queue for 10 connections and one row lock: on a loaded machine that takes
// longer than Prisma's default 2 s wait for a connection, which is not what is tested here.
const change = (scope: Scope, c: CreditChange) => withScope(db, scope, (tx) => changeCredits(tx, scope, c), { maxWait: 60_000, timeout: 60_000 })
const balanceOf = (scope: Scope, userId: string) =>
  withScope(db, scope, async (tx) => (await tx.user.findUniqueOrThrow({ where: { poolId_tenantId_id: { poolId: scope.poolId, tenantId: scope.tenantId, id: userId } }, select: { credits: true } })).credits)

describe('changeCredits', () => {
  it('credits and debits, each with its ledger row and the balance after', async () => {
    const { user } = await createMember(db, FLIRTLOKAAL)
    expect(await change(FLIRTLOKAAL, { userId: user.id, delta: 30, reason: 'bonus', reference: `b-${user.id}` })).toMatchObject({ ok: true, balance: 30 })
    expect(await change(FLIRTLOKAAL, { userId: user.id, delta: -12, reason: 'message', reference: `m-${user.id}` })).toMatchObject({ ok: true, balance: 18 })
    expect(await change(FLIRTLOKAAL, { userId: user.id, delta: -19, reason: 'message', reference: `m2-${user.id}` })).toEqual({ ok: false, reason: 'insufficient', balance: 18 })
    expect(await balanceOf(FLIRTLOKAAL, user.id)).toBe(18)
    const rows = await withScope(db, FLIRTLOKAAL, (tx) => listCreditTransactions(tx, FLIRTLOKAAL, user.id))
    expect(rows.map((r) => [r.delta, r.reason, r.balanceAfter])).toEqual([
      [-12, 'message', 18],
      [30, 'bonus', 30],
    ])
  })

  it('100 concurrent debits from a balance that pays for exactly 10: 10 pass, balance 0, 10 rows', async () => {
    const { user } = await createMember(db, FLIRTLOKAAL)
    await change(FLIRTLOKAAL, { userId: user.id, delta: 50, reason: 'purchase', reference: `p-${user.id}` })
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) => change(FLIRTLOKAAL, { userId: user.id, delta: -5, reason: 'message', reference: `race-${user.id}-${i}` })),
    )
    expect(results.filter((r) => r.ok)).toHaveLength(10)
    expect(results.filter((r) => !r.ok && r.reason === 'insufficient')).toHaveLength(90)
    expect(await balanceOf(FLIRTLOKAAL, user.id)).toBe(0)
    const debits = (await withScope(db, FLIRTLOKAAL, (tx) => listCreditTransactions(tx, FLIRTLOKAAL, user.id, 200))).filter((r) => r.reason === 'message')
    expect(debits).toHaveLength(10)
    expect(debits.map((r) => r.balanceAfter).sort((a, b) => a - b)).toEqual([0, 5, 10, 15, 20, 25, 30, 35, 40, 45])
  })

  it('a reference is credited once under 50 parallel attempts', async () => {
    const { user } = await createMember(db, FLIRTLOKAAL)
    const results = await Promise.all(
      Array.from({ length: 50 }, () => change(FLIRTLOKAAL, { userId: user.id, delta: 100, reason: 'purchase', reference: `pay-${user.id}` })),
    )
    expect(results.filter((r) => r.ok)).toHaveLength(1)
    expect(results.filter((r) => !r.ok && r.reason === 'duplicate')).toHaveLength(49)
    expect(await balanceOf(FLIRTLOKAAL, user.id)).toBe(100)
    // The same reference under another reason is another change (a refund of that payment).
    expect(await change(FLIRTLOKAAL, { userId: user.id, delta: -100, reason: 'refund', reference: `pay-${user.id}` })).toMatchObject({ ok: true, balance: 0 })
  })

  it('refuses an account of another site, in the pool and outside it, and changes nothing there', async () => {
    const near = await createMember(db, DATEDICHTBIJ)
    const far = await createMember(db, DATEVIBE)
    await change(DATEDICHTBIJ, { userId: near.user.id, delta: 10, reason: 'bonus' })
    for (const target of [near, far]) {
      expect(await change(FLIRTLOKAAL, { userId: target.user.id, delta: 10, reason: 'bonus' })).toEqual({ ok: false, reason: 'no_account' })
      expect(await change(FLIRTLOKAAL, { userId: target.user.id, delta: -10, reason: 'message' })).toEqual({ ok: false, reason: 'no_account' })
    }
    expect(await balanceOf(DATEDICHTBIJ, near.user.id)).toBe(10)
    expect(await balanceOf(DATEVIBE, far.user.id)).toBe(0)
    expect(await change(FLIRTLOKAAL, { userId: 'no-such-user', delta: 1, reason: 'bonus' })).toEqual({ ok: false, reason: 'no_account' })
  })

  it('the database refuses what the function never does: a negative balance, a zero delta, a forged site', async () => {
    const { user } = await createMember(db, FLIRTLOKAAL)
    const other = await createMember(db, DATEDICHTBIJ)
    await expect(withScope(db, FLIRTLOKAAL, (tx) => tx.user.update({ where: { poolId_tenantId_id: { poolId: FLIRTLOKAAL.poolId, tenantId: FLIRTLOKAAL.tenantId, id: user.id } }, data: { credits: -1 } }))).rejects.toThrow(/User_credits_nonnegative/)
    await expect(
      withScope(db, FLIRTLOKAAL, (tx) => tx.creditTransaction.create({ data: { poolId: 'benelux', tenantId: 'flirtlokaal', userId: user.id, delta: 0, reason: 'bonus', balanceAfter: 0 } })),
    ).rejects.toThrow(/delta_nonzero/)
    await expect(
      withScope(db, FLIRTLOKAAL, (tx) => tx.creditTransaction.create({ data: { poolId: 'benelux', tenantId: 'flirtlokaal', userId: user.id, delta: -1, reason: 'bonus', balanceAfter: -1 } })),
    ).rejects.toThrow(/balanceAfter_nonnegative/)
    // A row naming another site's account under this site: the composite foreign key refuses it.
    await expect(
      withScope(db, FLIRTLOKAAL, (tx) => tx.creditTransaction.create({ data: { poolId: 'benelux', tenantId: 'flirtlokaal', userId: other.user.id, delta: 5, reason: 'bonus', balanceAfter: 5 } })),
    ).rejects.toThrow(/foreign key/i)
    // And a row for the other site from this site's scope: row-level security refuses it.
    await expect(
      withScope(db, FLIRTLOKAAL, (tx) => tx.creditTransaction.create({ data: { poolId: 'benelux', tenantId: 'datedichtbij', userId: other.user.id, delta: 5, reason: 'bonus', balanceAfter: 5 } })),
    ).rejects.toThrow(/row-level security/i)
    await expect(change(FLIRTLOKAAL, { userId: user.id, delta: 0, reason: 'bonus' })).rejects.toThrow(/non-zero/)
  })

  it('rolls back with the caller: a failed transaction leaves neither balance nor row', async () => {
    const { user } = await createMember(db, FLIRTLOKAAL)
    await expect(
      withScope(db, FLIRTLOKAAL, async (tx) => {
        await changeCredits(tx, FLIRTLOKAAL, { userId: user.id, delta: 7, reason: 'bonus' })
        throw new Error('later step failed')
      }),
    ).rejects.toThrow('later step failed')
    expect(await balanceOf(FLIRTLOKAAL, user.id)).toBe(0)
    expect(await withScope(db, FLIRTLOKAAL, (tx) => tx.creditTransaction.count({ where: { userId: user.id } }))).toBe(0)
  })
})
