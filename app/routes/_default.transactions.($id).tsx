import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { withSiteDescription } from '~/modules/site/page-meta.ts'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { FormAlert } from '~/components/form/fields.tsx'
import { requireMember } from '~/modules/auth/guards.server.ts'
import { listCreditTransactions } from '~/modules/credits/ledger.server.ts'
import { readScoped } from '~/modules/db/scoped.server.ts'
import { invariantResponse } from '~/modules/http/invariant.ts'
import type { I18nHandle } from '~/modules/i18n/namespaces.ts'
import { requestRefund, withinRefundDays } from '~/modules/payments/refunds.server.ts'
import { attentionOf } from '~/modules/site/attention.ts'
import { useFormatLocale } from '~/modules/site/use-root-data.ts'
import { formatMoney } from '~/modules/site/pricing.ts'
import { methodLabel } from '~/modules/payments/methods.ts'
import { dateTimeFormat } from '~/modules/site/formatters.ts'
import { pageTitle } from '~/modules/site/title.ts'

export const handle: I18nHandle = { i18n: ['payments'] }

// SPEC §2 /transactions/{id?}: the member's payments and credit movements, and one
// payment's detail, where a paid purchase within the refund days can be returned.
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const member = requireMember(context, request)
  const { reads, scope, tenant } = context
  const base = { title: context.t('transactions.title', { ns: 'payments' }), siteName: tenant.name, timeZone: tenant.timeZone }
  if (params.id) {
    const payment = await readScoped(reads, scope, (tx) => tx.payment.findFirst({ where: { poolId: scope.poolId, tenantId: scope.tenantId, userId: member.userId, id: params.id } }))
    invariantResponse(payment, 'Not found', { status: 404 })
    const { id, status, credits, amount, currency, method, discountCode, discountPercent, createdAt, refundStatus, chargedBackAt } = payment
    const refundable = status === 'paid' && !refundStatus && !chargedBackAt && payment.amountReversed === 0 && tenant.refundPolicy !== 'none' && withinRefundDays(tenant, payment.paidAt)
    return { ...base, detail: { id, status, credits, amount, currency, method, discountCode, discountPercent, createdAt: createdAt.toISOString(), refundStatus, refundable }, payments: [], movements: [] }
  }
  const [payments, movements] = await Promise.all([
    readScoped(reads, scope, (tx) => tx.payment.findMany({ where: { poolId: scope.poolId, tenantId: scope.tenantId, userId: member.userId }, orderBy: { createdAt: 'desc' }, take: 50, select: { id: true, status: true, credits: true, amount: true, currency: true, createdAt: true } })),
    readScoped(reads, scope, (tx) => listCreditTransactions(tx, scope, member.userId)),
  ])
  return {
    ...base,
    detail: null,
    payments: payments.map((p) => ({ ...p, createdAt: p.createdAt.toISOString() })),
    movements: movements.map((m) => ({ id: m.id, delta: m.delta, reason: m.reason, balanceAfter: m.balanceAfter, createdAt: m.createdAt.toISOString() })),
  }
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const member = requireMember(context, request)
  invariantResponse(params.id, 'Not found', { status: 404 })
  const result = await requestRefund(context.db, context.tenant, context.scope, member.userId, params.id)
  if (!result.ok && result.reason === 'not_found') throw new Response('Not found', { status: 404 })
  return data(result, { status: result.ok ? 200 : 409 })
}

const pageMeta: MetaFunction<typeof loader> = ({ data, matches }) => (data ? [{ title: pageTitle(data.siteName, data.title, attentionOf(matches)) }] : [])

export default function Transactions() {
  const { title, detail, payments, movements, timeZone } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const { t } = useTranslation('payments')
  const formatLocale = useFormatLocale()
  const date = (iso: string) => dateTimeFormat(formatLocale, { dateStyle: 'short', timeZone }).format(new Date(iso))
  if (detail) {
    return (
      <div className="container section narrow">
        <h1>{title}</h1>
        <dl className="card" data-testid="transaction">
          <dt>{t('transactions.date')}</dt>
          <dd>{date(detail.createdAt)}</dd>
          <dt>{t('transactions.amount')}</dt>
          <dd>{formatMoney(detail.amount, detail.currency, formatLocale)}</dd>
          <dt>{t('transactions.credits')}</dt>
          <dd>{detail.credits}</dd>
          <dt>{t('transactions.status')}</dt>
          <dd data-status={detail.status}>{t(`transactions.statuses.${detail.status}`)}</dd>
          {detail.method ? (
            <>
              <dt>{t('transactions.method')}</dt>
              <dd>{methodLabel(detail.method, t)}</dd>
            </>
          ) : null}
        </dl>
        {detail.discountCode ? <p>{t('transactions.discount', { code: detail.discountCode, percent: detail.discountPercent })}</p> : null}
        {detail.refundStatus === 'requested' || result?.ok ? <FormAlert tone="info">{t('transactions.refundRequested')}</FormAlert> : null}
        {result && !result.ok && result.reason === 'nothing_left' ? <FormAlert tone="info">{t('transactions.refundNothingLeft')}</FormAlert> : null}
        {detail.refundStatus === 'processing' ? <FormAlert tone="info">{t('transactions.refundProcessing')}</FormAlert> : null}
        {detail.refundStatus === 'refunded' ? <FormAlert tone="info">{t('transactions.refunded')}</FormAlert> : null}
        {detail.refundStatus === 'rejected' ? <FormAlert tone="info">{t('transactions.refundRejected')}</FormAlert> : null}
        {detail.refundable && !result?.ok ? (
          <Form method="post" className="stack">
            <p className="field-hint">
              {t('transactions.refundHint')} <Link to="/pages/return-policy">{t('transactions.returnPolicy')}</Link>
            </p>
            <button type="submit" className="button button--light">
              {t('transactions.refund')}
            </button>
          </Form>
        ) : null}
        <p>
          <Link to="/transactions">{title}</Link>
        </p>
      </div>
    )
  }
  return (
    <div className="container section">
      <h1>{title}</h1>
      {payments.length === 0 && movements.length === 0 ? <p>{t('transactions.empty')}</p> : null}
      {payments.length > 0 ? (
        <>
          <h2>{t('transactions.payments')}</h2>
          <table className="figures-table">
            <thead>
              <tr>
                <th scope="col">{t('transactions.date')}</th>
                <th scope="col">{t('transactions.credits')}</th>
                <th scope="col">{t('transactions.amount')}</th>
                <th scope="col">{t('transactions.status')}</th>
                <th scope="col" />
              </tr>
            </thead>
            <tbody>
              {payments.map((p) => (
                <tr key={p.id} data-testid="payment-row">
                  <td>{date(p.createdAt)}</td>
                  <td>{p.credits}</td>
                  <td>{formatMoney(p.amount, p.currency, formatLocale)}</td>
                  <td>{t(`transactions.statuses.${p.status}`)}</td>
                  <td>
                    <Link to={`/transactions/${p.id}`}>{t('transactions.details')}</Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
      {movements.length > 0 ? (
        <>
          <h2>{t('transactions.movements')}</h2>
          <table className="figures-table">
            <thead>
              <tr>
                <th scope="col">{t('transactions.date')}</th>
                <th scope="col">{t('transactions.credits')}</th>
                <th scope="col" />
              </tr>
            </thead>
            <tbody>
              {movements.map((m) => (
                <tr key={m.id}>
                  <td>{date(m.createdAt)}</td>
                  <td>{m.delta > 0 ? `+${m.delta}` : m.delta}</td>
                  <td>{t(`transactions.reasons.${m.reason}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
    </div>
  )
}

export const meta: MetaFunction<typeof loader> = (args) => withSiteDescription(args, pageMeta(args))
