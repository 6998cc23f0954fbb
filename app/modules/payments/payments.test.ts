// Acceptance of #13 against real Postgres and the real Mollie client talking to the local
// sandbox: a webhook credits exactly once, whatever arrives and how often.
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appDb, createMember, DATEVIBE, FLIRTLOKAAL } from '../../../tests/fixtures.ts'
import { creditsOf, purchase, sendWebhook, startSandbox } from '../../../tests/payments.ts'
import type { MollieSandbox } from '../../../scripts/lib/mollie-sandbox.ts'
import type { Db } from '../db/client.server.ts'
import { withScope } from '../db/scoped.server.ts'
import { mollieFor } from './mollie.server.ts'
import { tenantFor } from '../../../tests/route-harness.ts'
import { reconcileOpenPayments } from './reconcile.server.ts'

let db: Db
let sandbox: MollieSandbox

beforeAll(async () => {
  db = appDb(12)
  sandbox = await startSandbox()
})

afterAll(async () => {
  await db.$disconnect()
  await sandbox.close()
  delete process.env.MOLLIE_API_ENDPOINT
})


describe('the Mollie webhook', () => {
  it('credits a paid payment once when the same webhook arrives 50 times at once, and makes the member premium', async () => {
    const { user } = await createMember(db, FLIRTLOKAAL)
    const { row, molliePaymentId } = await purchase(db, FLIRTLOKAAL, user.id)
    await sandbox.complete(molliePaymentId, 'paid')
    const answers = await Promise.all(Array.from({ length: 50 }, () => sendWebhook(FLIRTLOKAAL, molliePaymentId)))
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200))
    const after = await creditsOf(db, FLIRTLOKAAL, user.id)
    expect(after.credits).toBe(row.credits)
    expect(after.paidUser).toBe(true)
    expect(after.ledger).toHaveLength(1)
    expect(after.ledger[0]).toMatchObject({ delta: row.credits, reason: 'purchase', reference: row.id })
    const paid = await withScope(db, FLIRTLOKAAL, (tx) => tx.payment.findUniqueOrThrow({ where: { poolId_tenantId_id: { poolId: FLIRTLOKAAL.poolId, tenantId: FLIRTLOKAAL.tenantId, id: row.id } } }))
    expect(paid.status).toBe('paid')
    expect(paid.creditedAt).not.toBeNull()
  })

  it.each(['open', 'pending', 'failed', 'canceled', 'expired'] as const)('credits nothing for a %s payment', async (status) => {
    const { user } = await createMember(db, DATEVIBE)
    const { row, molliePaymentId } = await purchase(db, DATEVIBE, user.id)
    if (status !== 'open') await sandbox.complete(molliePaymentId, status)
    expect((await sendWebhook(DATEVIBE, molliePaymentId)).status).toBe(200)
    const after = await creditsOf(db, DATEVIBE, user.id)
    expect(after).toMatchObject({ credits: 0, paidUser: false, ledger: [] })
    const stored = await withScope(db, DATEVIBE, (tx) => tx.payment.findUniqueOrThrow({ where: { poolId_tenantId_id: { poolId: DATEVIBE.poolId, tenantId: DATEVIBE.tenantId, id: row.id } } }))
    expect(stored.status).toBe(status)
  })

  it('credits nothing and records why when Mollie\'s amount differs from ours', async () => {
    const { user } = await createMember(db, FLIRTLOKAAL)
    const { row, molliePaymentId } = await purchase(db, FLIRTLOKAAL, user.id)
    // Someone changed our row's price after the payment was made (or Mollie's differs).
    await withScope(db, FLIRTLOKAAL, (tx) => tx.payment.update({ where: { poolId_tenantId_id: { poolId: FLIRTLOKAAL.poolId, tenantId: FLIRTLOKAAL.tenantId, id: row.id } }, data: { amount: row.amount + 1 } }))
    await sandbox.complete(molliePaymentId, 'paid')
    const errors: string[] = []
    const original = console.error
    console.error = (...args: unknown[]) => void errors.push(args.map(String).join(' '))
    try {
      expect((await sendWebhook(FLIRTLOKAAL, molliePaymentId)).status).toBe(200)
    } finally {
      console.error = original
    }
    expect(await creditsOf(db, FLIRTLOKAAL, user.id)).toMatchObject({ credits: 0, paidUser: false, ledger: [] })
    const stored = await withScope(db, FLIRTLOKAAL, (tx) => tx.payment.findUniqueOrThrow({ where: { poolId_tenantId_id: { poolId: FLIRTLOKAAL.poolId, tenantId: FLIRTLOKAAL.tenantId, id: row.id } } }))
    expect(stored.mismatch).toMatch(/amount/)
    expect(stored.creditedAt).toBeNull()
    expect(errors.join('\n')).toContain(row.id)
  })

  it('asks Mollie about unknown ids at most 20 times per address (200 per site) and still answers 200; known ids are never limited', async () => {
    const gets = (id: string) => sandbox.apiCalls.filter((c) => c.method === 'GET' && c.path.endsWith(`/payments/${id}`)).length
    const flood = Array.from({ length: 30 }, (_, i) => `tr_flood${i}x${Math.random().toString(36).slice(2, 8)}`)
    const warn = console.warn
    console.warn = () => undefined
    try {
      const answers = []
      for (const id of flood) answers.push((await sendWebhook(DATEVIBE, id, '203.0.113.7')).status)
      expect(answers).toEqual(Array(30).fill(200))
      expect(flood.map(gets).reduce((a, b) => a + b, 0)).toBe(20)
      expect(flood.slice(20).map(gets)).toEqual(Array(10).fill(0))
      // Another address still gets its own lookups; a known payment from the flooding address is synced.
      const other = `tr_other${Math.random().toString(36).slice(2, 8)}`
      expect((await sendWebhook(DATEVIBE, other, '203.0.113.8')).status).toBe(200)
      expect(gets(other)).toBe(1)
      const { user } = await createMember(db, DATEVIBE)
      const { row, molliePaymentId } = await purchase(db, DATEVIBE, user.id)
      await sandbox.complete(molliePaymentId, 'paid')
      expect((await sendWebhook(DATEVIBE, molliePaymentId, '203.0.113.7')).status).toBe(200)
      expect((await creditsOf(db, DATEVIBE, user.id)).credits).toBe(row.credits)
    } finally {
      console.warn = warn
    }
  })

  it('answers 200 and changes nothing for an unknown id or another site\'s payment', async () => {
    const { user } = await createMember(db, FLIRTLOKAAL)
    const { molliePaymentId } = await purchase(db, FLIRTLOKAAL, user.id)
    await sandbox.complete(molliePaymentId, 'paid')
    expect((await sendWebhook(FLIRTLOKAAL, 'tr_doesnotexist')).status).toBe(200)
    expect((await sendWebhook(FLIRTLOKAAL, 'not an id')).status).toBe(200)
    // Site A's paid payment announced on site B's host: B has no such payment.
    expect((await sendWebhook(DATEVIBE, molliePaymentId)).status).toBe(200)
    expect(await creditsOf(db, FLIRTLOKAAL, user.id)).toMatchObject({ credits: 0, ledger: [] })
    // And B's key cannot read A's payment at Mollie either.
    const other = mollieFor(await tenantFor(DATEVIBE))!
    await expect(other.payments.get(molliePaymentId)).rejects.toMatchObject({ statusCode: 404 })
  })

  it('writes exactly one compensating row for a refund, and none more for a chargeback of the same payment', async () => {
    const { user } = await createMember(db, FLIRTLOKAAL)
    const { row, molliePaymentId } = await purchase(db, FLIRTLOKAAL, user.id)
    await sandbox.complete(molliePaymentId, 'paid')
    await sendWebhook(FLIRTLOKAAL, molliePaymentId)
    const mollie = mollieFor(await tenantFor(FLIRTLOKAAL))!
    await mollie.paymentRefunds.create({ paymentId: molliePaymentId, amount: { value: (row.amount / 100).toFixed(2), currency: row.currency } })
    await Promise.all(Array.from({ length: 10 }, () => sendWebhook(FLIRTLOKAAL, molliePaymentId)))
    await sandbox.chargeback(molliePaymentId)
    await sendWebhook(FLIRTLOKAAL, molliePaymentId)
    const after = await creditsOf(db, FLIRTLOKAAL, user.id)
    expect(after.ledger.map((t) => [t.reason, t.delta])).toEqual([['purchase', row.credits], ['refund', -row.credits]])
    expect(after.credits).toBe(0)
    // Refunded in full: no paid purchase is left, so no longer premium (decision 040).
    expect(after.paidUser).toBe(false)
  })
})

describe('reconciliation', () => {
  it('credits a payment whose webhook never came, once, however often it runs', async () => {
    const { user } = await createMember(db, DATEVIBE)
    const { row, molliePaymentId } = await purchase(db, DATEVIBE, user.id)
    await sandbox.complete(molliePaymentId, 'paid')
    const tenants = [await tenantFor(FLIRTLOKAAL), await tenantFor(DATEVIBE)]
    const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined }
    const later = new Date(Date.now() + 120_000)
    await Promise.all([reconcileOpenPayments(db, tenants, { now: later, log: quiet }), reconcileOpenPayments(db, tenants, { now: later, log: quiet }), sendWebhook(DATEVIBE, molliePaymentId)])
    await reconcileOpenPayments(db, tenants, { now: later, log: quiet })
    const after = await creditsOf(db, DATEVIBE, user.id)
    expect(after.ledger).toHaveLength(1)
    expect(after.credits).toBe(row.credits)
  })

  it('a fresh process after a crash between Mollie\'s paid and our webhook credits exactly once', async () => {
    const { user } = await createMember(db, FLIRTLOKAAL)
    const { row, molliePaymentId } = await purchase(db, FLIRTLOKAAL, user.id)
    // The app died: Mollie says paid, nobody heard the webhook (the sandbox's are off here).
    await sandbox.complete(molliePaymentId, 'paid')
    expect(await creditsOf(db, FLIRTLOKAAL, user.id)).toMatchObject({ credits: 0, ledger: [] })
    // The sandbox lives in this process, so the child is awaited, never waited for synchronously.
    const restart = () => promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/payments-reconcile.ts'], { env: process.env, encoding: 'utf8', timeout: 60_000 })
    const first = await restart()
    expect(JSON.parse(first.stdout.trim().split('\n').pop()!)).toMatchObject({ flirtlokaal: { credited: 1 } })
    await restart()
    const after = await creditsOf(db, FLIRTLOKAAL, user.id)
    expect(after.ledger).toHaveLength(1)
    expect(after).toMatchObject({ credits: row.credits, paidUser: true })
  })
})
