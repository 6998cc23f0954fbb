// Statistics for the console (issue #23, decision 051): per site or for the operator's whole
// network, per day or week (UTC) over a range, counted from the tables of record: accounts
// (signups, traffic source), payments (first purchases, paying members, revenue per currency
// net of refunds and chargebacks), the credit ledger (paid messages), the inbox's answers,
// complaints, and the lander counts. No second bookkeeping. Read on the operator's handle:
// RLS keeps every figure to their sites.
import { Prisma } from '~/generated/prisma/client.ts'
import type { ScopedTx } from '../db/scoped.server.ts'

export type Unit = 'day' | 'week'
/** `sites` and the `pools` they belong to: every figure is read through the rows' own pools. */
export type StatsQuery = { sites: string[]; pools: string[]; from: Date; to: Date; unit: Unit }

const DAY = 86_400_000
export const MAX_RANGE_DAYS = 366

/** Bucket starts (UTC) from `from` to `to` inclusive; weeks start on Monday (date_trunc). */
export function buckets(from: Date, to: Date, unit: Unit): string[] {
  const out: string[] = []
  let t = Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate())
  if (unit === 'week') t -= ((new Date(t).getUTCDay() + 6) % 7) * DAY
  for (; t <= to.getTime(); t += unit === 'week' ? 7 * DAY : DAY) out.push(new Date(t).toISOString().slice(0, 10))
  return out
}

type Row = { bucket: Date; n: number }
type MoneyRow = { bucket: Date; currency: string; amount: number }

const key = (d: Date) => d.toISOString().slice(0, 10)

export type Series = {
  buckets: string[]
  signups: number[]
  firstPurchases: number[]
  payingMembers: number[]
  paidMessages: number[]
  answered: number[]
  complaints: number[]
  /** Net revenue (minor units) per currency per bucket: paid minus what went back (refunds, also partial, and chargebacks). */
  revenue: Record<string, number[]>
  /** Average net revenue per paying member per currency over the whole range (minor units). */
  arppu: Record<string, number>
  totals: { signups: number; firstPurchases: number; payingMembers: number; paidMessages: number; answered: number; complaints: number; revenue: Record<string, number>; waiting: number; unsubscribed: number }
}

/** The end of the range: the last day inclusive. */
const endOf = (to: Date) => new Date(Date.UTC(to.getUTCFullYear(), to.getUTCMonth(), to.getUTCDate()) + DAY)

export async function statistics(tx: ScopedTx, q: StatsQuery): Promise<Series> {
  const list = buckets(q.from, q.to, q.unit)
  const from = new Date(`${list[0]}T00:00:00Z`)
  const to = endOf(q.to)
  const unit = Prisma.raw(q.unit === 'week' ? "'week'" : "'day'")
  const sites = q.sites
  const pools = q.pools
  const at = (col: string) => Prisma.sql`date_trunc(${unit}, ${Prisma.raw(col)} AT TIME ZONE 'UTC')`

  // One transaction's connection: the statements run one after another.
  const signups = await tx.$queryRaw<Row[]>`SELECT ${at('"signupDate"')} AS bucket, count(*)::int AS n FROM "User" WHERE "poolId" = ANY(${pools}::text[]) AND "tenantId" = ANY(${sites}::text[]) AND "signupDate" >= ${from} AND "signupDate" < ${to} GROUP BY 1`
  const first = await tx.$queryRaw<Row[]>`SELECT ${at('p."paidAt"')} AS bucket, count(*)::int AS n FROM "Payment" p
      WHERE p."poolId" = ANY(${pools}::text[]) AND p."tenantId" = ANY(${sites}::text[]) AND p."paidAt" >= ${from} AND p."paidAt" < ${to} AND p."paidAt" IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM "Payment" e WHERE e."poolId" = p."poolId" AND e."tenantId" = p."tenantId" AND e."userId" = p."userId" AND e."paidAt" IS NOT NULL AND (e."paidAt", e."id") < (p."paidAt", p."id"))
      GROUP BY 1`
  const paying = await tx.$queryRaw<Row[]>`SELECT ${at('"paidAt"')} AS bucket, count(DISTINCT ("tenantId", "userId"))::int AS n FROM "Payment" WHERE "poolId" = ANY(${pools}::text[]) AND "tenantId" = ANY(${sites}::text[]) AND "paidAt" >= ${from} AND "paidAt" < ${to} GROUP BY 1`
  const messages = await tx.$queryRaw<Row[]>`SELECT ${at('"createdAt"')} AS bucket, count(*)::int AS n FROM "CreditTransaction" WHERE "poolId" = ANY(${pools}::text[]) AND "tenantId" = ANY(${sites}::text[]) AND reason = 'message' AND delta < 0 AND "createdAt" >= ${from} AND "createdAt" < ${to} GROUP BY 1`
  const answered = await tx.$queryRaw<Row[]>`SELECT ${at('"answeredAt"')} AS bucket, count(DISTINCT "conversationId")::int AS n FROM "InboxReply" WHERE "poolId" = ANY(${pools}::text[]) AND "tenantId" = ANY(${sites}::text[]) AND "answeredAt" >= ${from} AND "answeredAt" < ${to} GROUP BY 1`
  const complaints = await tx.$queryRaw<Row[]>`SELECT ${at('"createdAt"')} AS bucket, count(*)::int AS n FROM "Complaint" WHERE "poolId" = ANY(${pools}::text[]) AND "tenantId" = ANY(${sites}::text[]) AND "createdAt" >= ${from} AND "createdAt" < ${to} GROUP BY 1`
  const paid = await tx.$queryRaw<MoneyRow[]>`SELECT ${at('"paidAt"')} AS bucket, currency, sum(amount)::int AS amount FROM "Payment" WHERE "poolId" = ANY(${pools}::text[]) AND "tenantId" = ANY(${sites}::text[]) AND "paidAt" >= ${from} AND "paidAt" < ${to} GROUP BY 1, 2`
  // Refunds (also partial) and chargebacks: what Mollie reported back in all (decision 040), on the day it went back.
  const reversed = await tx.$queryRaw<MoneyRow[]>`SELECT ${at('coalesce("refundedAt", "chargedBackAt")')} AS bucket, currency, sum("amountReversed")::int AS amount FROM "Payment"
      WHERE "poolId" = ANY(${pools}::text[]) AND "tenantId" = ANY(${sites}::text[]) AND "amountReversed" > 0 AND coalesce("refundedAt", "chargedBackAt") >= ${from} AND coalesce("refundedAt", "chargedBackAt") < ${to} GROUP BY 1, 2`
  const waiting = await tx.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM "Conversation" c WHERE c."operatorWaitingSince" IS NOT NULL
      AND EXISTS (SELECT 1 FROM "Profile" p WHERE p."poolId" = c."poolId" AND p."id" = c."operatorWaitingFor" AND p."poolId" = ANY(${pools}::text[]) AND p."tenantId" = ANY(${sites}::text[]))`
  const unsubscribed = await tx.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM "User" WHERE "poolId" = ANY(${pools}::text[]) AND "tenantId" = ANY(${sites}::text[]) AND cardinality("notificationsDisabled") > 0`
  const payingAll = await tx.$queryRaw<{ currency: string; n: number }[]>`SELECT currency, count(DISTINCT ("tenantId", "userId"))::int AS n FROM "Payment" WHERE "poolId" = ANY(${pools}::text[]) AND "tenantId" = ANY(${sites}::text[]) AND "paidAt" >= ${from} AND "paidAt" < ${to} GROUP BY 1`

  const index = new Map(list.map((b, i) => [b, i]))
  const series = (rows: Row[]) => {
    const out = list.map(() => 0)
    for (const r of rows) {
      const i = index.get(key(r.bucket))
      if (i !== undefined) out[i]! += r.n
    }
    return out
  }
  const revenue: Record<string, number[]> = {}
  const add = (rows: MoneyRow[], sign: 1 | -1) => {
    for (const r of rows) {
      const i = index.get(key(r.bucket))
      if (i === undefined) continue
      revenue[r.currency] ??= list.map(() => 0)
      revenue[r.currency]![i]! += sign * r.amount
    }
  }
  add(paid, 1)
  add(reversed, -1)
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0)
  const revenueTotals = Object.fromEntries(Object.entries(revenue).map(([c, xs]) => [c, sum(xs)]))
  const arppu = Object.fromEntries(payingAll.map((p) => [p.currency, p.n > 0 ? Math.round((revenueTotals[p.currency] ?? 0) / p.n) : 0]))
  const s = { signups: series(signups), firstPurchases: series(first), payingMembers: series(paying), paidMessages: series(messages), answered: series(answered), complaints: series(complaints) }
  return {
    buckets: list,
    ...s,
    revenue,
    arppu,
    totals: {
      signups: sum(s.signups), firstPurchases: sum(s.firstPurchases), payingMembers: payingAll.reduce((a, p) => a + p.n, 0), paidMessages: sum(s.paidMessages),
      answered: sum(s.answered), complaints: sum(s.complaints), revenue: revenueTotals, waiting: waiting[0]?.n ?? 0, unsubscribed: unsubscribed[0]?.n ?? 0,
    },
  }
}

export type SourceRow = { network: string; ref: string; sub1: string; sub2: string; sub3: string; signups: number; payers: number; revenue: Record<string, number> }

/** Signups, paying members and gross revenue over the range per traffic source (SPEC §3 tracking). */
export async function bySource(tx: ScopedTx, q: StatsQuery): Promise<SourceRow[]> {
  const from = new Date(`${buckets(q.from, q.to, q.unit)[0]}T00:00:00Z`)
  const to = endOf(q.to)
  const rows = await tx.$queryRaw<{ network: string; ref: string; sub1: string; sub2: string; sub3: string; signups: number; payers: number; currency: string | null; amount: number | null }[]>`
    WITH members AS (
      SELECT u."poolId", u."tenantId", u.id, coalesce(u.tracking->>'network', '') AS network, coalesce(u.tracking->>'ref', '') AS ref,
             coalesce(u.tracking->>'sub1', '') AS sub1, coalesce(u.tracking->>'sub2', '') AS sub2, coalesce(u.tracking->>'sub3', '') AS sub3,
             (u."signupDate" >= ${from} AND u."signupDate" < ${to}) AS new
        FROM "User" u WHERE u."poolId" = ANY(${q.pools}::text[]) AND u."tenantId" = ANY(${q.sites}::text[])
    ), paid AS (
      SELECT p."poolId", p."tenantId", p."userId", p.currency, sum(p.amount)::int AS amount FROM "Payment" p
       WHERE p."poolId" = ANY(${q.pools}::text[]) AND p."tenantId" = ANY(${q.sites}::text[]) AND p."paidAt" >= ${from} AND p."paidAt" < ${to} GROUP BY 1, 2, 3, 4
    )
    SELECT m.network, m.ref, m.sub1, m.sub2, m.sub3, count(DISTINCT m.id) FILTER (WHERE m.new)::int AS signups,
           count(DISTINCT p."userId")::int AS payers, p.currency, sum(p.amount)::int AS amount
      FROM members m LEFT JOIN paid p ON p."poolId" = m."poolId" AND p."tenantId" = m."tenantId" AND p."userId" = m.id
     WHERE m.new OR p."userId" IS NOT NULL
     GROUP BY 1, 2, 3, 4, 5, p.currency
     ORDER BY 6 DESC, 1, 2 LIMIT 500`
  const merged = new Map<string, SourceRow>()
  for (const r of rows) {
    const k = [r.network, r.ref, r.sub1, r.sub2, r.sub3].join('\u0000')
    const row = merged.get(k) ?? { network: r.network, ref: r.ref, sub1: r.sub1, sub2: r.sub2, sub3: r.sub3, signups: 0, payers: 0, revenue: {} }
    row.signups = Math.max(row.signups, r.signups)
    row.payers += r.payers
    if (r.currency && r.amount) row.revenue[r.currency] = (row.revenue[r.currency] ?? 0) + r.amount
    merged.set(k, row)
  }
  return [...merged.values()]
}

/** The landers' counts (decision 014) per lander and variant: visits, signups, activations. */
export async function byLander(tx: ScopedTx, sites: string[]) {
  const rows = await tx.landerStat.groupBy({ by: ['lander', 'variant'], where: { tenantId: { in: sites } }, _sum: { visits: true, signups: true, activations: true }, orderBy: [{ lander: 'asc' }, { variant: 'asc' }] })
  return rows.map((r) => ({ lander: r.lander, variant: r.variant, visits: r._sum.visits ?? 0, signups: r._sum.signups ?? 0, activations: r._sum.activations ?? 0 }))
}

/** Reads from/to/unit/site of a query string; null fields fall back to the last 30 days per day. */
export function readStatsQuery(params: URLSearchParams, mySites: readonly { slug: string; pool: string }[], now = new Date()): { query: StatsQuery; site: string; error: string | null } {
  const date = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) ? new Date(`${v}T00:00:00Z`) : null)
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()))
  let to = date(params.get('to')) ?? today
  let from = date(params.get('from')) ?? new Date(to.getTime() - 29 * DAY)
  let error: string | null = null
  if ((params.get('from') && !date(params.get('from'))) || (params.get('to') && !date(params.get('to')))) error = 'stats.dateInvalid'
  if (from > to) {
    error = 'stats.rangeInvalid'
    ;[from, to] = [to, from]
  }
  if (to.getTime() - from.getTime() > MAX_RANGE_DAYS * DAY) {
    error = 'stats.rangeTooLong'
    from = new Date(to.getTime() - MAX_RANGE_DAYS * DAY)
  }
  const unit: Unit = params.get('unit') === 'week' ? 'week' : 'day'
  const site = params.get('site') ?? ''
  const chosen = mySites.filter((s) => s.slug === site)
  const scoped = site && chosen.length > 0 ? chosen : mySites
  const sites = scoped.map((s) => s.slug)
  return { query: { sites, pools: [...new Set(scoped.map((s) => s.pool))], from, to, unit }, site: sites.length === 1 && site ? site : '', error }
}
