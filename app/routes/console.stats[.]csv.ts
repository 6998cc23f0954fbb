// /stats.csv on the console host: the statistics of /stats with the same query, one row per
// day or week (figures, then net revenue per currency in major units), via csv-stringify.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { stringify } from 'csv-stringify/sync'
import { readStatsQuery, statistics } from '~/modules/care/stats.server.ts'
import { requireOperator } from '~/modules/operators/guard.server.ts'
import { withOperator } from '~/modules/operators/scope.server.ts'

export async function loader({ context, request }: LoaderFunctionArgs) {
  const { db, reach } = await requireOperator(context, request, { area: 'stats' })
  const { query, site } = readStatsQuery(new URL(request.url).searchParams, reach.sites)
  const s = await withOperator(db, (tx) => statistics(tx, query))
  const currencies = Object.keys(s.revenue).sort()
  const header = ['period', 'site', 'signups', 'first_purchases', 'paying_members', 'paid_messages', 'answered_conversations', 'complaints', ...currencies.map((c) => `revenue_net_${c}`)]
  const rows = s.buckets.map((b, i) => [b, site || 'network', s.signups[i], s.firstPurchases[i], s.payingMembers[i], s.paidMessages[i], s.answered[i], s.complaints[i], ...currencies.map((c) => (s.revenue[c]![i]! / 100).toFixed(2))])
  const body = stringify([header, ...rows])
  const name = `stats-${site || 'network'}-${query.unit}-${query.from.toISOString().slice(0, 10)}-${query.to.toISOString().slice(0, 10)}.csv`
  return new Response(body, { status: 200, headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${name}"`, 'Cache-Control': 'no-store' } })
}
