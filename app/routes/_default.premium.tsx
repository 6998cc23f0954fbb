import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { withSiteDescription } from '~/modules/site/page-meta.ts'
import { Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { SignupLink } from '~/components/signup/signup-link.tsx'
import type { I18nHandle } from '~/modules/i18n/namespaces.ts'
import { paymentsEnabled } from '~/modules/payments/availability.ts'
import { attentionOf } from '~/modules/site/attention.ts'
import { formatMoney, pricedBundles } from '~/modules/site/pricing.ts'
import { pricingCountry } from '~/modules/site/pricing-country.server.ts'
import { pageTitle } from '~/modules/site/title.ts'

export const handle: I18nHandle = { i18n: ['payments'] }

// SPEC §2 /premium: the premium packages (the site's credit bundles: the first purchase
// makes a member premium for life), what premium gives, and SPEC §1's claim in its one
// sentence (common home.premiumClaim, the same as on the home page). A member picks a
// package and goes to its checkout; a visitor signs up first.
export async function loader({ request, context }: LoaderFunctionArgs) {
  return {
    member: context.member ? { paidUser: context.member.paidUser } : null,
    enabled: paymentsEnabled(context.tenant),
    // In the currency of the member's (or visitor's) country when the bundles have it.
    bundles: pricedBundles(context.tenant, await pricingCountry(context, request.headers)),
    title: context.t('premium.title', { ns: 'payments' }),
    siteName: context.tenant.name,
  }
}

const pageMeta: MetaFunction<typeof loader> = ({ data, matches }) => (data ? [{ title: pageTitle(data.siteName, data.title, attentionOf(matches)) }] : [])

export default function Premium() {
  const { member, enabled, bundles, title, siteName } = useLoaderData<typeof loader>()
  const { t, i18n } = useTranslation('payments')
  const buy = member !== null && enabled
  return (
    <div className="container section">
      <h1>{title}</h1>
      <p className="lead">{t('premium.intro', { siteName })}</p>
      <p className="premium-claim">
        <strong>{t('home.premiumClaim', { ns: 'common' })}</strong>
      </p>
      <ul className="pricing-facts">
        <li>{t('premium.photos')}</li>
        <li>{t('premium.ownPhotos')}</li>
        <li>{t('premium.history')}</li>
        <li>{t('premium.noSubscription')}</li>
      </ul>
      {member?.paidUser ? <p>{t('premium.already')}</p> : null}
      <h2>{t('premium.packages')}</h2>
      <ul className="bundle-grid">
        {bundles.map((bundle) => (
          <li key={bundle.id} className={bundle.highlighted ? 'bundle bundle--highlighted' : 'bundle'} data-testid="premium-package">
            {bundle.highlighted ? <p className="bundle__badge">{t('pricing.popular', { ns: 'common' })}</p> : null}
            <p className="bundle__credits">{t('pricing.credits', { ns: 'common', count: bundle.credits })}</p>
            <p className="bundle__price">{formatMoney(bundle.amount, bundle.currency, i18n.language)}</p>
            <p className="bundle__per">{t('pricing.perCredit', { ns: 'common', price: formatMoney(bundle.perCredit, bundle.currency, i18n.language) })}</p>
            {buy ? (
              <Link to={`/credits/${bundle.id}`} className="button button--primary">
                {t('premium.choose')}
              </Link>
            ) : null}
          </li>
        ))}
      </ul>
      {member ? (
        enabled ? null : <p className="alert">{t('credits.unavailable', { siteName })}</p>
      ) : (
        <SignupLink className="button button--primary button--large">{t('home.signupCta', { ns: 'common' })}</SignupLink>
      )}
    </div>
  )
}

export const meta: MetaFunction<typeof loader> = (args) => withSiteDescription(args, pageMeta(args))
