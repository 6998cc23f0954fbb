// /stats on the console host (issue #23, marketer and admin): per site or for the network,
// per day or week over a range, from the tables of record; a server-rendered SVG chart and
// the figures as a table; breakdowns by traffic source and lander variant; CSV export at
// /stats.csv with the same query.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { LineChart } from '~/components/console/line-chart.tsx'
import { ConsoleSelect, Notice } from '~/components/console/field.tsx'
import { byLander, bySource, readStatsQuery, statistics } from '~/modules/care/stats.server.ts'
import type { I18nHandle } from '~/modules/i18n/namespaces.ts'
import { requireOperator } from '~/modules/operators/guard.server.ts'
import { withOperator } from '~/modules/operators/scope.server.ts'
import { numberFormat } from '~/modules/site/formatters.ts'

export const handle: I18nHandle = { i18n: ['console'] }

export const meta: MetaFunction = () => [{ title: 'Statistics' }]

export async function loader({ context, request }: LoaderFunctionArgs) {
  const { db, reach, locale } = await requireOperator(context, request, { area: 'stats' })
  const url = new URL(request.url)
  const { query, site, error } = readStatsQuery(url.searchParams, reach.sites)
  const [series, sources, landers] = await withOperator(db, async (tx) => [await statistics(tx, query), await bySource(tx, query), await byLander(tx, query.sites)] as const)
  const money = (amount: number, currency: string) => numberFormat(locale, { style: 'currency', currency }).format(amount / 100)
  return {
    sites: reach.sites.map((s) => ({ slug: s.slug, name: s.name })),
    form: { site, from: query.from.toISOString().slice(0, 10), to: query.to.toISOString().slice(0, 10), unit: query.unit },
    error,
    csv: `/stats.csv${url.search}`,
    series,
    revenueText: Object.fromEntries(Object.entries(series.totals.revenue).map(([c, a]) => [c, money(a, c)])),
    arppuText: Object.fromEntries(Object.entries(series.arppu).map(([c, a]) => [c, money(a, c)])),
    perBucketRevenue: Object.fromEntries(Object.entries(series.revenue).map(([c, xs]) => [c, xs.map((a) => money(a, c))])),
    sources: sources.map((s) => ({ ...s, revenue: Object.entries(s.revenue).map(([c, a]) => money(a, c)).join(', ') })),
    landers,
  }
}

export default function Stats() {
  const { t } = useTranslation('console')
  const d = useLoaderData<typeof loader>()
  const { series } = d
  const currencies = Object.keys(series.revenue)
  return (
    <div className="stack">
      <h1>{t('stats.title')}</h1>
      {d.error ? <Notice tone="danger">{t(d.error)}</Notice> : null}
      <Form method="get" className="console-filters">
        <ConsoleSelect id="stats-site" name="site" label={t('stats.site')} defaultValue={d.form.site} all={t('stats.network')} options={d.sites.map((s) => ({ value: s.slug, label: s.name }))} />
        <label>
          {t('stats.from')} <input type="date" name="from" defaultValue={d.form.from} />
        </label>
        <label>
          {t('stats.to')} <input type="date" name="to" defaultValue={d.form.to} />
        </label>
        <ConsoleSelect
          id="stats-unit"
          name="unit"
          label={t('stats.unit')}
          defaultValue={d.form.unit}
          options={[
            { value: 'day', label: t('stats.day') },
            { value: 'week', label: t('stats.week') },
          ]}
        />
        <button type="submit" className="button button--primary">
          {t('stats.show')}
        </button>
        <a href={d.csv} className="button button--light" download>
          {t('stats.csv')}
        </a>
      </Form>

      <dl className="console-facts" data-testid="stats-totals">
        <dt>{t('stats.signups')}</dt>
        <dd>{series.totals.signups}</dd>
        <dt>{t('stats.firstPurchases')}</dt>
        <dd>{series.totals.firstPurchases}</dd>
        <dt>{t('stats.payingMembers')}</dt>
        <dd>{series.totals.payingMembers}</dd>
        <dt>{t('stats.revenue')}</dt>
        <dd data-testid="stats-revenue">{currencies.length === 0 ? '—' : currencies.map((c) => d.revenueText[c]).join(' · ')}</dd>
        <dt>{t('stats.arppu')}</dt>
        <dd>{Object.values(d.arppuText).join(' · ') || '—'}</dd>
        <dt>{t('stats.paidMessages')}</dt>
        <dd>{series.totals.paidMessages}</dd>
        <dt>{t('stats.answered')}</dt>
        <dd>{series.totals.answered}</dd>
        <dt>{t('stats.waiting')}</dt>
        <dd>{series.totals.waiting}</dd>
        <dt>{t('stats.complaints')}</dt>
        <dd>{series.totals.complaints}</dd>
        <dt>{t('stats.unsubscribed')}</dt>
        <dd>{series.totals.unsubscribed}</dd>
      </dl>

      <LineChart
        title={t('stats.chartMembers')}
        buckets={series.buckets}
        series={[
          { label: t('stats.signups'), values: series.signups, tone: 1 },
          { label: t('stats.firstPurchases'), values: series.firstPurchases, tone: 2 },
          { label: t('stats.paidMessages'), values: series.paidMessages, tone: 3 },
          { label: t('stats.answered'), values: series.answered, tone: 4 },
        ]}
      />
      {currencies.map((c) => (
        <LineChart key={c} title={`${t('stats.revenue')} (${c})`} buckets={series.buckets} series={[{ label: `${t('stats.revenue')} ${c}`, values: series.revenue[c]!.map((a) => a / 100), tone: 3 }]} />
      ))}

      <div className="console-table-wrap">
        <table className="console-table" data-testid="stats-table">
          <thead>
            <tr>
              <th scope="col">{d.form.unit === 'week' ? t('stats.week') : t('stats.day')}</th>
              <th scope="col">{t('stats.signups')}</th>
              <th scope="col">{t('stats.firstPurchases')}</th>
              <th scope="col">{t('stats.payingMembers')}</th>
              {currencies.map((c) => (
                <th scope="col" key={c}>
                  {t('stats.revenue')} {c}
                </th>
              ))}
              <th scope="col">{t('stats.paidMessages')}</th>
              <th scope="col">{t('stats.answered')}</th>
              <th scope="col">{t('stats.complaints')}</th>
            </tr>
          </thead>
          <tbody>
            {series.buckets.map((b, i) => (
              <tr key={b}>
                <td>{b}</td>
                <td>{series.signups[i]}</td>
                <td>{series.firstPurchases[i]}</td>
                <td>{series.payingMembers[i]}</td>
                {currencies.map((c) => (
                  <td key={c}>{d.perBucketRevenue[c]![i]}</td>
                ))}
                <td>{series.paidMessages[i]}</td>
                <td>{series.answered[i]}</td>
                <td>{series.complaints[i]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <h2>{t('stats.bySource')}</h2>
      <table className="console-table">
        <thead>
          <tr>
            <th scope="col">network</th>
            <th scope="col">ref</th>
            <th scope="col">sub1</th>
            <th scope="col">sub2</th>
            <th scope="col">sub3</th>
            <th scope="col">{t('stats.signups')}</th>
            <th scope="col">{t('stats.payingMembers')}</th>
            <th scope="col">{t('stats.revenueGross')}</th>
          </tr>
        </thead>
        <tbody>
          {d.sources.map((s) => (
            <tr key={[s.network, s.ref, s.sub1, s.sub2, s.sub3].join('|')}>
              <td>{s.network || t('stats.direct')}</td>
              <td>{s.ref}</td>
              <td>{s.sub1}</td>
              <td>{s.sub2}</td>
              <td>{s.sub3}</td>
              <td>{s.signups}</td>
              <td>{s.payers}</td>
              <td>{s.revenue}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <h2>{t('stats.byLander')}</h2>
      <p className="field-hint">{t('stats.landerNote')}</p>
      <table className="console-table">
        <thead>
          <tr>
            <th scope="col">{t('stats.lander')}</th>
            <th scope="col">{t('stats.variant')}</th>
            <th scope="col">{t('stats.visits')}</th>
            <th scope="col">{t('stats.signups')}</th>
            <th scope="col">{t('stats.activations')}</th>
          </tr>
        </thead>
        <tbody>
          {d.landers.map((l) => (
            <tr key={`${l.lander}/${l.variant}`}>
              <td>{l.lander}</td>
              <td>{l.variant}</td>
              <td>{l.visits}</td>
              <td>{l.signups}</td>
              <td>{l.activations}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
