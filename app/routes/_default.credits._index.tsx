import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { withSiteDescription } from '~/modules/site/page-meta.ts'
import { Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { DiscountNote } from '~/components/payments/discount-note.tsx'
import { requireMember } from '~/modules/auth/guards.server.ts'
import type { I18nHandle } from '~/modules/i18n/namespaces.ts'
import { creditsPage } from '~/modules/payments/pages.server.ts'
import { attentionOf } from '~/modules/site/attention.ts'
import { WasPrice } from '~/components/payments/was-price.tsx'
import { useFormatLocale } from '~/modules/site/use-root-data.ts'
import { formatMoney } from '~/modules/site/pricing.ts'
import { pageTitle } from '~/modules/site/title.ts'

export const handle: I18nHandle = { i18n: ['payments'] }

// SPEC §2 /credits: the site's bundles in the member's currency, with the running discount
// (time bonus or welcome discount) and its countdown. Prices come from the tenant config.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const member = requireMember(context, request)
  const page = await creditsPage(context, member, request.headers)
  // A code handed over in the link (the delete form's offer) travels on to the checkout.
  const code = new URL(request.url).searchParams.get('code')
  return {
    ...page,
    code: code && /^[A-Za-z0-9_-]{1,40}$/.test(code) ? code : null,
    balance: member.credits,
    messageCredits: context.tenant.credits.message,
    title: context.t('credits.title', { ns: 'payments' }),
    siteName: context.tenant.name,
  }
}

const pageMeta: MetaFunction<typeof loader> = ({ data, matches }) => (data ? [{ title: pageTitle(data.siteName, data.title, attentionOf(matches)) }] : [])

export default function Credits() {
  const { bundles, discount, enabled, balance, messageCredits, code, title, siteName } = useLoaderData<typeof loader>()
  const { t } = useTranslation('payments')
  const formatLocale = useFormatLocale()
  return (
    <div className="container section">
      <h1>{title}</h1>
      <p className="lead">{t('credits.intro', { credits: messageCredits })}</p>
      <p data-testid="balance">{t('credits.balance', { count: balance })}</p>
      {!enabled ? (
        <p className="alert" role="status">
          {t('credits.unavailable', { siteName })}
        </p>
      ) : (
        <>
          {discount ? <DiscountNote discount={discount} /> : null}
          <ul className="bundle-grid">
            {bundles.map((bundle) => (
              <li key={bundle.id} className={bundle.highlighted ? 'bundle bundle--highlighted' : 'bundle'} data-testid="bundle">
                <p className="bundle__credits">{t('pricing.credits', { ns: 'common', count: bundle.credits })}</p>
                <p className="bundle__price">
                  {formatMoney(bundle.price, bundle.currency, formatLocale)}
                  {bundle.price !== bundle.amount ? <WasPrice className="bundle__was" price={formatMoney(bundle.amount, bundle.currency, formatLocale)} /> : null}
                </p>
                <Link to={code ? `/credits/${bundle.id}?code=${encodeURIComponent(code)}` : `/credits/${bundle.id}`} className="button button--primary">
                  {t('credits.choose')}
                </Link>
              </li>
            ))}
          </ul>
          <p className="field-hint">{t('credits.vat')}</p>
        </>
      )}
      <p>
        <Link to="/credits/repeat-order">{t('credits.repeat')}</Link> · <Link to="/transactions">{t('credits.transactions')}</Link>
      </p>
    </div>
  )
}

export const meta: MetaFunction<typeof loader> = (args) => withSiteDescription(args, pageMeta(args))
