// Issue 20's money rules (docs/decisions/040-money-rules.md), one named test per defect, against
// real Postgres and the real Mollie client talking to the local sandbox. Each failed on main.
/* eslint-disable no-restricted-imports -- this test drives the webhook route itself */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appDb, createMember, FLIRTLOKAAL } from '../../../tests/fixtures.ts'
import { contextFor, runRoute, siteRequest, tenantFor } from '../../../tests/route-harness.ts'
import { creditsOf, purchase, startSandbox } from '../../../tests/payments.ts'
import type { MollieSandbox } from '../../../scripts/lib/mollie-sandbox.ts'
import { action as webhook } from '../../routes/api.payments.webhook.ts'
import { changeCredits } from '../credits/ledger.server.ts'
import type { Db } from '../db/client.server.ts'
import { withScope, type Scope } from '../db/scoped.server.ts'
import { mollieFor } from './mollie.server.ts'
import { reconcileOpenPayments } from './reconcile.server.ts'
import { decideRefund, requestRefund, sendRefund } from './refunds.server.ts'

let db: Db
let sandbox: MollieSandbox
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined }

beforeAll(async () => {
  db = appDb(8)
  sandbox = await startSandbox()
})

afterAll(async () => {
  await db.$disconnect()
  await sandbox.close()
  delete process.env.MOLLIE_API_ENDPOINT
})

export async function sendWebhook(scope: Scope, id: string) {
  const request = await siteRequest(scope, '/api/payments/webhook', { method: 'POST', body: new URLSearchParams({ id }), headers: { 'content-type': 'application/x-www-form-urlencoded' } })
  return runRoute(async () => webhook({ request, context: await contextFor(scope, request), params: {} }))
}

/** A paid, credited purchase of the first bundle. */
async function paidPurchase(scope: Scope, userId: string) {
  const bought = await purchase(db, scope, userId)
  await sandbox.complete(bought.molliePaymentId, 'paid')
  await sendWebhook(scope, bought.molliePaymentId)
  return bought
}

async function spend(scope: Scope, userId: string, credits: number, reference: string) {
  const result = await withScope(db, scope, (tx) => changeCredits(tx, scope, { userId, delta: -credits, reason: 'message', reference }))
  expect(result.ok).toBe(true)
}

const paymentRow = (scope: Scope, id: string) => withScope(db, scope, (tx) => tx.payment.findUniqueOrThrow({ where: { id } }))
const mollieRefunds = async (scope: Scope, molliePaymentId: string) => {
  const mollie = mollieFor(await tenantFor(scope))!
  return mollie.paymentRefunds.page({ paymentId: molliePaymentId })
}

describe('#20.1 refund after spending', () => {
  it('holds the unused credits at the request and refunds only their share; the member is no longer premium', async () => {
    const site = await tenantFor(FLIRTLOKAAL)
    const { user } = await createMember(db, FLIRTLOKAAL)
    const { row, molliePaymentId } = await paidPurchase(FLIRTLOKAAL, user.id)
    expect(row.credits).toBe(100)
    await spend(FLIRTLOKAAL, user.id, 50, 'spent-half')
    const asked = await requestRefund(db, site, FLIRTLOKAAL, user.id, row.id)
    expect(asked).toEqual({ ok: true, credits: 50, amount: Math.floor(row.amount / 2) })
    // Held at once: nothing of it can be spent while the request waits.
    expect((await creditsOf(db, FLIRTLOKAAL, user.id)).credits).toBe(0)
    const decided = await decideRefund(db, site, FLIRTLOKAAL, row.id, true)
    expect(decided).toEqual({ ok: true, status: 'processing' })
    expect(await sendRefund(db, site, FLIRTLOKAAL, row.id, quiet)).toBe('sent')
    const refunds = await mollieRefunds(FLIRTLOKAAL, molliePaymentId)
    expect(refunds.map((r) => r.amount.value)).toEqual([(Math.floor(row.amount / 2) / 100).toFixed(2)])
    await sendWebhook(FLIRTLOKAAL, molliePaymentId)
    const after = await creditsOf(db, FLIRTLOKAAL, user.id)
    expect(after.ledger.map((t) => [t.reason, t.delta])).toEqual([['purchase', 100], ['refund', -50]])
    expect(after).toMatchObject({ credits: 0, paidUser: false })
    expect(await paymentRow(FLIRTLOKAAL, row.id)).toMatchObject({ refundStatus: 'refunded', creditsTakenBack: 50, amountReversed: Math.floor(row.amount / 2) })
  })

  it('refuses a request when every credit of the purchase was spent, and a declined request gives the held credits back', async () => {
    const site = await tenantFor(FLIRTLOKAAL)
    const { user } = await createMember(db, FLIRTLOKAAL)
    const { row } = await paidPurchase(FLIRTLOKAAL, user.id)
    await spend(FLIRTLOKAAL, user.id, 100, 'spent-all')
    expect(await requestRefund(db, site, FLIRTLOKAAL, user.id, row.id)).toEqual({ ok: false, reason: 'nothing_left' })
    const other = await createMember(db, FLIRTLOKAAL)
    const second = await paidPurchase(FLIRTLOKAAL, other.user.id)
    await spend(FLIRTLOKAAL, other.user.id, 30, 'spent-some')
    expect(await requestRefund(db, site, FLIRTLOKAAL, other.user.id, second.row.id)).toMatchObject({ ok: true, credits: 70 })
    // Two clicks: one request, one hold.
    expect(await requestRefund(db, site, FLIRTLOKAAL, other.user.id, second.row.id)).toEqual({ ok: false, reason: 'already' })
    expect(await decideRefund(db, site, FLIRTLOKAAL, second.row.id, false)).toEqual({ ok: true, status: 'rejected' })
    const after = await creditsOf(db, FLIRTLOKAAL, other.user.id)
    expect(after).toMatchObject({ credits: 70, paidUser: true })
  })
})

describe('#20.6 partial refund', () => {
  it('a 1-cent refund from the dashboard takes back credits x refunded / amount, not the whole purchase', async () => {
    const { user } = await createMember(db, FLIRTLOKAAL)
    const { row, molliePaymentId } = await paidPurchase(FLIRTLOKAAL, user.id)
    const mollie = mollieFor(await tenantFor(FLIRTLOKAAL))!
    await mollie.paymentRefunds.create({ paymentId: molliePaymentId, amount: { value: '0.01', currency: row.currency } })
    await sendWebhook(FLIRTLOKAAL, molliePaymentId)
    expect(await creditsOf(db, FLIRTLOKAAL, user.id)).toMatchObject({ credits: 100, paidUser: true })
    // Half the amount in all: half the credits, once, however often the webhook comes.
    const half = Math.floor(row.amount / 2)
    await mollie.paymentRefunds.create({ paymentId: molliePaymentId, amount: { value: ((half - 1) / 100).toFixed(2), currency: row.currency } })
    await Promise.all([sendWebhook(FLIRTLOKAAL, molliePaymentId), sendWebhook(FLIRTLOKAAL, molliePaymentId)])
    const after = await creditsOf(db, FLIRTLOKAAL, user.id)
    expect(after.credits).toBe(100 - Math.floor((100 * half) / row.amount))
    expect(after.paidUser).toBe(true)
  })

  it('a chargeback takes back what is left of the purchase and ends premium', async () => {
    const { user } = await createMember(db, FLIRTLOKAAL)
    const { molliePaymentId } = await paidPurchase(FLIRTLOKAAL, user.id)
    await spend(FLIRTLOKAAL, user.id, 40, 'spent-40')
    await sandbox.chargeback(molliePaymentId)
    await sendWebhook(FLIRTLOKAAL, molliePaymentId)
    const after = await creditsOf(db, FLIRTLOKAAL, user.id)
    expect(after).toMatchObject({ credits: 0, paidUser: false })
  })
})

describe('#20.8 refund claimed but never sent', () => {
  it('the approval queues the Mollie call as a job in its own transaction; a later pass sends it once', async () => {
    const site = await tenantFor(FLIRTLOKAAL)
    const { user } = await createMember(db, FLIRTLOKAAL)
    const { row, molliePaymentId } = await paidPurchase(FLIRTLOKAAL, user.id)
    await requestRefund(db, site, FLIRTLOKAAL, user.id, row.id)
    await decideRefund(db, site, FLIRTLOKAAL, row.id, true)
    // The process "dies" here: no Mollie call was made, but the job was committed with the claim.
    expect(await mollieRefunds(FLIRTLOKAAL, molliePaymentId)).toHaveLength(0)
    const jobs = await db.$queryRaw<{ data: { tenantId: string; paymentId: string } }[]>`SELECT data FROM pgboss.job WHERE name = 'payment-refund'`
    expect(jobs.map((j) => j.data)).toContainEqual({ tenantId: 'flirtlokaal', paymentId: row.id })
    // Reconciliation (or the job) sends it; a second pass and the job itself send nothing more.
    await reconcileOpenPayments(db, [site], { now: new Date(Date.now() + 120_000), log: quiet })
    await reconcileOpenPayments(db, [site], { now: new Date(Date.now() + 120_000), log: quiet })
    expect(await sendRefund(db, site, FLIRTLOKAAL, row.id, quiet)).not.toBe('sent')
    expect(await mollieRefunds(FLIRTLOKAAL, molliePaymentId)).toHaveLength(1)
  })
})
