// /audit on the console host: the operators' audit log for admins, newest first, with
// filters (operator, action, site, target, dates) and paging (decision 023). Read through
// the admin's handle: rows of their pools and those of no pool.
import { ConsoleSelect } from '~/components/console/field.tsx'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { I18nHandle } from '~/modules/i18n/namespaces.ts'
import { listAudit, type AuditFilter } from '~/modules/operators/audit.server.ts'
import { requireOperator } from '~/modules/operators/guard.server.ts'
import { withOperator } from '~/modules/operators/scope.server.ts'

export const handle: I18nHandle = { i18n: ['console'] }

export const meta: MetaFunction = () => [{ title: 'Audit log' }]

const PAGE = 50
const dateParam = (value: string | null, endOfDay = false) => {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined
  const date = new Date(`${value}T00:00:00Z`)
  return Number.isNaN(date.getTime()) ? undefined : new Date(date.getTime() + (endOfDay ? 86_400_000 : 0))
}

export async function loader({ context, request }: LoaderFunctionArgs) {
  const { db, reach, locale } = await requireOperator(context, request, { area: 'audit' })
  const q = new URL(request.url).searchParams
  const text = (name: string, max = 100) => (q.get(name) ?? '').trim().slice(0, max) || undefined
  const before = /^\d{1,18}$/.test(q.get('before') ?? '') ? BigInt(q.get('before')!) : undefined
  const filter: AuditFilter = { operatorId: text('operator', 40), action: text('action', 60), tenantId: text('site', 60), targetType: text('targetType', 40), targetId: text('targetId'), from: dateParam(q.get('from')), to: dateParam(q.get('to'), true), before }
  const [rows, operators] = await withOperator(db, async (tx) => [await listAudit(tx, filter, PAGE + 1), await tx.operator.findMany({ select: { id: true, name: true, email: true }, orderBy: { name: 'asc' } })] as const)
  const time = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'medium' })
  const shown = rows.slice(0, PAGE)
  const next = rows.length > PAGE ? shown.at(-1)?.id : null
  const params = new URLSearchParams([...q.entries()].filter(([k]) => k !== 'before'))
  return {
    filter: { operator: filter.operatorId ?? '', action: filter.action ?? '', site: filter.tenantId ?? '', targetType: filter.targetType ?? '', targetId: filter.targetId ?? '', from: q.get('from') ?? '', to: q.get('to') ?? '' },
    operators: operators.map((o) => ({ id: o.id, label: `${o.name} <${o.email}>` })),
    sites: reach.sites.map((s) => ({ slug: s.slug, name: s.name })),
    rows: shown.map((r) => ({ ...r, at: time.format(r.at), before: r.before === null ? null : JSON.stringify(r.before, null, 1), after: r.after === null ? null : JSON.stringify(r.after, null, 1) })),
    nextPage: next ? `?${new URLSearchParams([...params.entries(), ['before', next]]).toString()}` : null,
  }
}

export default function AuditLog() {
  const { t } = useTranslation('console')
  const { rows, filter, operators, sites, nextPage } = useLoaderData<typeof loader>()
  return (
    <div className="stack">
      <h1>{t('audit.title')}</h1>
      <Form method="get" className="console-filters console-card" aria-label={t('audit.filters')}>
        <ConsoleSelect id="audit-operator" name="operator" label={t('audit.operator')} defaultValue={filter.operator} all={t('common.all')} options={operators.map((o) => ({ value: String(o.id), label: o.label }))} />
        <div className="field">
          <label htmlFor="audit-action">{t('audit.action')}</label>
          <input id="audit-action" name="action" defaultValue={filter.action} placeholder="inbox." />
        </div>
        <ConsoleSelect id="audit-site" name="site" label={t('common.site')} defaultValue={filter.site} all={t('common.all')} options={sites.map((s) => ({ value: s.slug, label: s.name }))} />
        <div className="field">
          <label htmlFor="audit-target-type">{t('audit.targetType')}</label>
          <input id="audit-target-type" name="targetType" defaultValue={filter.targetType} />
        </div>
        <div className="field">
          <label htmlFor="audit-target-id">{t('audit.targetId')}</label>
          <input id="audit-target-id" name="targetId" defaultValue={filter.targetId} />
        </div>
        <div className="field">
          <label htmlFor="audit-from">{t('audit.from')}</label>
          <input id="audit-from" name="from" type="date" defaultValue={filter.from} />
        </div>
        <div className="field">
          <label htmlFor="audit-to">{t('audit.to')}</label>
          <input id="audit-to" name="to" type="date" defaultValue={filter.to} />
        </div>
        <button type="submit" className="button button--light">
          {t('common.filter')}
        </button>
      </Form>
      {rows.length === 0 ? <p>{t('audit.empty')}</p> : null}
      <table className="console-table" data-testid="audit">
        <thead>
          <tr>
            <th scope="col">{t('audit.when')}</th>
            <th scope="col">{t('audit.operator')}</th>
            <th scope="col">{t('audit.action')}</th>
            <th scope="col">{t('common.site')}</th>
            <th scope="col">{t('audit.target')}</th>
            <th scope="col">{t('audit.before')}</th>
            <th scope="col">{t('audit.after')}</th>
            <th scope="col">{t('audit.address')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id} data-action={r.action}>
              <td>{r.at}</td>
              <td>
                {r.operatorEmail} <span className="muted">({t(`roles.${r.role}`)})</span>
              </td>
              <td>{r.action}</td>
              <td>{r.tenantId ?? r.poolId ?? '–'}</td>
              <td>{r.targetType ? `${r.targetType} ${r.targetId ?? ''}` : '–'}</td>
              <td>{r.before ? <pre className="console-diff">{r.before}</pre> : '–'}</td>
              <td>{r.after ? <pre className="console-diff">{r.after}</pre> : '–'}</td>
              <td>{r.ip ?? '–'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {nextPage ? (
        <Link to={nextPage} className="button button--light">
          {t('audit.older')}
        </Link>
      ) : null}
    </div>
  )
}
