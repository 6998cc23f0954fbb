// /operator/landers: the site's lander figures for operators (HTTP Basic auth, see
// requireOperator), the same as `npm run landers:report` (decision 014). Only this site's
// rows: LanderStat is tenant-scoped by row-level security.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { getLander } from '../../landers/registry.server.tsx'
import { operatorHeaders } from '~/modules/admin/headers.ts'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { requireOperator } from '~/modules/admin/operator.server.ts'
import { landerStats, variantFigures } from '~/modules/landers/stats.server.ts'
import { errorMeta } from '~/modules/site/error-meta.ts'
import { pageTitle } from '~/modules/site/title.ts'
import type { I18nHandle } from '~/modules/i18n/namespaces.ts'

// Texts come translated from the loader ('pages' is a server-side namespace).
export const handle: I18nHandle = { i18n: [] }

export const headers = operatorHeaders

const LABELS = ['title', 'intro', 'lander', 'variant', 'source', 'visits', 'signups', 'activations', 'conversion', 'significance', 'control', 'direct', 'empty'] as const

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireOperator(request)
  const { reads, scope, tenant, t, locale } = context
  const rows = await landerStats(reads, scope)
  const controls = Object.fromEntries([...new Set(rows.map((r) => r.lander))].map((name) => [name, getLander(name)?.definition.variants[0]?.id ?? '']))
  const sources = [...new Set(rows.map((r) => r.source))].sort()
  return {
    siteName: tenant.name,
    locale,
    labels: Object.fromEntries(LABELS.map((key) => [key, t(`landersReport.${key}`, { ns: 'pages' })])) as Record<(typeof LABELS)[number], string>,
    overall: variantFigures(rows, controls),
    bySource: sources.map((source) => ({ source, figures: variantFigures(rows, controls, source) })),
  }
}

export const meta: MetaFunction<typeof loader> = ({ data, error, matches }) =>
  data ? [{ title: pageTitle(data.siteName, data.labels.title) }, { name: 'robots', content: 'noindex' }] : errorMeta({ error, matches })

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

export default function OperatorLanders() {
  const { labels, overall, bySource, locale } = useLoaderData<typeof loader>()
  return (
    <main className="container section operator-landers">
      <h1>{labels.title}</h1>
      <p className="lead">{labels.intro}</p>
      {overall.length === 0 ? <p>{labels.empty}</p> : <FiguresTable figures={overall} labels={labels} locale={locale} />}
      {bySource.map(({ source, figures }) => (
        <section key={source}>
          <h2>
            {labels.source}: {source === '' ? labels.direct : source}
          </h2>
          <FiguresTable figures={figures} labels={labels} locale={locale} />
        </section>
      ))}
    </main>
  )
}

export function ErrorBoundary() {
  return (
    <main>
      <GeneralErrorBoundary />
    </main>
  )
}
