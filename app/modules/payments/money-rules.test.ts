// Issue 20's money rules (docs/decisions/040-money-rules.md), one named test per defect, against
// real Postgres and the real Mollie client talking to the local sandbox. Each failed on main.
/* eslint-disable no-restricted-imports -- this test drives the webhook route itself */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appDb, createMember, FLIRTLOKAAL } from '../../../tests/fixtures.ts'
import { contextFor, loggedInMember, runRoute, siteRequest, tenantFor } from '../../../tests/route-harness.ts'
import { creditsOf, paidPurchase as paidPurchaseIn, purchase, sendWebhook, startSandbox } from '../../../tests/payments.ts'
import type { MollieSandbox } from '../../../scripts/lib/mollie-sandbox.ts'
import { action as settingsAction, loader as settingsLoader } from '../../routes/_default.settings.tsx'
import { customerFor } from './customers.server.ts'
import { assertDirectDebitAllowed } from './direct-debit-rules.server.ts'
import { checkDiscountCode } from './discounts.server.ts'
import { repeatOrder } from './recurring.server.ts'
import { loadTenants } from '../tenancy/load-tenants.server.ts'
import { THEME_NAMES } from '../../../themes/index.ts'
import nlProfile from '../../locales/nl/profile.json' with { type: 'json' }
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

/** A paid, credited purchase of the first bundle. */
const paidPurchase = (scope: Scope, userId: string) => paidPurchaseIn(db, sandbox, scope, userId)

async function spend(scope: Scope, userId: string, credits: number, reference: string) {
  const result = await withScope(db, scope, (tx) => changeCredits(tx, scope, { userId, delta: -credits, reason: 'message', reference }))
  expect(result.ok).toBe(true)
}

const paymentRow = (scope: Scope, id: string) => withScope(db, scope, (tx) => tx.payment.findUniqueOrThrow({ where: { poolId_tenantId_id: { poolId: scope.poolId, tenantId: scope.tenantId, id: id } } }))
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

describe('#20.2 the personal stay code', () => {
  it('is not on /settings; taking the offer in the delete form issues a code of that member alone, honoured once', async () => {
    const site = await tenantFor(FLIRTLOKAAL)
    const member = await loggedInMember(db, FLIRTLOKAAL)
    const page = await runRoute(async () => {
      const request = await siteRequest(FLIRTLOKAAL, '/settings', { cookie: member.cookie })
      return settingsLoader({ request, context: await contextFor(FLIRTLOKAAL, request), params: {} })
    })
    expect(JSON.stringify(page.body)).not.toMatch(/STAY[0-9A-F]{6}/)
    const stay = await runRoute(async () => {
      const request = await siteRequest(FLIRTLOKAAL, '/settings', { method: 'POST', cookie: member.cookie, body: new URLSearchParams({ intent: 'stay' }), headers: { 'content-type': 'application/x-www-form-urlencoded' } })
      return settingsAction({ request, context: await contextFor(FLIRTLOKAAL, request), params: {} })
    })
    expect(stay.status).toBe(302)
    const code = /code=(STAY[0-9A-F]+)/.exec(stay.headers.get('location') ?? '')?.[1]
    expect(code).toBeTruthy()
    const order = { country: 'NL', currency: 'EUR', amount: 1495, method: null }
    const other = await createMember(db, FLIRTLOKAAL)
    const asOther = await withScope(db, FLIRTLOKAAL, (tx) => checkDiscountCode(tx, FLIRTLOKAAL, site, { id: other.user.id, paidUser: false, signupDate: new Date(0) }, code!, order))
    expect(asOther).toEqual({ ok: false, reason: 'not_found' })
    const bought = await purchase(db, FLIRTLOKAAL, member.user.id, { code: code! })
    expect(bought.row).toMatchObject({ discountCode: code, discountPercent: site.company.deleteDiscount })
    await expect(purchase(db, FLIRTLOKAAL, member.user.id, { code: code! })).rejects.toThrow(/used/)
  })
})

describe('#20.3 once-only discounts', () => {
  it('a once-per-member code and the time bonus are reserved by the first checkout; the others pay full price; a failed checkout gives them back', async () => {
    const { user } = await createMember(db, FLIRTLOKAAL)
    await withScope(db, FLIRTLOKAAL, (tx) => tx.discountCode.create({ data: { tenantId: 'flirtlokaal', code: 'ONCE20X', percentage: 20 } }))
    const first = await purchase(db, FLIRTLOKAAL, user.id, { code: 'ONCE20X' })
    expect(first.row).toMatchObject({ discountCode: 'ONCE20X', amount: 1196 })
    await expect(purchase(db, FLIRTLOKAAL, user.id, { code: 'ONCE20X' })).rejects.toThrow(/used/)
    // Three checkouts opened at once with the running time bonus: one gets it.
    const opened = await Promise.all([purchase(db, FLIRTLOKAAL, user.id), purchase(db, FLIRTLOKAAL, user.id), purchase(db, FLIRTLOKAAL, user.id)])
    expect(opened.map((o) => o.row.discountCode).sort()).toEqual(['TIMEBONUS25', null, null].sort())
    for (const o of opened) await sandbox.complete(o.molliePaymentId, 'paid')
    await sandbox.complete(first.molliePaymentId, 'failed')
    for (const o of [first, ...opened]) await sendWebhook(FLIRTLOKAAL, o.molliePaymentId)
    const paid = await withScope(db, FLIRTLOKAAL, (tx) => tx.payment.findMany({ where: { tenantId: 'flirtlokaal', userId: user.id, status: 'paid' } }))
    expect(paid.filter((p) => p.discountCode !== null).map((p) => p.discountCode)).toEqual(['TIMEBONUS25'])
    // The failed checkout released ONCE20X: it can be used (once) again.
    const again = await purchase(db, FLIRTLOKAAL, user.id, { code: 'ONCE20X' })
    expect(again.row.discountCode).toBe('ONCE20X')
  })
})

describe('#20.4 and #20.7 direct debit', () => {
  async function sepaMandate(userId: string) {
    const site = await tenantFor(FLIRTLOKAAL)
    const mollie = mollieFor(site)!
    const customerId = await customerFor(db, mollie, FLIRTLOKAAL, userId)
    const mandate = await mollie.customerMandates.create({ customerId, method: 'directdebit', consumerName: 'T. Tester', consumerAccount: 'NL91ABNA0417164300', signatureDate: '2026-11-01', mandateReference: `T-${userId.slice(0, 6)}` } as never)
    return { site, mandateId: mandate.id }
  }
  const order = (userId: string, mandateId: string) => ({ userId, bundleId: 'starter', mandateId, country: 'NL', idempotencyKey: crypto.randomUUID(), origin: 'http://flirtlokaal.localhost' })

  it('#20.4 a repeat order on a SEPA mandate is refused after a chargeback and beyond the 30-day limit', async () => {
    const { user } = await createMember(db, FLIRTLOKAAL)
    const { site, mandateId } = await sepaMandate(user.id)
    await withScope(db, FLIRTLOKAAL, (tx) => tx.payment.create({ data: { poolId: 'benelux', tenantId: 'flirtlokaal', userId: user.id, bundleId: 'value', credits: 800, amount: 14_000, currency: 'EUR', method: 'sdd', status: 'paid' } }))
    expect(await repeatOrder(db, site, FLIRTLOKAAL, order(user.id, mandateId))).toEqual({ ok: false, reason: 'limit' })
    const { user: other } = await createMember(db, FLIRTLOKAAL)
    const second = await sepaMandate(other.id)
    await withScope(db, FLIRTLOKAAL, (tx) => tx.payment.create({ data: { poolId: 'benelux', tenantId: 'flirtlokaal', userId: other.id, bundleId: 'starter', credits: 100, amount: 1495, currency: 'EUR', method: 'ideal', status: 'paid', chargedBackAt: new Date() } }))
    expect(await repeatOrder(db, site, FLIRTLOKAAL, order(other.id, second.mandateId))).toEqual({ ok: false, reason: 'blocked' })
  })

  it('#20.7 a payment the provider never took is provider_error, never a bounce that blocks direct debit', async () => {
    const site = await tenantFor(FLIRTLOKAAL)
    const { user } = await createMember(db, FLIRTLOKAAL)
    // Creating it at Mollie failed two hours ago: an open row without a Mollie id.
    const row = await withScope(db, FLIRTLOKAAL, (tx) => tx.payment.create({ data: { poolId: 'benelux', tenantId: 'flirtlokaal', userId: user.id, bundleId: 'starter', credits: 100, amount: 1495, currency: 'EUR', method: 'sdd', sequence: 'recurring', createdAt: new Date(Date.now() - 2 * 3_600_000) } }))
    await reconcileOpenPayments(db, [site], { log: quiet })
    expect((await paymentRow(FLIRTLOKAAL, row.id)).status).toBe('provider_error')
    expect(await withScope(db, FLIRTLOKAAL, (tx) => assertDirectDebitAllowed(tx, FLIRTLOKAAL, site, user.id, 1495))).toBeNull()
  })
})

describe('#20.5 charged but never credited', () => {
  /** Mollie made the payment, but our write of its id "failed": the row has none. */
  async function lostPurchase(userId: string) {
    const bought = await purchase(db, FLIRTLOKAAL, userId)
    await withScope(db, FLIRTLOKAAL, (tx) => tx.payment.update({ where: { poolId_tenantId_id: { poolId: FLIRTLOKAAL.poolId, tenantId: FLIRTLOKAAL.tenantId, id: bought.row.id } }, data: { molliePaymentId: null, checkoutUrl: null, createdAt: new Date(Date.now() - 5 * 60_000) } }))
    await sandbox.complete(bought.molliePaymentId, 'paid')
    return bought
  }

  it('the webhook for an unknown tr_ id finds our row by the metadata and credits it once', async () => {
    const { user } = await createMember(db, FLIRTLOKAAL)
    const { row, molliePaymentId } = await lostPurchase(user.id)
    await Promise.all([sendWebhook(FLIRTLOKAAL, molliePaymentId), sendWebhook(FLIRTLOKAAL, molliePaymentId)])
    expect(await creditsOf(db, FLIRTLOKAAL, user.id)).toMatchObject({ credits: row.credits, paidUser: true })
    expect((await paymentRow(FLIRTLOKAAL, row.id)).molliePaymentId).toBe(molliePaymentId)
  })

  it('reconciliation also covers rows without a Mollie id', async () => {
    const site = await tenantFor(FLIRTLOKAAL)
    const { user } = await createMember(db, FLIRTLOKAAL)
    const { row } = await lostPurchase(user.id)
    await reconcileOpenPayments(db, [site], { log: quiet })
    await reconcileOpenPayments(db, [site], { log: quiet })
    const after = await creditsOf(db, FLIRTLOKAAL, user.id)
    expect(after.ledger).toHaveLength(1)
    expect(after.credits).toBe(row.credits)
  })
})

describe('#20.11 private photos: behaviour and copy agree per site', () => {
  it('every site tells premium members they see all photos, so none charges them per private photo', async () => {
    expect(nlProfile.member.premiumHint).toMatch(/alle foto's/)
    for (const tenant of await loadTenants(THEME_NAMES)) expect(tenant.credits.photo, `${tenant.slug}: credits.photo`).toBe(0)
  })
})
