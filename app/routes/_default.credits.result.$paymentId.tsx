import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { withSiteDescription } from '~/modules/site/page-meta.ts'
import { Link, useLoaderData, useRevalidator } from '@remix-run/react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { requireMember } from '~/modules/auth/guards.server.ts'
import { invariantResponse } from '~/modules/http/invariant.ts'
import type { I18nHandle } from '~/modules/i18n/namespaces.ts'
import { resultPage } from '~/modules/payments/pages.server.ts'
import { attentionOf } from '~/modules/site/attention.ts'
import { useFormatLocale } from '~/modules/site/use-root-data.ts'
import { formatMoney } from '~/modules/site/pricing.ts'
import { pageTitle } from '~/modules/site/title.ts'

export const handle: I18nHandle = { i18n: ['payments'] }

// Where Mollie sends the member back (SPEC §2/§4 payment result): the status is read from
// our row after asking Mollie once more, never taken from the URL. Pending refreshes itself;
// failed, cancelled or expired offer another method.
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const member = requireMember(context, request)
  const payment = await resultPage(context, member, params.paymentId ?? '')
  invariantResponse(payment, 'Not found', { status: 404 })
  return { payment, title: context.t('result.title', { ns: 'payments' }), siteName: context.tenant.name }
}

const pageMeta: MetaFunction<typeof loader> = ({ data, matches }) => (data ? [{ title: pageTitle(data.siteName, data.title, attentionOf(matches)) }] : [])

const WALLETS: Record<string, string> = { paypal: 'PayPal', applepay: 'Apple Pay' }

export default function PaymentResult() {
  const { payment, title } = useLoaderData<typeof loader>()
  const { t } = useTranslation('payments')
  const formatLocale = useFormatLocale()
  const revalidator = useRevalidator()
  const waiting = payment.status === 'pending' || payment.status === 'authorized' || (payment.status === 'open' && !payment.checkoutUrl)
  useEffect(() => {
    if (!waiting) return
    const timer = setInterval(() => revalidator.revalidate(), 3000)
    return () => clearInterval(timer)
  }, [waiting, revalidator])
  const failed = payment.status === 'failed' || payment.status === 'canceled' || payment.status === 'expired'
  return (
    <div className="container section narrow">
      <h1>{title}</h1>
      <p>{formatMoney(payment.amount, payment.currency, formatLocale)}</p>
      <div data-testid="payment-status" data-status={payment.status} role="status">
        {payment.status === 'paid' ? (
          <>
            <p className="alert alert--success">{t('result.completed', { count: payment.credits })}</p>
            {payment.premium ? <p>{t('result.premium')}</p> : null}
            <p data-testid="balance">{t('credits.balance', { count: payment.balance })}</p>
            <Link to="/members" className="button button--primary">
              {t('result.toMembers')}
            </Link>
          </>
        ) : null}
        {waiting ? <p>{t('result.pending')}</p> : null}
        {payment.status === 'open' && payment.checkoutUrl ? (
          <>
            <p>{t('result.open')}</p>
            <a href={payment.checkoutUrl} className="button button--primary">
              {t('result.continuePaying')}
            </a>
          </>
        ) : null}
        {failed ? (
          <>
            <p className="alert alert--danger">{payment.recurring && payment.method === 'creditcard' ? t('repeat.failedCard') : t(`result.${payment.status}`)}</p>
            {payment.recurring ? (
              <Link to={`/credits/repeat-order?bundle=${payment.bundleId}`} className="button button--light">
                {t('repeat.retry')}
              </Link>
            ) : null}
            <Link to={`/credits/${payment.bundleId}`} className="button button--primary">
              {t('result.retry')}
            </Link>
            {payment.method === 'creditcard' ? (
              <p>
                {Object.entries(WALLETS).map(([id, label]) => (
                  <Link key={id} to={`/credits/${payment.bundleId}/${id}`} className="button button--light">
                    {t('result.wallet', { method: label })}
                  </Link>
                ))}
              </p>
            ) : null}
          </>
        ) : null}
      </div>
    </div>
  )
}

export const meta: MetaFunction<typeof loader> = (args) => withSiteDescription(args, pageMeta(args))
