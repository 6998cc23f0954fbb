// /landers on the console host: lander figures of the operator's sites, the same as
// `npm run landers:report` (decision 014), per site (moved from /operator/landers).
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, useLoaderData } from '@remix-run/react'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { getLander } from '../../landers/registry.server.tsx'
import { requireOperator } from '~/modules/operators/guard.server.ts'
import { landerStats, variantFigures } from '~/modules/landers/stats.server.ts'
import type { I18nHandle } from '~/modules/i18n/namespaces.ts'
import { ConsoleSelect } from '~/components/console/field.tsx'

// Texts come translated from the loader ('pages' is a server-side namespace).
export const handle: I18nHandle = { i18n: ['console'] }

const LABELS = ['title', 'intro', 'lander', 'variant', 'source', 'visits', 'signups', 'activations', 'conversion', 'significance', 'control', 'direct', 'empty'] as const

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { db, reach, t, locale } = await requireOperator(context, request, { area: 'landers' })
  const url = new URL(request.url)
  const tenant = reach.sites.find((s) => s.slug === url.searchParams.get('site')) ?? reach.sites[0]
  if (!tenant) return { siteName: '', site: '', sites: [], locale, labels: labelsOf(t), overall: [], bySource: [] }
  const rows = await landerStats(db, { tenantId: tenant.slug, poolId: tenant.pool })
  const controls = Object.fromEntries([...new Set(rows.map((r) => r.lander))].map((name) => [name, getLander(name)?.definition.variants[0]?.id ?? '']))
  const sources = [...new Set(rows.map((r) => r.source))].sort()
  return {
    siteName: tenant.name,
    site: tenant.slug,
    sites: reach.sites.map((s) => ({ slug: s.slug, name: s.name })),
    locale,
    labels: labelsOf(t),
    overall: variantFigures(rows, controls),
    bySource: sources.map((source) => ({ source, figures: variantFigures(rows, controls, source) })),
  }
}

const labelsOf = (t: TFunction) => Object.fromEntries(LABELS.map((key) => [key, t(`landersReport.${key}`, { ns: 'pages' })])) as Record<(typeof LABELS)[number], string>

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.labels.title ?? 'Landers' }]

type Figures = ReturnType<typeof useLoaderData<typeof loader>>['overall']

function FiguresTable({ figures, labels, locale }: { figures: Figures; labels: Record<string, string>; locale: string }) {
  const pct = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 })
  const num = new Intl.NumberFormat(locale, { maximumFractionDigits: 3 })
  return (
    <table className="figures-table">
      <thead>
        <tr>
          {(['lander', 'variant', 'visits', 'signups', 'activations', 'conversion', 'significance'] as const).map((k) => (
            <th key={k} scope="col">{labels[k]}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {figures.map((f) => (
          <tr key={`${f.lander}/${f.variant}`} data-lander={f.lander} data-variant={f.variant}>
            <td>{f.lander}</td>
            <td>{f.variant}</td>
            <td>{f.visits}</td>
            <td>{f.signups}</td>
            <td>{f.activations}</td>
            <td>{pct.format(f.conversion)}</td>
            <td>{f.z === null || f.p === null ? (f.z === null && figures.find((g) => g.lander === f.lander) === f ? labels.control : '–') : `z ${num.format(f.z)}, p ${num.format(f.p)}${f.p < 0.05 ? ' *' : ''}`}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

export default function ConsoleLanders() {
  const { labels, overall, bySource, locale, sites, site, siteName } = useLoaderData<typeof loader>()
  const { t } = useTranslation('console')
  return (
    <div className="stack operator-landers">
      <h1>
        {labels.title}: {siteName}
      </h1>
      <p className="lead">{labels.intro}</p>
      <Form method="get" className="console-filters">
        <ConsoleSelect id="landers-site" name="site" label={t('common.site')} defaultValue={site} options={sites.map((s) => ({ value: s.slug, label: s.name }))} />
        <button type="submit" className="button button--light">
          {t('common.filter')}
        </button>
      </Form>
      {overall.length === 0 ? <p>{labels.empty}</p> : <FiguresTable figures={overall} labels={labels} locale={locale} />}
      {bySource.map(({ source, figures }) => (
        <section key={source}>
          <h2>
            {labels.source}: {source === '' ? labels.direct : source}
          </h2>
          <FiguresTable figures={figures} labels={labels} locale={locale} />
        </section>
      ))}
    </div>
  )
}
