// Discount codes in the console (issue #23): created with SPEC §3's fields through the
// route, errors at the field with what was typed kept, listed with use counts, a one-time
// code used up by the first paid purchase ('used' for the next member), expired; roles and
// other pools refused; every change audited.
/* eslint-disable no-restricted-imports -- this test drives the route modules themselves */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appDb, createMember, FLIRTLOKAAL, ownerDb } from '../../../tests/fixtures.ts'
import { consoleArgs, signedInOperator } from '../../../tests/operators.ts'
import { runRoute, tenantFor } from '../../../tests/route-harness.ts'
import { action as codesAction, loader as codesLoader } from '../../routes/console.codes.tsx'
import type { Db } from '../db/client.server.ts'
import { withScope } from '../db/scoped.server.ts'
import { checkDiscountCode, type Order } from '../payments/discounts.server.ts'

let db: Db
let owner: Db
let finance: string

beforeAll(async () => {
  db = appDb()
  owner = ownerDb()
  finance = (await signedInOperator(db, { role: 'finance', pools: ['benelux'] })).cookie
})

afterAll(async () => {
  await db.$disconnect()
  await owner.$disconnect()
})

const order: Order = { country: 'NL', currency: 'EUR', amount: 3495, method: 'ideal' }
const post = async (cookie: string, form: Record<string, string>) => runRoute(async () => codesAction(await consoleArgs('/codes', { cookie, form })))
type Listed = { code: string; uses: number; active: boolean; id: number; oneTime: boolean }
const list = async (cookie: string) => ((await runRoute(async () => codesLoader(await consoleArgs('/codes', { cookie })))).body as { codes: Listed[] }).codes
async function check(userId: string, code: string) {
  const tenant = await tenantFor(FLIRTLOKAAL)
  return withScope(db, FLIRTLOKAAL, (tx) => checkDiscountCode(tx, FLIRTLOKAAL, tenant, { id: userId, paidUser: false, signupDate: new Date(0) }, code, order))
}
// A paid purchase with the code (decision 040: a redemption counts while its payment is live or paid).
const redeem = (code: string, userId: string, status: 'paid' | 'open' = 'paid') =>
  withScope(db, FLIRTLOKAAL, async (tx) => {
    const payment = await tx.payment.create({ data: { poolId: 'benelux', tenantId: 'flirtlokaal', userId, bundleId: 'starter', credits: 100, amount: 1196, currency: 'EUR', status, discountCode: code, discountPercent: 20 } })
    await tx.$executeRaw`INSERT INTO "DiscountRedemption" ("poolId", "tenantId", code, "userId", "paymentId") VALUES ('benelux', 'flirtlokaal', ${code}, ${userId}, ${payment.id})`
  })

describe('/codes', () => {
  it('refuses bad input at the field and keeps what was typed', async () => {
    const bad = await post(finance, { site: 'flirtlokaal', code: 'x', percentage: '150', country: 'XX', currency: 'EUR', minimum: 'abc', expires: '2001-01-01', member: '', use: 'once' })
    expect(bad.status).toBe(400)
    const body = bad.body as { errors: Record<string, string>; values: Record<string, string> }
    expect(body.errors).toMatchObject({ code: 'codes.codeInvalid', percentage: 'codes.percentInvalid', country: 'codes.countryInvalid', minimum: 'codes.minimumInvalid' })
    expect(body.values.code).toBe('x')
    const past = await post(finance, { site: 'flirtlokaal', code: 'OLDCODE', percentage: '10', expires: '2001-01-01', use: 'member' })
    expect((past.body as { errors: Record<string, string> }).errors).toEqual({ expires: 'codes.expiresPast' })
    const reserved = await post(finance, { site: 'flirtlokaal', code: 'welcome25', percentage: '10', use: 'member' })
    expect((reserved.body as { errors: Record<string, string> }).errors).toEqual({ code: 'codes.reserved' })
    const unknown = await post(finance, { site: 'flirtlokaal', code: 'FORYOU', percentage: '10', member: 'nobody@example.test', use: 'member' })
    expect((unknown.body as { errors: Record<string, string> }).errors).toEqual({ member: 'codes.memberUnknown' })
  })

  it('a one-time code: the first paid use counts once, a second member gets "used", expiring stops it', async () => {
    const created = await post(finance, { site: 'flirtlokaal', code: 'spring-20', percentage: '20', country: 'nl', currency: 'eur', minimum: '10,00', use: 'once' })
    expect(created.status).toBe(200)
    expect((await post(finance, { site: 'flirtlokaal', code: 'SPRING-20', percentage: '5', use: 'member' })).status).toBe(400)
    const row = await withScope(db, FLIRTLOKAAL, (tx) => tx.discountCode.findUniqueOrThrow({ where: { tenantId_code: { tenantId: 'flirtlokaal', code: 'SPRING-20' } } }))
    expect([row.percentage, row.country, row.currency, row.minimumOrderValue, row.oneTime]).toEqual([20, 'NL', 'EUR', 1000, true])

    const a = await createMember(db, FLIRTLOKAAL)
    const b = await createMember(db, FLIRTLOKAAL)
    expect(await check(a.user.id, 'spring-20')).toEqual({ ok: true, code: 'SPRING-20', percent: 20 })
    await redeem('SPRING-20', a.user.id)
    expect(await check(b.user.id, 'SPRING-20')).toEqual({ ok: false, reason: 'used' })
    expect(await check(a.user.id, 'SPRING-20')).toEqual({ ok: false, reason: 'used' })
    const listed = (await list(finance)).find((c) => c.code === 'SPRING-20')!
    expect(listed).toMatchObject({ uses: 1, active: true, oneTime: true })

    // A per-member code: each member once.
    expect((await post(finance, { site: 'flirtlokaal', code: 'EACH10', percentage: '10', use: 'member' })).status).toBe(200)
    await redeem('EACH10', a.user.id)
    // A checkout in progress holds the code for its member but is not a use yet.
    await redeem('EACH10', (await createMember(db, FLIRTLOKAAL)).user.id, 'open')
    expect((await list(finance)).find((c) => c.code === 'EACH10')).toMatchObject({ uses: 1 })
    expect(await check(a.user.id, 'EACH10')).toEqual({ ok: false, reason: 'used' })
    expect((await check(b.user.id, 'EACH10')).ok).toBe(true)

    // Expire: it stops at once; its use count stays.
    const vibe = (await signedInOperator(db, { role: 'finance', pools: ['datevibe'] })).cookie
    const each = (await list(finance)).find((c) => c.code === 'EACH10')!
    expect((await post(vibe, { intent: 'expire', id: String(each.id) })).status).toBe(404)
    expect((await post(finance, { intent: 'expire', id: String(each.id) })).status).toBe(200)
    expect(await check(b.user.id, 'EACH10')).toEqual({ ok: false, reason: 'not_found' })
    expect((await list(finance)).find((c) => c.code === 'EACH10')).toMatchObject({ uses: 1, active: false })
    expect((await list(vibe)).map((c) => c.code)).not.toContain('EACH10')

    const trail = await owner.operatorAudit.findMany({ where: { targetType: 'code' }, orderBy: { id: 'asc' } })
    expect(trail.map((t) => t.action)).toEqual(['code.create', 'code.create', 'code.expire'])
  })

  it('is for finance and admin only', async () => {
    const moderator = (await signedInOperator(db, { role: 'moderator', pools: ['benelux'] })).cookie
    expect((await runRoute(async () => codesLoader(await consoleArgs('/codes', { cookie: moderator })))).status).toBe(403)
    expect((await post(moderator, { site: 'flirtlokaal', code: 'NOPE10', percentage: '10', use: 'member' })).status).toBe(403)
  })
})
