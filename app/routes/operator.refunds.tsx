// /operator/refunds: members' refund requests of this site for operators (HTTP Basic, see
// requireOperator), to approve (Mollie refunds; its webhook takes the credits back once)
// or decline. A minimal page until the operator console arrives. Payment is tenant-scoped.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useLoaderData } from '@remix-run/react'
import { operatorHeaders } from '~/modules/admin/headers.ts'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { requireOperator } from '~/modules/admin/operator.server.ts'
import type { I18nHandle } from '~/modules/i18n/namespaces.ts'
import { decideRefund, refundRequests } from '~/modules/payments/refunds.server.ts'
import { formatMoney } from '~/modules/site/pricing.ts'
import { errorMeta } from '~/modules/site/error-meta.ts'
import { pageTitle } from '~/modules/site/title.ts'

// Texts come translated from the loader.
export const handle: I18nHandle = { i18n: [] }

export const headers = operatorHeaders

const LABELS = ['title', 'empty', 'approve', 'reject', 'member'] as const

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireOperator(request)
  const { db, scope, tenant, t, locale } = context
  const rows = await refundRequests(db, scope)
  return {
    siteName: tenant.name,
    labels: Object.fromEntries(LABELS.map((key) => [key, t(`operator.${key}`, { ns: 'payments' })])) as Record<(typeof LABELS)[number], string>,
    requests: rows.map((r) => ({ id: r.id, userId: r.userId, credits: r.credits, price: formatMoney(r.amount, r.currency, locale), requestedAt: r.refundRequestedAt?.toISOString() ?? '' })),
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  requireOperator(request)
  const form = await request.formData()
  const id = String(form.get('payment') ?? '')
  const decision = form.get('decision')
  if (!id || (decision !== 'approve' && decision !== 'reject')) return data({ ok: false }, { status: 400 })
  const result = await decideRefund(context.db, context.tenant, context.scope, id, decision === 'approve')
  return data(result, { status: result.ok ? 200 : result.reason === 'not_found' ? 404 : 503 })
}

export const meta: MetaFunction<typeof loader> = ({ data, error, matches }) =>
  data ? [{ title: pageTitle(data.siteName, data.labels.title) }, { name: 'robots', content: 'noindex' }] : errorMeta({ error, matches })

export default function OperatorRefunds() {
  const { labels, requests } = useLoaderData<typeof loader>()
  return (
    <main className="container section">
      <h1>{labels.title}</h1>
      {requests.length === 0 ? <p>{labels.empty}</p> : null}
      <ul className="stack">
        {requests.map((r) => (
          <li key={r.id} className="card" data-testid="refund-request">
            <p>
              {labels.member} {r.userId} · {r.credits} credits · {r.price} · {r.requestedAt.slice(0, 16).replace('T', ' ')}
            </p>
            <Form method="post">
              <input type="hidden" name="payment" value={r.id} />
              <button type="submit" name="decision" value="approve" className="button button--primary">
                {labels.approve}
              </button>{' '}
              <button type="submit" name="decision" value="reject" className="button button--light">
                {labels.reject}
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </main>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
