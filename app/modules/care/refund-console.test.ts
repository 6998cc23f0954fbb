// /refunds on the console host (issue #23, decision 054): a decline needs a reason (kept and
// shown at the field when missing), mails it to the member in their language once, gives the
// held credits back and is audited with it; chargebacks are listed with what the ledger took
// back; another pool's finance operator sees neither.
/* eslint-disable no-restricted-imports -- this test drives the route module itself */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appDb, createMember, FLIRTLOKAAL, ownerDb } from '../../../tests/fixtures.ts'
import { consoleArgs, signedInOperator } from '../../../tests/operators.ts'
import { creditsOf, paidPurchase, sendWebhook, startSandbox } from '../../../tests/payments.ts'
import { runRoute, tenantFor } from '../../../tests/route-harness.ts'
import type { MollieSandbox } from '../../../scripts/lib/mollie-sandbox.ts'
import { action as refundsAction, loader as refundsLoader } from '../../routes/console.refunds.tsx'
import type { Db } from '../db/client.server.ts'
import { withScope } from '../db/scoped.server.ts'
import { requestRefund, sendRefund } from '../payments/refunds.server.ts'

let db: Db
let owner: Db
let sandbox: MollieSandbox
let finance: string

beforeAll(async () => {
  db = appDb()
  owner = ownerDb()
  sandbox = await startSandbox()
  finance = (await signedInOperator(db, { role: 'finance', pools: ['benelux'] })).cookie
})

afterAll(async () => {
  await db.$disconnect()
  await owner.$disconnect()
  await sandbox.close()
  delete process.env.MOLLIE_API_ENDPOINT
})

const post = async (cookie: string, form: Record<string, string>) => runRoute(async () => refundsAction(await consoleArgs('/refunds', { cookie, form })))
type Page = { requests: { id: string }[]; chargebacks: { id: string; ledger: string; bought: number }[] }
const page = async (cookie: string) => (await runRoute(async () => refundsLoader(await consoleArgs('/refunds', { cookie })))).body as Page

describe('/refunds', () => {
  it('declines with a reason that is mailed to the member, once; without one it is refused at the field', async () => {
    const { user } = await createMember(db, FLIRTLOKAAL)
    await withScope(db, FLIRTLOKAAL, (tx) => tx.user.updateMany({ where: { id: user.id }, data: { locale: 'en' } }))
    const bought = await paidPurchase(db, sandbox, FLIRTLOKAAL, user.id)
    const before = (await creditsOf(db, FLIRTLOKAAL, user.id)).credits
    expect(await requestRefund(db, await tenantFor(FLIRTLOKAAL), FLIRTLOKAAL, user.id, bought.row.id)).toMatchObject({ ok: true })
    expect((await page(finance)).requests.map((r) => r.id)).toContain(bought.row.id)

    const missing = await post(finance, { payment: bought.row.id, site: 'flirtlokaal', decision: 'reject', reason: '  ' })
    expect(missing.status).toBe(400)
    expect(missing.body).toMatchObject({ ok: false, payment: bought.row.id, error: 'reasonRequired' })
    const tooLong = await post(finance, { payment: bought.row.id, site: 'flirtlokaal', decision: 'reject', reason: 'x'.repeat(501) })
    expect(tooLong.body).toMatchObject({ error: 'reasonTooLong', reason: 'x'.repeat(501) })

    const declined = await post(finance, { payment: bought.row.id, site: 'flirtlokaal', decision: 'reject', reason: 'Most credits were used for chats.' })
    expect(declined.status).toBe(200)
    expect(declined.body).toMatchObject({ ok: true, notice: 'rejected' })
    expect((await post(finance, { payment: bought.row.id, site: 'flirtlokaal', decision: 'reject', reason: 'again' })).status).toBe(404)
    expect((await creditsOf(db, FLIRTLOKAAL, user.id)).credits).toBe(before)
    const mails = await owner.outboxMail.findMany({ where: { to: user.email, dedupeKey: `refund_declined:${bought.row.id}` } })
    expect(mails).toHaveLength(1)
    expect(mails[0]!.subject).toBe('Your refund request at FlirtLokaal was declined')
    expect(mails[0]!.text).toContain('Reason: Most credits were used for chats.')
    const audit = await owner.operatorAudit.findFirstOrThrow({ where: { action: 'refund.reject', targetId: bought.row.id } })
    expect(audit.after).toMatchObject({ refundStatus: 'rejected', reason: 'Most credits were used for chats.' })
  })

  it('finance of the sibling site or of another pool cannot see or decide it, whichever site the form names: nothing changes', async () => {
    const { user } = await createMember(db, FLIRTLOKAAL)
    const bought = await paidPurchase(db, sandbox, FLIRTLOKAAL, user.id)
    expect(await requestRefund(db, await tenantFor(FLIRTLOKAAL), FLIRTLOKAAL, user.id, bought.row.id)).toMatchObject({ ok: true })
    const before = await owner.payment.findFirstOrThrow({ where: { id: bought.row.id } })
    const others: [{ sites?: string[]; pools?: string[] }, string][] = [[{ sites: ['datedichtbij'] }, 'datedichtbij'], [{ pools: ['datevibe'] }, 'datevibe']]
    for (const [reach, own] of others) {
      const { cookie } = await signedInOperator(db, { role: 'finance', ...reach })
      expect((await page(cookie)).requests.map((r) => r.id)).not.toContain(bought.row.id)
      for (const decision of ['approve', 'reject']) {
        expect((await post(cookie, { payment: bought.row.id, site: 'flirtlokaal', decision, reason: 'No.' })).status).toBe(400)
        expect((await post(cookie, { payment: bought.row.id, site: own, decision, reason: 'No.' })).status).toBe(404)
      }
    }
    expect(await owner.payment.findFirstOrThrow({ where: { id: bought.row.id } })).toEqual(before)
    expect(await owner.operatorAudit.count({ where: { targetType: 'payment', targetId: bought.row.id } })).toBe(0)
  })

  it('approves another amount than the policy\'s: a full refund reaches Mollie; more than was paid is refused at the field', async () => {
    const { user } = await createMember(db, FLIRTLOKAAL)
    const bought = await paidPurchase(db, sandbox, FLIRTLOKAAL, user.id)
    expect(await requestRefund(db, await tenantFor(FLIRTLOKAAL), FLIRTLOKAAL, user.id, bought.row.id)).toMatchObject({ ok: true })
    const full = (bought.row.amount / 100).toFixed(2).replace('.', ',')
    const over = await post(finance, { payment: bought.row.id, site: 'flirtlokaal', decision: 'approve', amount: ((bought.row.amount + 1) / 100).toFixed(2) })
    expect(over.status).toBe(400)
    expect(over.body).toMatchObject({ ok: false, error: 'amountInvalid' })
    expect((await post(finance, { payment: bought.row.id, site: 'flirtlokaal', decision: 'approve', amount: 'alles' })).body).toMatchObject({ error: 'amountInvalid', amount: 'alles' })
    const approved = await post(finance, { payment: bought.row.id, site: 'flirtlokaal', decision: 'approve', amount: full })
    expect(approved.body).toMatchObject({ ok: true, notice: 'approved' })
    expect(await sendRefund(db, await tenantFor(FLIRTLOKAAL), FLIRTLOKAAL, bought.row.id, { info: () => undefined, warn: () => undefined, error: () => undefined })).toBe('sent')
    const remote = sandbox.payments().find((p) => p.id === bought.molliePaymentId) as unknown as { amountRefunded?: { value: string } }
    expect(remote.amountRefunded?.value).toBe((bought.row.amount / 100).toFixed(2))
  })

  it('lists chargebacks with the credits the ledger took back, only for the operator\'s pools', async () => {
    const { user } = await createMember(db, FLIRTLOKAAL)
    const bought = await paidPurchase(db, sandbox, FLIRTLOKAAL, user.id)
    await sandbox.chargeback(bought.molliePaymentId)
    expect((await sendWebhook(FLIRTLOKAAL, bought.molliePaymentId)).status).toBe(200)
    const listed = (await page(finance)).chargebacks.find((c) => c.id === bought.row.id)
    expect(listed).toMatchObject({ bought: bought.row.credits, ledger: `-${bought.row.credits} credits` })
    const vibe = (await signedInOperator(db, { role: 'finance', pools: ['datevibe'] })).cookie
    expect((await page(vibe)).chargebacks.map((c) => c.id)).not.toContain(bought.row.id)
  })
})
