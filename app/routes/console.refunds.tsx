// /refunds on the console host: members' refund requests of the operator's sites with what
// each holds (bought, used, left, the pro-rata amount, the site's policy; decision 040),
// approved (a job asks Mollie for the refund) or declined with a reason that is mailed to the
// member (the held credits go back), each decision audited in its transaction; and the
// chargebacks with what the ledger took back for each (decision 054).
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { Notice } from '~/components/console/field.tsx'
import { chargebacksOf, DECLINE_REASON_MAX, queueRefundDeclinedIn } from '~/modules/care/refund-console.server.ts'
import type { I18nHandle } from '~/modules/i18n/namespaces.ts'
import { withScope } from '~/modules/db/scoped.server.ts'
import { auditIn } from '~/modules/operators/audit.server.ts'
import { requireOperator } from '~/modules/operators/guard.server.ts'
import { decideRefund, refundRequests } from '~/modules/payments/refunds.server.ts'
import { wake } from '~/modules/jobs/runner.server.ts'
import { formatMoney } from '~/modules/site/pricing.ts'

export const handle: I18nHandle = { i18n: ['console'] }

export const meta: MetaFunction = () => [{ title: 'Refunds' }]

const LABELS = ['title', 'empty', 'approve', 'reject', 'member', 'bought', 'used', 'left', 'paid', 'refundAmount', 'policy', 'reason', 'reasonRequired', 'reasonTooLong', 'approved', 'rejected', 'gone', 'chargebacks', 'chargebacksEmpty', 'chargedBackAt', 'ledgerEffect', 'amount'] as const

export async function loader({ context, request }: LoaderFunctionArgs) {
  const { db, reach, t, locale } = await requireOperator(context, request, { area: 'refunds' })
  const perSite = await Promise.all(reach.sites.map(async (site) => ({ site, rows: await refundRequests(db, { tenantId: site.slug, poolId: site.pool }) })))
  const charged = await Promise.all(reach.sites.map(async (site) => ({ site, rows: await chargebacksOf(db, site) })))
  return {
    chargebacks: charged
      .flatMap(({ site, rows }) =>
        rows.map((r) => ({
          id: r.id,
          siteName: site.name,
          userId: r.userId,
          price: formatMoney(r.amount, r.currency, locale),
          bought: r.credits,
          at: r.chargedBackAt.toISOString(),
          ledger: t('operator.ledgerCredits', { ns: 'payments', credits: r.ledger }),
        })),
      )
      .sort((a, b) => b.at.localeCompare(a.at)),
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
        amountHint: t('operator.amountHint', { ns: 'payments', refund: formatMoney(r.refundAmount ?? 0, r.currency, locale), max: formatMoney(r.amount - r.amountReversed, r.currency, locale) }),
        amountInvalid: t('operator.amountInvalid', { ns: 'payments', max: formatMoney(r.amount - r.amountReversed, r.currency, locale) }),
        policy: t(`operator.policies.${site.refundPolicy}`, { ns: 'payments' }),
        requestedAt: r.refundRequestedAt?.toISOString() ?? '',
      })),
    ),
  }
}

export async function action({ context, request }: ActionFunctionArgs) {
  const { db, reach, actor, ctx } = await requireOperator(context, request, { area: 'refunds' })
  const form = await request.formData()
  const id = String(form.get('payment') ?? '').slice(0, 60)
  const decision = form.get('decision')
  const site = reach.sites.find((s) => s.slug === form.get('site'))
  if (!id || !site || (decision !== 'approve' && decision !== 'reject')) return data<Answer>({ ok: false, payment: id, notice: 'gone' }, { status: 400 })
  const scope = { tenantId: site.slug, poolId: site.pool }
  // A decline says why, in the member's mail: required, kept when refused.
  const reason = String(form.get('reason') ?? '').trim()
  if (decision === 'reject' && (reason === '' || reason.length > DECLINE_REASON_MAX)) {
    return data<Answer>({ ok: false, payment: id, error: reason === '' ? 'reasonRequired' : 'reasonTooLong', reason }, { status: 400 })
  }
  // Approve: the policy's amount, or another one typed (a full or other partial refund).
  const typed = String(form.get('amount') ?? '').trim()
  const amount = decision === 'approve' && typed !== '' ? (/^\d{1,6}([.,]\d{1,2})?$/.test(typed) ? Math.round(Number(typed.replace(',', '.')) * 100) : -1) : undefined
  if (amount === -1) return data<Answer>({ ok: false, payment: id, error: 'amountInvalid', amount: typed }, { status: 400 })
  let declined: Parameters<typeof queueRefundDeclinedIn>[2] | null = null
  const result = await decideRefund(db, site, scope, id, decision === 'approve', {
    amount,
    inDecision: async (tx, payment) => {
      await auditIn(tx, actor, {
        action: `refund.${decision}`, tenantId: site.slug, poolId: site.pool, targetType: 'payment', targetId: payment.id, before: { refundStatus: 'requested' },
        after: { refundStatus: decision === 'approve' ? 'processing' : 'rejected', amount: payment.amount, currency: payment.currency, credits: payment.credits, ...(decision === 'reject' ? { reason } : { refundAmount: payment.refundAmount }) },
      })
      if (decision === 'reject') declined = payment
    },
  })
  // The outbox is a member-side table (the console's role may not write it): the mail is
  // queued as the site, right after the decision; its dedupe key makes it one per payment.
  if (result.ok && declined) {
    const payment = declined
    await withScope(ctx.db, scope, (tx) => queueRefundDeclinedIn(tx, site, payment, reason))
    wake('mail-send')
  }
  if (!result.ok && result.reason === 'amount') return data<Answer>({ ok: false, payment: id, error: 'amountInvalid', amount: typed }, { status: 400 })
  if (!result.ok) return data<Answer>({ ok: false, payment: id, notice: 'gone' }, { status: result.reason === 'not_found' ? 404 : 409 })
  return data<Answer>({ ok: true, payment: id, notice: decision === 'approve' ? 'approved' : 'rejected' })
}

type Answer = { ok: boolean; payment: string; notice?: 'approved' | 'rejected' | 'gone'; error?: 'reasonRequired' | 'reasonTooLong' | 'amountInvalid'; reason?: string; amount?: string }

export default function ConsoleRefunds() {
  const { labels, requests, chargebacks } = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>()
  return (
    <div className="stack">
      <h1>{labels.title}</h1>
      {answer?.notice ? <Notice tone={answer.ok ? 'success' : 'danger'}>{labels[answer.notice]}</Notice> : null}
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
              <div className="field">
                <label htmlFor={`amount-${r.id}`}>{labels.amount}</label>
                <input
                  id={`amount-${r.id}`}
                  name="amount"
                  inputMode="decimal"
                  maxLength={10}
                  defaultValue={answer?.payment === r.id ? (answer.amount ?? '') : ''}
                  aria-invalid={answer?.payment === r.id && answer.error === 'amountInvalid' ? true : undefined}
                  aria-describedby={`amount-${r.id}-hint${answer?.payment === r.id && answer.error === 'amountInvalid' ? ` amount-${r.id}-error` : ''}`}
                />
                <p className="field-hint" id={`amount-${r.id}-hint`}>
                  {r.amountHint}
                </p>
                {answer?.payment === r.id && answer.error === 'amountInvalid' ? (
                  <p className="field-error" id={`amount-${r.id}-error`} role="alert">
                    {r.amountInvalid}
                  </p>
                ) : null}
              </div>
              <button type="submit" name="decision" value="approve" className="button button--primary">
                {labels.approve}
              </button>
            </Form>
            <Form method="post" className="stack">
              <input type="hidden" name="payment" value={r.id} />
              <input type="hidden" name="site" value={r.site} />
              <div className="field">
                <label htmlFor={`reason-${r.id}`}>{labels.reason}</label>
                <textarea
                  id={`reason-${r.id}`}
                  name="reason"
                  rows={2}
                  maxLength={500}
                  defaultValue={answer?.payment === r.id ? (answer.reason ?? '') : ''}
                  aria-invalid={answer?.payment === r.id && answer.error && answer.error !== 'amountInvalid' ? true : undefined}
                  aria-describedby={answer?.payment === r.id && answer.error && answer.error !== 'amountInvalid' ? `reason-${r.id}-error` : undefined}
                />
                {answer?.payment === r.id && answer.error && answer.error !== 'amountInvalid' ? (
                  <p className="field-error" id={`reason-${r.id}-error`} role="alert">
                    {labels[answer.error]}
                  </p>
                ) : null}
              </div>
              <button type="submit" name="decision" value="reject" className="button button--light">
                {labels.reject}
              </button>
            </Form>
          </li>
        ))}
      </ul>
      <section className="stack" aria-labelledby="chargebacks">
        <h2 id="chargebacks">{labels.chargebacks}</h2>
        {chargebacks.length === 0 ? (
          <p>{labels.chargebacksEmpty}</p>
        ) : (
          <table className="console-table" data-testid="chargebacks">
            <thead>
              <tr>
                <th scope="col">{labels.chargedBackAt}</th>
                <th scope="col">{labels.member}</th>
                <th scope="col">{labels.paid}</th>
                <th scope="col">{labels.bought}</th>
                <th scope="col">{labels.ledgerEffect}</th>
              </tr>
            </thead>
            <tbody>
              {chargebacks.map((c) => (
                <tr key={c.id} data-payment={c.id}>
                  <td>{c.at.slice(0, 16).replace('T', ' ')}</td>
                  <td>
                    {c.siteName} · {c.userId}
                  </td>
                  <td>{c.price}</td>
                  <td>{c.bought}</td>
                  <td data-testid="chargeback-ledger">{c.ledger}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  )
}
