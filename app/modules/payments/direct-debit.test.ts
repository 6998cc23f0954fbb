// /directdebit (SPEC §3, §5, §8): the e-mailed code, IBAN check, the mandate and payment at
// the sandbox, 'Code ongeldig', the block after a chargeback and the 30-day limit.
/* eslint-disable no-restricted-imports -- this test drives the route module itself */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appDb, FLIRTLOKAAL } from '../../../tests/fixtures.ts'
import { contextFor, loggedInMember, runRoute, siteRequest, tenantFor } from '../../../tests/route-harness.ts'
import { creditsOf, startSandbox } from '../../../tests/payments.ts'
import type { MollieSandbox } from '../../../scripts/lib/mollie-sandbox.ts'
import { action } from '../../routes/_default.directdebit.tsx'
import type { Db } from '../db/client.server.ts'
import { withScope } from '../db/scoped.server.ts'
import { isValidIban } from './iban.ts'
import { syncPayment } from './sync.server.ts'

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

const IBAN = 'NL91 ABNA 0417 1643 00'

async function post(cookie: string, fields: Record<string, string>) {
  const request = await siteRequest(FLIRTLOKAAL, '/directdebit', { method: 'POST', cookie, body: new URLSearchParams(fields), headers: { 'content-type': 'application/x-www-form-urlencoded' } })
  return runRoute(async () => action({ request, context: await contextFor(FLIRTLOKAAL, request), params: {} }))
}

async function mailedCode(cookie: string, email: string): Promise<string> {
  const before = await withScope(db, FLIRTLOKAAL, (tx) => tx.outboxMail.findMany({ where: { tenantId: 'flirtlokaal', to: email }, select: { id: true } }))
  expect((await post(cookie, { intent: 'send-code', bundle: 'starter' })).status).toBe(302)
  const mail = await withScope(db, FLIRTLOKAAL, (tx) => tx.outboxMail.findFirst({ where: { tenantId: 'flirtlokaal', to: email, id: { notIn: before.map((m) => m.id) } } }))
  const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1]
  expect(code).toBeTruthy()
  return code!
}

const form = (otp: string) => ({ intent: 'pay', bundle: 'starter', key: crypto.randomUUID(), otp, account_holder: 'T. Tester', iban: IBAN, street: 'Keizersgracht', house_number: '1', zip: '1015 CJ', city: 'Amsterdam', phone: '+31 20 123 4567', authorise: 'on' })

describe('direct debit', () => {
  it('checks IBANs', () => {
    expect(isValidIban(IBAN)).toBe(true)
    expect(isValidIban('NL91 ABNA 0417 1643 01')).toBe(false)
    expect(isValidIban('DE89370400440532013000')).toBe(true)
    expect(isValidIban('XX00')).toBe(false)
  })

  it('keeps the typed fields and says what is wrong', async () => {
    const member = await loggedInMember(db, FLIRTLOKAAL)
    const bad = await post(member.cookie, { ...form('12'), iban: 'NL00 1234', authorise: '' })
    expect(bad.status).toBe(400)
    const text = JSON.stringify(bad.body)
    expect(text).toContain('payments:directDebit.codeInvalid')
    expect(text).toContain('payments:directDebit.ibanInvalid')
    expect(text).toContain('payments:directDebit.authoriseRequired')
    expect(text).toContain('Keizersgracht')
  })

  it('a wrong code is refused (Code ongeldig) and voids the mailed one; the right one pays once with the time bonus (#20.10), then a chargeback blocks', async () => {
    const member = await loggedInMember(db, FLIRTLOKAAL)
    const first = await mailedCode(member.cookie, member.user.email)
    const wrong = first === '000000' ? '111111' : '000000'
    expect(JSON.stringify((await post(member.cookie, form(wrong))).body)).toContain('payments:directDebit.codeInvalid')
    expect(JSON.stringify((await post(member.cookie, form(first))).body)).toContain('payments:directDebit.codeInvalid')

    const code = await mailedCode(member.cookie, member.user.email)
    const fields = form(code)
    const [a, b] = await Promise.all([post(member.cookie, fields), post(member.cookie, fields)])
    expect(a.status, JSON.stringify(a.body)).toBe(302)
    expect(b.headers.get('location')).toBe(a.headers.get('location'))
    const payment = await withScope(db, FLIRTLOKAAL, (tx) => tx.payment.findFirstOrThrow({ where: { tenantId: 'flirtlokaal', userId: member.user.id } }))
    // #20.10: the new member's time bonus applies to direct debit as to every method (1495 - 25 %).
    expect(payment).toMatchObject({ method: 'sdd', sequence: 'recurring', amount: 1121, discountCode: 'TIMEBONUS25', discountPercent: 25 })
    await new Promise((resolve) => setTimeout(resolve, 150))
    const tenant = await tenantFor(FLIRTLOKAAL)
    await syncPayment(db, tenant, FLIRTLOKAAL, payment.molliePaymentId!)
    expect((await creditsOf(db, FLIRTLOKAAL, member.user.id)).ledger).toHaveLength(1)

    await sandbox.chargeback(payment.molliePaymentId!)
    await syncPayment(db, tenant, FLIRTLOKAAL, payment.molliePaymentId!)
    const blocked = await post(member.cookie, form(await mailedCode(member.cookie, member.user.email)))
    expect(blocked.status).toBe(403)
    expect(JSON.stringify(blocked.body)).toContain('payments:directDebit.blocked')
  })

  it('refuses beyond the site\'s 30-day limit', async () => {
    const member = await loggedInMember(db, FLIRTLOKAAL)
    await withScope(db, FLIRTLOKAAL, (tx) => tx.payment.create({ data: { poolId: 'benelux', tenantId: 'flirtlokaal', userId: member.user.id, bundleId: 'value', credits: 800, amount: 14_000, currency: 'EUR', method: 'sdd', status: 'paid' } }))
    const refused = await post(member.cookie, form(await mailedCode(member.cookie, member.user.email)))
    expect(refused.status).toBe(403)
    expect(JSON.stringify(refused.body)).toContain('payments:directDebit.limit')
  })
})
