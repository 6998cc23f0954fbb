// /postbacks on the console host (issue #23, marketer and admin): the affiliate postbacks
// of the operator's sites, newest first, with the URL as sent, the attempts and the
// network's answer; filter by state and network; a failed one can be sent again (audited).
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { ConsoleSelect, Notice } from '~/components/console/field.tsx'
import type { PostbackStatus } from '~/generated/prisma/client.ts'
import type { I18nHandle } from '~/modules/i18n/namespaces.ts'
import { enqueueIn } from '~/modules/jobs/runner.server.ts'
import { auditIn } from '~/modules/operators/audit.server.ts'
import { requireOperator } from '~/modules/operators/guard.server.ts'
import { reachWhere, withOperator } from '~/modules/operators/scope.server.ts'
import { listPostbacks, POSTBACK_STATUSES } from '~/modules/postbacks/postbacks.server.ts'
import { dateTimeFormat } from '~/modules/site/formatters.ts'

export const handle: I18nHandle = { i18n: ['console'] }

export const meta: MetaFunction = () => [{ title: 'Postbacks' }]

export async function loader({ context, request }: LoaderFunctionArgs) {
  const { db, reach, locale } = await requireOperator(context, request, { area: 'postbacks' })
  const params = new URL(request.url).searchParams
  const status = POSTBACK_STATUSES.find((s) => s === params.get('status'))
  const network = (params.get('network') ?? '').slice(0, 100)
  const rows = await withOperator(db, (tx) => listPostbacks(tx, reach, { status, network: network || undefined }))
  const date = dateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'medium' })
  return {
    filter: { status: status ?? '', network },
    statuses: POSTBACK_STATUSES,
    rows: rows.map((r) => ({ id: r.id, site: r.tenantId, network: r.network, event: r.event, status: r.status, attempts: r.attempts, url: r.url, responseStatus: r.responseStatus, response: r.response, createdAt: date.format(r.createdAt), sentAt: r.sentAt ? date.format(r.sentAt) : null })),
  }
}

export async function action({ context, request }: ActionFunctionArgs) {
  const { db, reach, actor } = await requireOperator(context, request, { area: 'postbacks' })
  const form = await request.formData()
  const id = Number(form.get('id'))
  if (!Number.isSafeInteger(id) || id <= 0 || id >= 2 ** 31) return data({ ok: false }, { status: 400 })
  const done = await withOperator(db, async (tx) => {
    const row = await tx.postback.findFirst({ where: { id, status: 'failed', ...reachWhere(reach) }, select: { id: true, poolId: true, tenantId: true, status: true } })
    if (!row) return false
    await tx.postback.updateMany({ where: { poolId: row.poolId, tenantId: row.tenantId, id: row.id, status: 'failed' }, data: { status: 'pending', attempts: 0 } })
    await enqueueIn(tx, 'postback', { tenantId: row.tenantId, id: row.id }, { singletonKey: `postback:${row.tenantId}:${row.id}:retry${Date.now()}` })
    await auditIn(tx, actor, { action: 'postback.retry', tenantId: row.tenantId, poolId: row.poolId, targetType: 'postback', targetId: row.id, before: { status: 'failed' }, after: { status: 'pending' } })
    return true
  })
  return data({ ok: done }, { status: done ? 200 : 404 })
}

export default function Postbacks() {
  const { t } = useTranslation('console')
  const { rows, filter, statuses } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  return (
    <div className="stack">
      <h1>{t('postbacks.title')}</h1>
      <p className="lead">{t('postbacks.intro')}</p>
      {result ? <Notice tone={result.ok ? 'success' : 'danger'}>{t(result.ok ? 'postbacks.queued' : 'postbacks.notFound')}</Notice> : null}
      <Form method="get" className="console-filters">
        <ConsoleSelect id="postbacks-status" name="status" label={t('postbacks.status')} defaultValue={filter.status} all={t('postbacks.allButSkipped')} options={statuses.map((s) => ({ value: s, label: t(`postbacks.statuses.${s}`) }))} />
        <label>
          {t('postbacks.network')} <input name="network" defaultValue={filter.network} maxLength={100} />
        </label>
        <button type="submit" className="button button--light">
          {t('postbacks.filter')}
        </button>
      </Form>
      {rows.length === 0 ? <p>{t('postbacks.none')}</p> : null}
      <table className="console-table" data-testid="postbacks">
        <thead>
          <tr>
            <th scope="col">{t('postbacks.when')}</th>
            <th scope="col">{t('postbacks.site')}</th>
            <th scope="col">{t('postbacks.network')}</th>
            <th scope="col">{t('postbacks.event')}</th>
            <th scope="col">{t('postbacks.status')}</th>
            <th scope="col">{t('postbacks.answer')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id}>
              <td>{r.createdAt}</td>
              <td>{r.site}</td>
              <td>{r.network}</td>
              <td>{r.event}</td>
              <td>
                {t(`postbacks.statuses.${r.status as PostbackStatus}`)} ({t('postbacks.attempts', { count: r.attempts })})
                {r.sentAt ? ` · ${r.sentAt}` : ''}
                {r.status === 'failed' ? (
                  <Form method="post">
                    <input type="hidden" name="id" value={r.id} />
                    <button type="submit" className="button button--light">
                      {t('postbacks.retry')}
                    </button>
                  </Form>
                ) : null}
              </td>
              <td>
                {r.responseStatus ?? '—'} {r.response ? <code>{r.response.slice(0, 120)}</code> : null}
                {r.url ? (
                  <div>
                    <code>{r.url}</code>
                  </div>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
