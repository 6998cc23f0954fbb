// /refunds on the console host: members' refund requests of the operator's sites with what
// each holds (bought, used, left, the pro-rata amount, the site's policy; decision 040),
// approved (a job asks Mollie for the refund) or declined (the held credits go back), each
// decision audited in its transaction.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useLoaderData } from '@remix-run/react'
import type { I18nHandle } from '~/modules/i18n/namespaces.ts'
import { auditIn } from '~/modules/operators/audit.server.ts'
import { requireOperator } from '~/modules/operators/guard.server.ts'
import { decideRefund, refundRequests } from '~/modules/payments/refunds.server.ts'
import { formatMoney } from '~/modules/site/pricing.ts'

export const handle: I18nHandle = { i18n: ['console'] }

export const meta: MetaFunction = () => [{ title: 'Refunds' }]

const LABELS = ['title', 'empty', 'approve', 'reject', 'member', 'bought', 'used', 'left', 'paid', 'refundAmount', 'policy'] as const

export async function loader({ context, request }: LoaderFunctionArgs) {
  const { db, reach, t, locale } = await requireOperator(context, request, { area: 'refunds' })
  const perSite = await Promise.all(reach.sites.map(async (site) => ({ site, rows: await refundRequests(db, { tenantId: site.slug, poolId: site.pool }) })))
  return {
    labels: Object.fromEntries(LABELS.map((key) => [key, t(`operator.${key}`, { ns: 'payments' })])) as Record<(typeof LABELS)[number], string>,
    requests: perSite.flatMap(({ site, rows }) =>
      rows.map((r) => ({
        id: r.id,
        site: site.slug,
        siteName: site.name,
        userId: r.userId,
        // What the request holds (decision 040): the credits not used when it was made.
        bought: r.credits,
        left: r.refundCredits ?? 0,
        used: r.credits - (r.refundCredits ?? 0),
        price: formatMoney(r.amount, r.currency, locale),
        refund: formatMoney(r.refundAmount ?? 0, r.currency, locale),
        policy: t(`operator.policies.${site.refundPolicy}`, { ns: 'payments' }),
        requestedAt: r.refundRequestedAt?.toISOString() ?? '',
      })),
    ),
  }
}

export async function action({ context, request }: ActionFunctionArgs) {
  const { db, reach, actor } = await requireOperator(context, request, { area: 'refunds' })
  const form = await request.formData()
  const id = String(form.get('payment') ?? '').slice(0, 60)
  const decision = form.get('decision')
  const site = reach.sites.find((s) => s.slug === form.get('site'))
  if (!id || !site || (decision !== 'approve' && decision !== 'reject')) return data({ ok: false }, { status: 400 })
  const scope = { tenantId: site.slug, poolId: site.pool }
  const result = await decideRefund(db, site, scope, id, decision === 'approve', {
    inDecision: (tx, payment) =>
      auditIn(tx, actor, { action: `refund.${decision}`, tenantId: site.slug, poolId: site.pool, targetType: 'payment', targetId: payment.id, before: { refundStatus: 'requested' }, after: { refundStatus: decision === 'approve' ? 'processing' : 'rejected', amount: payment.amount, currency: payment.currency, credits: payment.credits } }),
  })
  return data(result, { status: result.ok ? 200 : result.reason === 'not_found' ? 404 : 409 })
}

export default function ConsoleRefunds() {
  const { labels, requests } = useLoaderData<typeof loader>()
  return (
    <div className="stack">
      <h1>{labels.title}</h1>
      {requests.length === 0 ? <p>{labels.empty}</p> : null}
      <ul className="stack">
        {requests.map((r) => (
          <li key={r.id} className="console-card" data-testid="refund-request">
            <p>
              {r.siteName} · {labels.member} {r.userId} · {r.requestedAt.slice(0, 16).replace('T', ' ')}
            </p>
            <dl className="console-facts">
              <dt>{labels.paid}</dt>
              <dd data-testid="refund-paid">{r.price}</dd>
              <dt>{labels.bought}</dt>
              <dd data-testid="refund-bought">{r.bought}</dd>
              <dt>{labels.used}</dt>
              <dd data-testid="refund-used">{r.used}</dd>
              <dt>{labels.left}</dt>
              <dd data-testid="refund-left">{r.left}</dd>
              <dt>{labels.refundAmount}</dt>
              <dd data-testid="refund-amount">{r.refund}</dd>
              <dt>{labels.policy}</dt>
              <dd data-testid="refund-policy">{r.policy}</dd>
            </dl>
            <Form method="post">
              <input type="hidden" name="payment" value={r.id} />
              <input type="hidden" name="site" value={r.site} />
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
    </div>
  )
}
