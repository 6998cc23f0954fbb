// /inbox/metrics: waiting conversations, time to first answer (median, p95) per site and
// language, answers per chatter per hour, over the last 24 hours (issue #21).
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { inboxMetrics } from '~/modules/inbox/metrics.server.ts'
import { waitingSummary } from '~/modules/inbox/queue.server.ts'
import type { I18nHandle } from '~/modules/i18n/namespaces.ts'
import { requireOperator } from '~/modules/operators/guard.server.ts'
import { withOperator } from '~/modules/operators/scope.server.ts'

export const handle: I18nHandle = { i18n: ['console'] }

export const meta: MetaFunction = () => [{ title: 'Inbox metrics' }]

export async function loader({ context, request }: LoaderFunctionArgs) {
  const { operator, db, reach } = await requireOperator(context, request, { area: 'inbox' })
  const [metrics, waiting] = await withOperator(db, async (tx) => [
    await inboxMetrics(tx, reach),
    await waitingSummary(tx, { id: operator.id, sites: reach.sites.map((s) => s.slug), pools: reach.pools, languages: [] }),
  ] as const)
  const siteName = (slug: string) => reach.sites.find((s) => s.slug === slug)?.name ?? slug
  return { metrics: { ...metrics, groups: metrics.groups.map((g) => ({ ...g, site: siteName(g.tenantId) })) }, waiting: { count: waiting.count, oldest: waiting.oldest?.toISOString() ?? null } }
}

const duration = (seconds: number | null) => (seconds === null ? '–' : seconds < 120 ? `${Math.round(seconds)} s` : `${Math.round(seconds / 60)} min`)

export default function InboxMetrics() {
  const { t } = useTranslation('console')
  const { metrics, waiting } = useLoaderData<typeof loader>()
  return (
    <div className="stack">
      <h1>{t('metrics.title')}</h1>
      <p className="lead">{t('metrics.intro', { hours: metrics.hours })}</p>
      <dl className="console-facts console-card" data-testid="metrics">
        <dt>{t('metrics.waiting')}</dt>
        <dd>{waiting.count}</dd>
        <dt>{t('metrics.answers')}</dt>
        <dd>{metrics.overall.answers}</dd>
        <dt>{t('metrics.median')}</dt>
        <dd>{duration(metrics.overall.medianSeconds)}</dd>
        <dt>{t('metrics.p95')}</dt>
        <dd>{duration(metrics.overall.p95Seconds)}</dd>
      </dl>
      <h2>{t('metrics.bySite')}</h2>
      <table className="console-table">
        <thead>
          <tr>
            <th scope="col">{t('common.site')}</th>
            <th scope="col">{t('common.language')}</th>
            <th scope="col">{t('metrics.answers')}</th>
            <th scope="col">{t('metrics.median')}</th>
            <th scope="col">{t('metrics.p95')}</th>
          </tr>
        </thead>
        <tbody>
          {metrics.groups.map((g) => (
            <tr key={`${g.tenantId}/${g.language}`}>
              <td>{g.site}</td>
              <td>{g.language ?? '–'}</td>
              <td>{g.answers}</td>
              <td>{duration(g.medianSeconds)}</td>
              <td>{duration(g.p95Seconds)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>{t('metrics.byChatter')}</h2>
      <table className="console-table">
        <thead>
          <tr>
            <th scope="col">{t('metrics.chatter')}</th>
            <th scope="col">{t('metrics.answers')}</th>
            <th scope="col">{t('metrics.lastHour')}</th>
            <th scope="col">{t('metrics.perHour')}</th>
          </tr>
        </thead>
        <tbody>
          {metrics.chatters.map((c) => (
            <tr key={c.operatorId}>
              <td>{c.name}</td>
              <td>{c.answers}</td>
              <td>{c.lastHour}</td>
              <td>{c.perHour}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
