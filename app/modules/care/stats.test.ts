// Statistics (issue #23): the dashboard's revenue for a seeded month equals the payments
// table's sum minus refunds and chargebacks, per currency, counted independently here; the
// daily figures, the CSV, the chart, and the operator's sites only.
/* eslint-disable no-restricted-imports -- this test drives the route modules themselves */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appDb, createMember, DATEDICHTBIJ, DATEVIBE, FLIRTLOKAAL, ownerDb } from '../../../tests/fixtures.ts'
import { consoleArgs, signedInOperator } from '../../../tests/operators.ts'
import { runRoute } from '../../../tests/route-harness.ts'
import { loader as statsLoader } from '../../routes/console.stats.tsx'
import { loader as csvLoader } from '../../routes/console.stats[.]csv.ts'
import type { Db } from '../db/client.server.ts'
import { withScope, type Scope } from '../db/scoped.server.ts'
import { buckets, type Series } from './stats.server.ts'

let db: Db
let owner: Db
let marketer: string

const MONTH = { from: '2026-03-01', to: '2026-03-31' }
const at = (day: number, hour = 12) => new Date(Date.UTC(2026, 2, day, hour))

async function pay(scope: Scope, userId: string, amount: number, currency: string, paidAt: Date, extra: { refundedAt?: Date; chargedBackAt?: Date; reversed?: number } = {}) {
  return withScope(db, scope, (tx) =>
    tx.payment.create({
      data: {
        poolId: scope.poolId, tenantId: scope.tenantId, userId, bundleId: 'b', credits: 10, amount, currency, status: 'paid', paidAt, creditedAt: paidAt,
        ...(extra.refundedAt ? { refundStatus: 'refunded', refundedAt: extra.refundedAt, amountReversed: extra.reversed ?? amount } : {}),
        ...(extra.chargedBackAt ? { chargedBackAt: extra.chargedBackAt, amountReversed: amount } : {}),
      },
    }),
  )
}

beforeAll(async () => {
  db = appDb()
  owner = ownerDb()
  marketer = (await signedInOperator(db, { role: 'marketer', pools: ['benelux'] })).cookie
  const a = await createMember(db, FLIRTLOKAAL)
  const b = await createMember(db, FLIRTLOKAAL)
  const c = await createMember(db, DATEDICHTBIJ)
  const uk = await createMember(db, DATEVIBE)
  await withScope(db, FLIRTLOKAAL, (tx) => tx.user.updateMany({ where: { id: { in: [a.user.id, b.user.id] } }, data: { signupDate: at(2), tracking: { network: 'tradedoubler', sub1: 'x' } } }))
  await pay(FLIRTLOKAAL, a.user.id, 1995, 'EUR', at(3))
  await pay(FLIRTLOKAAL, a.user.id, 4995, 'EUR', at(10), { refundedAt: at(12) })
  // A pro-rata (partial) refund: 1000 of 2995 went back.
  await pay(FLIRTLOKAAL, b.user.id, 2995, 'EUR', at(11), { refundedAt: at(13), reversed: 1000 })
  await pay(FLIRTLOKAAL, b.user.id, 995, 'EUR', at(10), { chargedBackAt: at(20) })
  await pay(FLIRTLOKAAL, b.user.id, 1500, 'GBP', at(15))
  await pay(DATEDICHTBIJ, c.user.id, 2995, 'EUR', at(31, 23))
  // Outside the month, and another pool's: neither counts.
  await pay(DATEDICHTBIJ, c.user.id, 9999, 'EUR', new Date(Date.UTC(2026, 3, 1, 0, 30)))
  await pay(DATEVIBE, uk.user.id, 7777, 'GBP', at(5))
})

afterAll(async () => {
  await db.$disconnect()
  await owner.$disconnect()
})

const load = async (cookie: string, query: string) => runRoute(async () => statsLoader(await consoleArgs(`/stats?${query}`, { cookie })))

describe('/stats', () => {
  it('revenue for the month equals the payments table minus refunds and chargebacks, per currency', async () => {
    const result = await load(marketer, `from=${MONTH.from}&to=${MONTH.to}&unit=day`)
    expect(result.status).toBe(200)
    const series = (result.body as { series: Series }).series
    // Counted independently, as the owner, over the payments table.
    const expected = await owner.$queryRaw<{ currency: string; net: number }[]>`
      SELECT currency, (
        coalesce(sum(amount) FILTER (WHERE "paidAt" >= '2026-03-01' AND "paidAt" < '2026-04-01'), 0)
      - coalesce(sum("amountReversed") FILTER (WHERE coalesce("refundedAt", "chargedBackAt") >= '2026-03-01' AND coalesce("refundedAt", "chargedBackAt") < '2026-04-01'), 0))::int AS net
      FROM "Payment" WHERE "tenantId" IN ('flirtlokaal', 'datedichtbij') GROUP BY currency ORDER BY currency`
    expect(series.totals.revenue).toEqual(Object.fromEntries(expected.map((r) => [r.currency, r.net])))
    expect(series.totals.revenue).toEqual({ EUR: 1995 + 4995 - 4995 + 2995 - 1000 + 995 - 995 + 2995, GBP: 1500 })
    expect(series.buckets).toHaveLength(31)
    expect(series.revenue.EUR![2]).toBe(1995)
    expect(series.revenue.EUR![11]).toBe(-4995)
    expect(series.totals.firstPurchases).toBe(3)
    expect(series.revenue.EUR![12]).toBe(-1000)
    expect(series.totals.signups).toBe(2)
    expect((result.body as { sources: { network: string; signups: number }[] }).sources.find((s) => s.network === 'tradedoubler')?.signups).toBe(2)
  })

  it('per site, per week, and as CSV', async () => {
    const site = await load(marketer, `from=${MONTH.from}&to=${MONTH.to}&unit=week&site=datedichtbij`)
    const series = (site.body as { series: Series }).series
    expect(series.totals.revenue).toEqual({ EUR: 2995 })
    expect(series.buckets[0]).toBe('2026-02-23')
    const csv = await runRoute(async () => csvLoader(await consoleArgs(`/stats.csv?from=${MONTH.from}&to=${MONTH.to}&unit=day`, { cookie: marketer })))
    expect(csv.status).toBe(200)
    expect(csv.headers.get('content-type')).toContain('text/csv')
    const lines = String(csv.body).trim().split('\n')
    expect(lines[0]).toBe('period,site,signups,first_purchases,paying_members,paid_messages,answered_conversations,complaints,revenue_net_EUR,revenue_net_GBP')
    expect(lines).toHaveLength(32)
    expect(lines[3]).toBe('2026-03-03,network,0,1,1,0,0,0,19.95,0.00')
  })

  it('shows another pool nothing of these sites, and is for marketers and admins only', async () => {
    const vibe = (await signedInOperator(db, { role: 'marketer', pools: ['datevibe'] })).cookie
    const other = await load(vibe, `from=${MONTH.from}&to=${MONTH.to}&site=flirtlokaal`)
    expect((other.body as { series: Series }).series.totals.revenue).toEqual({ GBP: 7777 })
    const moderator = (await signedInOperator(db, { role: 'moderator', pools: ['benelux'] })).cookie
    expect((await load(moderator, '')).status).toBe(403)
    expect((await runRoute(async () => statsLoader(await consoleArgs('/stats')))).status).toBe(302)
  })

  it('buckets weeks from Monday and days inclusive', () => {
    expect(buckets(new Date('2026-03-04T00:00:00Z'), new Date('2026-03-16T00:00:00Z'), 'week')).toEqual(['2026-03-02', '2026-03-09', '2026-03-16'])
    expect(buckets(new Date('2026-03-30T00:00:00Z'), new Date('2026-04-01T00:00:00Z'), 'day')).toEqual(['2026-03-30', '2026-03-31', '2026-04-01'])
  })
})
