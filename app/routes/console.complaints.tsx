// /complaints on the console host: complaints of the operator's sites, open ones first,
// each marked handled with one audited click (moved from /operator/complaints).
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { z } from 'zod'
import { listComplaints, markComplaintHandledIn } from '~/modules/complaints/complaints.server.ts'
import type { I18nHandle } from '~/modules/i18n/namespaces.ts'
import { auditIn } from '~/modules/operators/audit.server.ts'
import { requireOperator } from '~/modules/operators/guard.server.ts'
import { withOperator } from '~/modules/operators/scope.server.ts'
import { dateTimeFormat } from '~/modules/site/formatters.ts'

export const handle: I18nHandle = { i18n: ['console'] }

export const meta: MetaFunction = () => [{ title: 'Complaints' }]

const LABELS = ['title', 'intro', 'empty', 'reference', 'received', 'from', 'subject', 'transaction', 'message', 'status', 'open', 'handled', 'markHandled', 'markedHandled', 'notFound'] as const
type Labels = Record<(typeof LABELS)[number], string>

export async function loader({ context, request }: LoaderFunctionArgs) {
  const { db, reach, t, locale } = await requireOperator(context, request, { area: 'complaints' })
  const perSite = await Promise.all(reach.sites.map(async (site) => ({ site, rows: await listComplaints(db, { tenantId: site.slug, poolId: site.pool }) })))
  const date = dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' })
  return {
    labels: Object.fromEntries(LABELS.map((key) => [key, t(`operatorComplaints.${key}`, { ns: 'pages' })])) as Labels,
    complaints: perSite
      .flatMap(({ site, rows }) => rows.map((c) => ({ ...c, site: site.slug, siteName: site.name, createdAt: date.format(c.createdAt), at: c.createdAt.getTime(), handled: c.handledAt !== null })))
      .sort((a, b) => Number(a.handled) - Number(b.handled) || b.at - a.at),
  }
}

const HandleSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647), site: z.string().min(1).max(60) })

export async function action({ context, request }: ActionFunctionArgs) {
  const { db, reach, actor, t } = await requireOperator(context, request, { area: 'complaints' })
  const form = await request.formData()
  const parsed = HandleSchema.safeParse({ id: form.get('id'), site: form.get('site') })
  const site = parsed.success ? reach.sites.find((s) => s.slug === parsed.data.site) : undefined
  const ok =
    parsed.success && site
      ? await withOperator(db, async (tx) => {
          const done = await markComplaintHandledIn(tx, { tenantId: site.slug, poolId: site.pool }, parsed.data.id)
          if (done) await auditIn(tx, actor, { action: 'complaint.handled', tenantId: site.slug, poolId: site.pool, targetType: 'complaint', targetId: parsed.data.id, before: { handled: false }, after: { handled: true } })
          return done
        })
      : false
  const key = ok ? 'markedHandled' : 'notFound'
  return data({ notice: t(`operatorComplaints.${key}`, { ns: 'pages' }), ok }, { status: ok ? 200 : 404 })
}

export default function ConsoleComplaints() {
  const { labels, complaints } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <div className="stack operator-complaints">
      <h1>{labels.title}</h1>
      <p className="lead">{labels.intro}</p>
      {actionData ? (
        <p role="status" className={actionData.ok ? 'alert alert--success' : 'alert alert--danger'}>
          {actionData.notice}
        </p>
      ) : null}
      {complaints.length === 0 ? <p>{labels.empty}</p> : null}
      {complaints.map((c) => (
        <article key={`${c.site}/${c.id}`} className="console-card stack" data-complaint={c.reference}>
          <h2>
            {c.reference}: {c.subject}
          </h2>
          <dl className="console-facts">
            <dt>{labels.received}</dt>
            <dd>
              {c.createdAt} · {c.siteName}
            </dd>
            <dt>{labels.from}</dt>
            <dd>
              {c.name} &lt;{c.email}&gt;
            </dd>
            {c.transaction ? (
              <>
                <dt>{labels.transaction}</dt>
                <dd>{c.transaction}</dd>
              </>
            ) : null}
            <dt>{labels.status}</dt>
            <dd>{c.handled ? labels.handled : labels.open}</dd>
          </dl>
          <p className="operator-complaints__message">{c.message}</p>
          {c.handled ? null : (
            <Form method="post">
              <input type="hidden" name="id" value={c.id} />
              <input type="hidden" name="site" value={c.site} />
              <button type="submit" className="button button--light">
                {labels.markHandled}
              </button>
            </Form>
          )}
        </article>
      ))}
    </div>
  )
}
