// The credit pages through their route modules, with a real context and the sandbox.
/* eslint-disable no-restricted-imports -- this test drives the route modules themselves */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appDb, DATEVIBE, FLIRTLOKAAL } from '../../../tests/fixtures.ts'
import { contextFor, loggedInMember, runRoute, siteRequest } from '../../../tests/route-harness.ts'
import { startSandbox } from '../../../tests/payments.ts'
import type { MollieSandbox } from '../../../scripts/lib/mollie-sandbox.ts'
import { loader as creditsLoader } from '../../routes/_default.credits._index.tsx'
import { action as checkoutAction, loader as checkoutLoader } from '../../routes/_default.credits.$id.($method).tsx'
import { action as transactionAction, loader as transactionsLoader } from '../../routes/_default.transactions.($id).tsx'
import { action as repeatAction, loader as repeatLoader } from '../../routes/_default.credits.repeat-order.tsx'
import { action as operatorAction, loader as operatorLoader } from '../../routes/console.refunds.tsx'
import { consoleArgs, signedInOperator } from '../../../tests/operators.ts'
import { creditsOf, purchase } from '../../../tests/payments.ts'
import { withScope } from '../db/scoped.server.ts'
import type { Db } from '../db/client.server.ts'
import type { Scope } from '../db/scoped.server.ts'

let db: Db
let sandbox: MollieSandbox

beforeAll(async () => {
  db = appDb()
  sandbox = await startSandbox()
})

afterAll(async () => {
  await db.$disconnect()
  await sandbox.close()
  delete process.env.MOLLIE_API_ENDPOINT
})

async function get(scope: Scope, path: string, cookie: string, loader: typeof creditsLoader | typeof checkoutLoader, params: Record<string, string> = {}) {
  const request = await siteRequest(scope, path, { cookie })
  return runRoute(async () => loader({ request, context: await contextFor(scope, request), params }))
}

describe('/credits', () => {
  it('lists the site\'s bundles in its currency with the time bonus for a new member', async () => {
    const member = await loggedInMember(db, DATEVIBE)
    const page = await get(DATEVIBE, '/credits', member.cookie, creditsLoader)
    expect(page.status).toBe(200)
    expect(page.body).toMatchObject({ enabled: true, discount: { code: 'TIMEBONUS25', percent: 25 } })
    const bundles = (page.body as { bundles: { id: string; currency: string; amount: number; price: number }[] }).bundles
    expect(bundles.map((b) => [b.id, b.currency, b.amount, b.price])).toEqual([['taster', 'GBP', 1299, 974], ['favourite', 'GBP', 2999, 2249], ['big-spender', 'GBP', 6499, 4874]])
  })

  it('shows the methods of the member\'s country with iDEAL\'s banks, and 404 for another site\'s bundle or an unknown method', async () => {
    const member = await loggedInMember(db, FLIRTLOKAAL)
    const page = await get(FLIRTLOKAAL, '/credits/starter', member.cookie, checkoutLoader, { id: 'starter' })
    expect(page.status).toBe(200)
    const body = page.body as { methods: { id: string }[]; issuers: unknown[]; disclosure: unknown }
    expect(body.methods.map((m) => m.id)).toEqual(['ideal', 'creditcard', 'paypal', 'applepay', 'sdd'])
    expect(body.issuers.length).toBeGreaterThan(0)
    expect(body.disclosure).toBeTruthy()
    expect((await get(FLIRTLOKAAL, '/credits/taster', member.cookie, checkoutLoader, { id: 'taster' })).status).toBe(404)
    expect((await get(FLIRTLOKAAL, '/credits/starter/blik', member.cookie, checkoutLoader, { id: 'starter', method: 'blik' })).status).toBe(404)
  })

  it('refuses a method the member cannot use and a missing acknowledgement, keeping the typed code', async () => {
    const member = await loggedInMember(db, DATEVIBE)
    const post = async (fields: Record<string, string>) => {
      const request = await siteRequest(DATEVIBE, '/credits/taster', { method: 'POST', cookie: member.cookie, body: new URLSearchParams(fields), headers: { 'content-type': 'application/x-www-form-urlencoded' } })
      return runRoute(async () => checkoutAction({ request, context: await contextFor(DATEVIBE, request), params: { id: 'taster' } }))
    }
    const key = crypto.randomUUID()
    const noAck = await post({ method: 'creditcard', key, code: 'X1' })
    expect(noAck.status).toBe(400)
    expect(JSON.stringify(noAck.body)).toContain('payments:errors.acknowledge')
    const ideal = await post({ method: 'ideal', key, acknowledge: 'on' })
    expect(ideal.status).toBe(400)
    expect(JSON.stringify(ideal.body)).toContain('payments:errors.method')
    const unknownCode = await post({ method: 'creditcard', key, acknowledge: 'on', code: 'NOPE' })
    expect(JSON.stringify(unknownCode.body)).toContain('payments:errors.codeNotFound')
    const ok = await post({ method: 'creditcard', key, acknowledge: 'on' })
    expect(ok.status).toBe(302)
    expect(ok.headers.get('location')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/checkout\/tr_/)
    const again = await post({ method: 'creditcard', key, acknowledge: 'on' })
    expect(again.headers.get('location')).toBe(ok.headers.get('location'))
    expect(sandbox.payments().filter((p) => (p.metadata as { member?: string }).member === member.user.id)).toHaveLength(1)
  })
})

describe('transactions and refunds', () => {
  async function paidPurchase(scope: Scope) {
    const member = await loggedInMember(db, scope)
    const bought = await purchase(db, scope, member.user.id)
    await sandbox.complete(bought.molliePaymentId, 'paid')
    const { syncPayment } = await import('./sync.server.ts')
    const { tenantFor } = await import('../../../tests/route-harness.ts')
    await syncPayment(db, await tenantFor(scope), scope, bought.molliePaymentId)
    return { member, ...bought }
  }

  it('a member asks for a refund, the operator approves, the webhook takes the credits back once', async () => {
    const { member, row, molliePaymentId } = await paidPurchase(FLIRTLOKAAL)
    const list = await get(FLIRTLOKAAL, '/transactions', member.cookie, transactionsLoader as never)
    expect((list.body as { payments: { id: string }[] }).payments.map((p) => p.id)).toEqual([row.id])
    const detail = await get(FLIRTLOKAAL, `/transactions/${row.id}`, member.cookie, transactionsLoader as never, { id: row.id })
    expect(detail.body).toMatchObject({ detail: { status: 'paid', refundable: true } })

    const ask = async () => {
      const request = await siteRequest(FLIRTLOKAAL, `/transactions/${row.id}`, { method: 'POST', cookie: member.cookie, body: new URLSearchParams({}), headers: { 'content-type': 'application/x-www-form-urlencoded' } })
      return runRoute(async () => transactionAction({ request, context: await contextFor(FLIRTLOKAAL, request), params: { id: row.id } }))
    }
    const [first, second] = await Promise.all([ask(), ask()])
    expect([first.status, second.status].sort()).toEqual([200, 409])

    const finance = await signedInOperator(db, { role: 'finance', pools: ['benelux'] })
    const queue = await runRoute(async () => operatorLoader(await consoleArgs('/refunds', { cookie: finance.cookie })))
    expect((queue.body as { requests: { id: string }[] }).requests.map((r) => r.id)).toContain(row.id)
    // What the request holds (decision 040): nothing spent, so every credit and the whole amount.
    expect((queue.body as { requests: { id: string }[] }).requests.find((r) => r.id === row.id)).toMatchObject({ bought: row.credits, used: 0, left: row.credits })
    // Finance of another pool neither lists nor decides it, even naming its site.
    const stranger = await signedInOperator(db, { role: 'finance', pools: ['datevibe'] })
    expect(((await runRoute(async () => operatorLoader(await consoleArgs('/refunds', { cookie: stranger.cookie })))).body as { requests: { id: string }[] }).requests.map((r) => r.id)).not.toContain(row.id)
    expect((await runRoute(async () => operatorAction(await consoleArgs('/refunds', { cookie: stranger.cookie, form: { payment: row.id, decision: 'approve', site: 'flirtlokaal' } })))).status).toBe(400)
    // A chatter's role does not open it.
    const chatter = await signedInOperator(db, { role: 'chatter', pools: ['benelux'] })
    expect((await runRoute(async () => operatorLoader(await consoleArgs('/refunds', { cookie: chatter.cookie })))).status).toBe(403)

    const approved = await runRoute(async () => operatorAction(await consoleArgs('/refunds', { cookie: finance.cookie, form: { payment: row.id, decision: 'approve', site: 'flirtlokaal' } })))
    expect(approved.body).toMatchObject({ ok: true, notice: 'approved' })
    // The job queued with the approval asks Mollie (here run by the test: no job runner).
    const { syncPayment } = await import('./sync.server.ts')
    const { tenantFor } = await import('../../../tests/route-harness.ts')
    const { sendRefund } = await import('./refunds.server.ts')
    expect(await sendRefund(db, await tenantFor(FLIRTLOKAAL), FLIRTLOKAAL, row.id, { info: () => undefined, warn: () => undefined, error: () => undefined })).toBe('sent')
    // Mollie's refund webhook (here sent by the test, as the sandbox's are off).
    await Promise.all(Array.from({ length: 5 }, async () => syncPayment(db, await tenantFor(FLIRTLOKAAL), FLIRTLOKAAL, molliePaymentId, { info: () => undefined, warn: () => undefined, error: () => undefined })))
    const after = await creditsOf(db, FLIRTLOKAAL, member.user.id)
    expect(after.ledger.map((l) => [l.reason, l.delta])).toEqual([['purchase', row.credits], ['refund', -row.credits]])
    const stored = await withScope(db, FLIRTLOKAAL, (tx) => tx.payment.findUniqueOrThrow({ where: { poolId_tenantId_id: { poolId: FLIRTLOKAAL.poolId, tenantId: FLIRTLOKAAL.tenantId, id: row.id } } }))
    expect(stored.refundStatus).toBe('refunded')
  })

  it('refuses a refund after the refund days, and another site\'s payment is not found', async () => {
    const { member, row } = await paidPurchase(DATEVIBE)
    await withScope(db, DATEVIBE, (tx) => tx.payment.update({ where: { poolId_tenantId_id: { poolId: DATEVIBE.poolId, tenantId: DATEVIBE.tenantId, id: row.id } }, data: { paidAt: new Date(Date.now() - 15 * 86_400_000) } }))
    const detail = await get(DATEVIBE, `/transactions/${row.id}`, member.cookie, transactionsLoader as never, { id: row.id })
    expect(detail.body).toMatchObject({ detail: { refundable: false } })
    const request = await siteRequest(DATEVIBE, `/transactions/${row.id}`, { method: 'POST', cookie: member.cookie, body: new URLSearchParams({}), headers: { 'content-type': 'application/x-www-form-urlencoded' } })
    const late = await runRoute(async () => transactionAction({ request, context: await contextFor(DATEVIBE, request), params: { id: row.id } }))
    expect(late.body).toMatchObject({ ok: false, reason: 'too_late' })
    // A member of another site (same id in the URL) gets 404, as does the result page.
    const stranger = await loggedInMember(db, FLIRTLOKAAL)
    expect((await get(FLIRTLOKAAL, `/transactions/${row.id}`, stranger.cookie, transactionsLoader as never, { id: row.id })).status).toBe(404)
  })
})

describe('repeat orders', () => {
  it('a first card payment saves the card; a double-submitted repeat order charges once; the card can be removed', async () => {
    const member = await loggedInMember(db, FLIRTLOKAAL)
    const bought = await purchase(db, FLIRTLOKAAL, member.user.id, { method: 'creditcard' })
    expect(bought.row.sequence).toBe('first')
    await sandbox.complete(bought.molliePaymentId, 'paid')
    const { syncPayment } = await import('./sync.server.ts')
    const { tenantFor } = await import('../../../tests/route-harness.ts')
    const tenant = await tenantFor(FLIRTLOKAAL)
    await syncPayment(db, tenant, FLIRTLOKAAL, bought.molliePaymentId)

    const page = await get(FLIRTLOKAAL, '/credits/repeat-order', member.cookie, repeatLoader as never)
    const body = page.body as { bundle: { id: string; credits: number }; saved: { id: string; label: string }[]; key: string }
    expect(body.bundle.id).toBe('starter')
    expect(body.saved).toHaveLength(1)
    expect(body.saved[0]!.label).toContain('6787')
    // The checkout lists the saved card too.
    const checkout = await get(FLIRTLOKAAL, '/credits/popular', member.cookie, checkoutLoader, { id: 'popular' })
    expect((checkout.body as { saved: { id: string }[] }).saved.map((m) => m.id)).toEqual([body.saved[0]!.id])

    const submit = async (fields: Record<string, string>) => {
      const request = await siteRequest(FLIRTLOKAAL, '/credits/repeat-order', { method: 'POST', cookie: member.cookie, body: new URLSearchParams(fields), headers: { 'content-type': 'application/x-www-form-urlencoded' } })
      return runRoute(async () => repeatAction({ request, context: await contextFor(FLIRTLOKAAL, request), params: {} }))
    }
    const fields = { intent: 'pay', bundle: 'starter', mandate: body.saved[0]!.id, key: body.key }
    const [a, b] = await Promise.all([submit(fields), submit(fields)])
    expect(a.status).toBe(302)
    expect(b.headers.get('location')).toBe(a.headers.get('location'))
    const recurring = sandbox.payments().filter((p) => (p.metadata as { member?: string }).member === member.user.id && p.sequenceType === 'recurring')
    expect(recurring).toHaveLength(1)
    // The sandbox settles it; its webhook (sent here) credits it once.
    await new Promise((resolve) => setTimeout(resolve, 150))
    await Promise.all([syncPayment(db, tenant, FLIRTLOKAAL, recurring[0]!.id), syncPayment(db, tenant, FLIRTLOKAAL, recurring[0]!.id)])
    const after = await creditsOf(db, FLIRTLOKAAL, member.user.id)
    expect(after.ledger.map((l) => l.delta)).toEqual([100, 100])

    expect((await submit({ intent: 'remove', mandate: body.saved[0]!.id })).status).toBe(302)
    const emptied = await get(FLIRTLOKAAL, '/credits/repeat-order', member.cookie, repeatLoader as never)
    expect((emptied.body as { saved: unknown[] }).saved).toEqual([])
  })
})
