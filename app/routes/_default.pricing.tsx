import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { withSiteDescription } from '~/modules/site/page-meta.ts'
import { Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { SignupLink } from '~/components/signup/signup-link.tsx'
import { paymentsEnabled } from '~/modules/payments/availability.ts'
import { useFormatLocale } from '~/modules/site/use-root-data.ts'
import { formatMoney, pricedBundles } from '~/modules/site/pricing.ts'
import { pricingCountry } from '~/modules/site/pricing-country.server.ts'
import { attentionOf } from '~/modules/site/attention.ts'
import { pageTitle } from '~/modules/site/title.ts'
import type { I18nHandle } from '~/modules/i18n/namespaces.ts'
import type { VisitorCacheHandle } from '~/modules/cache/visitor-cache-handle.ts'

// A visitor's page is served from the edge's micro-cache (decision 034): its loader reads
// nothing of the visitor beyond the cache key.
export const handle: I18nHandle & VisitorCacheHandle = { i18n: [], visitorCache: true }

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant, t } = context
  return {
    // In the currency of the member's (or visitor's) country when the bundles have it.
    bundles: pricedBundles(tenant, await pricingCountry(context, request.headers)),
    messageCredits: tenant.credits.message,
    // SPEC §1's welcome discount is claimed only where checkout can grant it.
    welcomeDiscount: paymentsEnabled(tenant),
    // A member buys on /credits; the signup button is for visitors only.
    member: context.member ? { paidUser: context.member.paidUser } : null,
    title: t('pricing.title'),
    siteName: tenant.name,
  }
}

const pageMeta: MetaFunction<typeof loader> = ({ data, matches }) => (data ? [{ title: pageTitle(data.siteName, data.title, attentionOf(matches)) }] : [])

export default function Pricing() {
  const { bundles, messageCredits, welcomeDiscount, member, title } = useLoaderData<typeof loader>()
  const { t } = useTranslation()
  const formatLocale = useFormatLocale()
  return (
    <div className="container section">
      <h1>{title}</h1>
      <p className="lead">{t('pricing.intro', { credits: messageCredits })}</p>
      <ul className="bundle-grid">
        {bundles.map((bundle) => (
          <li key={bundle.id} className={bundle.highlighted ? 'bundle bundle--highlighted' : 'bundle'} data-testid="bundle">
            {bundle.highlighted ? <p className="bundle__badge">{t('pricing.popular')}</p> : null}
            <p className="bundle__credits">{t('pricing.credits', { count: bundle.credits })}</p>
            <p className="bundle__price">{formatMoney(bundle.amount, bundle.currency, formatLocale)}</p>
            <p className="bundle__per">{t('pricing.perCredit', { price: formatMoney(bundle.perCredit, bundle.currency, formatLocale) })}</p>
          </li>
        ))}
      </ul>
      <ul className="pricing-facts">
        <li>{t('pricing.facts.noSubscription')}</li>
        <li>{t('pricing.facts.premiumForLife')}</li>
        {welcomeDiscount ? <li>{t('pricing.facts.welcomeDiscount')}</li> : null}
      </ul>
      {member ? (
        <Link to={member.paidUser ? '/credits' : '/premium'} className="button button--primary button--large">
          {member.paidUser ? t('nav.credits') : t('nav.getPremium')}
        </Link>
      ) : (
        <SignupLink className="button button--primary button--large">{t('home.signupCta')}</SignupLink>
      )}
    </div>
  )
}

export const meta: MetaFunction<typeof loader> = (args) => withSiteDescription(args, pageMeta(args))
