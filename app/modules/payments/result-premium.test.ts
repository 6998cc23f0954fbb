// The payment result page says "you are now a premium member for life" only on the purchase
// that made the member premium (the first paid one), not on every later purchase.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appDb, FLIRTLOKAAL } from '../../../tests/fixtures.ts'
import { contextFor, loggedInMember, siteRequest } from '../../../tests/route-harness.ts'
import { paidPurchase, startSandbox } from '../../../tests/payments.ts'
import type { MollieSandbox } from '../../../scripts/lib/mollie-sandbox.ts'
import type { Db } from '../db/client.server.ts'
import { resultPage } from './pages.server.ts'

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

const paid = async (userId: string) => (await paidPurchase(db, sandbox, FLIRTLOKAAL, userId)).paymentId

describe('the payment result page', () => {
  it('announces premium for life on the first paid purchase only', async () => {
    const member = await loggedInMember(db, FLIRTLOKAAL)
    const first = await paid(member.user.id)
    const second = await paid(member.user.id)
    const context = await contextFor(FLIRTLOKAAL, await siteRequest(FLIRTLOKAAL, '/credits', { cookie: member.cookie }))
    expect((await resultPage(context, context.member!, first))?.premium).toBe(true)
    const later = await resultPage(context, context.member!, second)
    expect(later?.status).toBe('paid')
    expect(later?.premium).toBe(false)
  })
})
