// /operator/complaints: the site's complaints for its operators (HTTP Basic auth, see
// requireOperator), open ones first, each marked handled with one button. Only this site's
// rows: Complaint is tenant-scoped by row-level security. The full console comes later.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { z } from 'zod'
import { operatorHeaders } from '~/modules/admin/headers.ts'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { requireOperator } from '~/modules/admin/operator.server.ts'
import { listComplaints, markComplaintHandled } from '~/modules/complaints/complaints.server.ts'
import { errorMeta } from '~/modules/site/error-meta.ts'
import { dateTimeFormat } from '~/modules/site/formatters.ts'
import { pageTitle } from '~/modules/site/title.ts'
import type { I18nHandle } from '~/modules/i18n/namespaces.ts'

// Texts come translated from the loader ('pages' is a server-side namespace).
export const handle: I18nHandle = { i18n: [] }

export const headers = operatorHeaders

const LABELS = ['title', 'intro', 'empty', 'reference', 'received', 'from', 'subject', 'transaction', 'message', 'status', 'open', 'handled', 'markHandled', 'markedHandled', 'notFound'] as const
type Labels = Record<(typeof LABELS)[number], string>

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireOperator(request)
  const { reads, scope, tenant, t, locale } = context
  const complaints = await listComplaints(reads, scope)
  const date = dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' })
  return {
    siteName: tenant.name,
    labels: Object.fromEntries(LABELS.map((key) => [key, t(`operatorComplaints.${key}`, { ns: 'pages' })])) as Labels,
    complaints: complaints.map((c) => ({ ...c, createdAt: date.format(c.createdAt), handled: c.handledAt !== null })),
  }
}

const HandleSchema = z.object({ id: z.coerce.number().int().positive() })

export async function action({ request, context }: ActionFunctionArgs) {
  requireOperator(request)
  const parsed = HandleSchema.safeParse({ id: (await request.formData()).get('id') })
  const ok = parsed.success && (await markComplaintHandled(context.db, context.scope, parsed.data.id))
  const key = ok ? 'markedHandled' : 'notFound'
  return data({ notice: context.t(`operatorComplaints.${key}`, { ns: 'pages' }), ok }, { status: ok ? 200 : 404 })
}

export const meta: MetaFunction<typeof loader> = ({ data, error, matches }) =>
  data ? [{ title: pageTitle(data.siteName, data.labels.title) }, { name: 'robots', content: 'noindex' }] : errorMeta({ error, matches })

export default function OperatorComplaints() {
  const { labels, complaints } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <main className="container section operator-complaints">
      <h1>{labels.title}</h1>
      <p className="lead">{labels.intro}</p>
      {actionData ? (
        <p role="status" className={actionData.ok ? 'alert alert--success' : 'alert alert--danger'}>
          {actionData.notice}
        </p>
      ) : null}
      {complaints.length === 0 ? <p>{labels.empty}</p> : null}
      {complaints.map((c) => (
        <article key={c.id} className="card stack" data-complaint={c.reference}>
          <h2>
            {c.reference}: {c.subject}
          </h2>
          <dl>
            <dt>{labels.received}</dt>
            <dd>{c.createdAt}</dd>
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
              <button type="submit" className="button button--secondary">
                {labels.markHandled}
              </button>
            </Form>
          )}
        </article>
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
