// Discounts (SPEC §1, §3, §4, §5, §9) on a real database: codes, the time bonus, the welcome
// discount, the delete form's code, the API and the layout's time bonus.
/* eslint-disable no-restricted-imports -- this test drives the route modules themselves */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appDb, createMember, DATEVIBE, FLIRTLOKAAL } from '../../../tests/fixtures.ts'
import { contextFor, loggedInMember, runRoute, siteRequest, tenantFor } from '../../../tests/route-harness.ts'
import { purchase, startSandbox } from '../../../tests/payments.ts'
import type { MollieSandbox } from '../../../scripts/lib/mollie-sandbox.ts'
import { loader as discountLoader } from '../../routes/api.discountcode.ts'
import { loader as layoutLoader } from '../../routes/_default.tsx'
import type { Db } from '../db/client.server.ts'
import { withScope, type Scope } from '../db/scoped.server.ts'
import { checkDiscountCode, issueStayCode, TIME_BONUS_SECONDS, type Order } from './discounts.server.ts'

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

const order: Order = { country: 'NL', currency: 'EUR', amount: 3495, method: 'ideal' }

async function check(scope: Scope, userId: string, code: string, o: Order = order, signupDate = new Date(0), paidUser = false) {
  const tenant = await tenantFor(scope)
  return withScope(db, scope, (tx) => checkDiscountCode(tx, scope, tenant, { id: userId, paidUser, signupDate }, code, o))
}

describe('discount codes', () => {
  it('answers not found, expired, not applicable, and applies a code that fits the order', async () => {
    const { user } = await createMember(db, FLIRTLOKAAL)
    const { user: other } = await createMember(db, FLIRTLOKAAL)
    await withScope(db, FLIRTLOKAAL, (tx) =>
      tx.discountCode.createMany({
        data: [
          { tenantId: 'flirtlokaal', code: 'SPRING10', percentage: 10 },
          { tenantId: 'flirtlokaal', code: 'OLD', percentage: 10, expiresAt: new Date(Date.now() - 1000) },
          { tenantId: 'flirtlokaal', code: 'BIG', percentage: 20, minimumOrderValue: 5000 },
          { tenantId: 'flirtlokaal', code: 'BELGIUM', percentage: 15, country: 'BE' },
          { tenantId: 'flirtlokaal', code: 'CARDONLY', percentage: 15, paymentMethods: ['creditcard'] },
          { tenantId: 'flirtlokaal', code: 'OFF', percentage: 15, status: 'inactive' },
          { tenantId: 'flirtlokaal', code: 'JUSTYOU', percentage: 30, userId: other.id },
        ],
      }),
    )
    expect(await check(FLIRTLOKAAL, user.id, 'nope')).toEqual({ ok: false, reason: 'not_found' })
    expect(await check(FLIRTLOKAAL, user.id, 'spring10 ')).toEqual({ ok: true, code: 'SPRING10', percent: 10 })
    expect(await check(FLIRTLOKAAL, user.id, 'OLD')).toEqual({ ok: false, reason: 'expired' })
    expect(await check(FLIRTLOKAAL, user.id, 'BIG')).toEqual({ ok: false, reason: 'not_applicable' })
    expect(await check(FLIRTLOKAAL, user.id, 'BELGIUM')).toEqual({ ok: false, reason: 'not_applicable' })
    expect(await check(FLIRTLOKAAL, user.id, 'CARDONLY')).toEqual({ ok: false, reason: 'not_applicable' })
    expect(await check(FLIRTLOKAAL, user.id, 'CARDONLY', { ...order, method: 'creditcard' })).toMatchObject({ ok: true })
    expect(await check(FLIRTLOKAAL, user.id, 'OFF')).toEqual({ ok: false, reason: 'not_found' })
    expect(await check(FLIRTLOKAAL, user.id, 'JUSTYOU')).toEqual({ ok: false, reason: 'not_found' })
    expect(await check(FLIRTLOKAAL, other.id, 'JUSTYOU')).toMatchObject({ ok: true, percent: 30 })
    // Another site's member does not see this site's codes.
    const { user: vibe } = await createMember(db, DATEVIBE)
    expect(await check(DATEVIBE, vibe.id, 'SPRING10')).toEqual({ ok: false, reason: 'not_found' })
  })

  it('is used once a purchase with it is paid, and the price is cut on the server', async () => {
    const { user } = await createMember(db, FLIRTLOKAAL)
    await withScope(db, FLIRTLOKAAL, (tx) => tx.discountCode.create({ data: { tenantId: 'flirtlokaal', code: 'ONCE20', percentage: 20 } }))
    const bought = await purchase(db, FLIRTLOKAAL, user.id, { code: 'ONCE20', method: 'ideal' })
    expect(bought.row).toMatchObject({ amount: 1196, discountCode: 'ONCE20', discountPercent: 20 })
    await sandbox.complete(bought.molliePaymentId, 'paid')
    const { syncPayment } = await import('./sync.server.ts')
    await syncPayment(db, await tenantFor(FLIRTLOKAAL), FLIRTLOKAAL, bought.molliePaymentId)
    expect(await check(FLIRTLOKAAL, user.id, 'ONCE20', order, new Date(0), true)).toEqual({ ok: false, reason: 'used' })
  })

  it('the delete form\'s code is its member\'s alone', async () => {
    const { user } = await createMember(db, FLIRTLOKAAL)
    const { user: other } = await createMember(db, FLIRTLOKAAL)
    const tenant = await tenantFor(FLIRTLOKAAL)
    const code = await withScope(db, FLIRTLOKAAL, (tx) => issueStayCode(tx, FLIRTLOKAAL, user.id, tenant.company.deleteDiscount))
    // Asking again gives the same code, never a second one.
    expect(await withScope(db, FLIRTLOKAAL, (tx) => issueStayCode(tx, FLIRTLOKAAL, user.id, tenant.company.deleteDiscount))).toBe(code)
    expect(await check(FLIRTLOKAAL, user.id, code)).toEqual({ ok: true, code, percent: tenant.company.deleteDiscount })
    expect(await check(FLIRTLOKAAL, other.id, code)).toEqual({ ok: false, reason: 'not_found' })
  })
})

describe('time bonus and welcome discount', () => {
  it('TIMEBONUS25 within 14,400 s of signup, then the welcome discount, then none; paid members get neither', async () => {
    const { user } = await createMember(db, FLIRTLOKAAL)
    const now = Date.now()
    expect(await check(FLIRTLOKAAL, user.id, 'TIMEBONUS25', order, new Date(now - 1000))).toEqual({ ok: true, code: 'TIMEBONUS25', percent: 25 })
    expect(await check(FLIRTLOKAAL, user.id, 'TIMEBONUS25', order, new Date(now - TIME_BONUS_SECONDS * 1000 - 1000))).toEqual({ ok: false, reason: 'expired' })
    expect(await check(FLIRTLOKAAL, user.id, 'WELCOME25', order, new Date(now - TIME_BONUS_SECONDS * 1000 - 1000))).toMatchObject({ ok: true, percent: 25 })
    expect(await check(FLIRTLOKAAL, user.id, 'WELCOME25', order, new Date(now - 49 * 3_600_000))).toEqual({ ok: false, reason: 'expired' })
    expect(await check(FLIRTLOKAAL, user.id, 'TIMEBONUS25', order, new Date(now - 1000), true)).toEqual({ ok: false, reason: 'expired' })
  })

  it('/api/discountcode and the layout show the running bonus to a new member only', async () => {
    process.env.MOLLIE_API_ENDPOINT = sandbox.apiEndpoint
    const fresh = await loggedInMember(db, DATEVIBE)
    const call = async (scope: Scope, cookie: string, path: string, loader: typeof discountLoader | typeof layoutLoader) => {
      const request = await siteRequest(scope, path, { cookie })
      return runRoute(async () => loader({ request, context: await contextFor(scope, request), params: {} }))
    }
    expect((await call(DATEVIBE, fresh.cookie, '/api/discountcode?welcome=true', discountLoader)).body).toMatchObject({ discountcode: { code: 'WELCOME25', value_percentage: 25, status: 'active' } })
    expect((await call(DATEVIBE, fresh.cookie, '/api/discountcode', discountLoader)).body).toMatchObject({ discountcode: { code: 'TIMEBONUS25' }, time_bonus: { isVisible: true } })
    expect((await call(DATEVIBE, fresh.cookie, '/api/discountcode?code=NOPE', discountLoader)).status).toBe(404)
    const layout = (await call(DATEVIBE, fresh.cookie, '/members', layoutLoader)).body as { timeBonus: { secondsLeft: number; texts: { title: string } } | null }
    expect(layout.timeBonus?.secondsLeft).toBeGreaterThan(TIME_BONUS_SECONDS - 60)
    expect(layout.timeBonus?.texts.title).toBe('25% welcome bonus')
    const old = await loggedInMember(db, DATEVIBE)
    await withScope(db, DATEVIBE, (tx) => tx.user.update({ where: { poolId_tenantId_id: { poolId: DATEVIBE.poolId, tenantId: DATEVIBE.tenantId, id: old.user.id } }, data: { signupDate: new Date(Date.now() - TIME_BONUS_SECONDS * 1000 - 5000) } }))
    expect(((await call(DATEVIBE, old.cookie, '/members', layoutLoader)).body as { timeBonus?: unknown }).timeBonus).toBeUndefined()
  })
})
