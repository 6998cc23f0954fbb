import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { withSiteDescription } from '~/modules/site/page-meta.ts'
import { Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { SignupLink } from '~/components/signup/signup-link.tsx'
import type { I18nHandle } from '~/modules/i18n/namespaces.ts'
import { paymentsEnabled } from '~/modules/payments/availability.ts'
import { attentionOf } from '~/modules/site/attention.ts'
import { pageTitle } from '~/modules/site/title.ts'

export const handle: I18nHandle = { i18n: ['payments'] }

// SPEC §2 /premium: what premium gives (for life, with the first purchase) and the
// '46% more chance' claim (SPEC §1). Members go on to /credits; visitors sign up first.
export async function loader({ context }: LoaderFunctionArgs) {
  return {
    member: context.member ? { paidUser: context.member.paidUser } : null,
    enabled: paymentsEnabled(context.tenant),
    title: context.t('premium.title', { ns: 'payments' }),
    siteName: context.tenant.name,
  }
}

const pageMeta: MetaFunction<typeof loader> = ({ data, matches }) => (data ? [{ title: pageTitle(data.siteName, data.title, attentionOf(matches)) }] : [])

export default function Premium() {
  const { member, enabled, title, siteName } = useLoaderData<typeof loader>()
  const { t } = useTranslation('payments')
  return (
    <div className="container section narrow">
      <h1>{title}</h1>
      <p className="lead">{t('premium.intro', { siteName })}</p>
      <p className="premium-claim">
        <strong>{t('premium.chance')}</strong>
      </p>
      <ul className="pricing-facts">
        <li>{t('premium.photos')}</li>
        <li>{t('premium.ownPhotos')}</li>
        <li>{t('premium.history')}</li>
        <li>{t('premium.noSubscription')}</li>
      </ul>
      {member?.paidUser ? <p>{t('premium.already')}</p> : null}
      {member ? (
        enabled ? (
          <Link to="/credits" className="button button--primary button--large">
            {t('premium.cta')}
          </Link>
        ) : (
          <p className="alert">{t('credits.unavailable', { siteName })}</p>
        )
      ) : (
        <SignupLink className="button button--primary button--large">{t('home.signupCta', { ns: 'common' })}</SignupLink>
      )}
    </div>
  )
}

export const meta: MetaFunction<typeof loader> = (args) => withSiteDescription(args, pageMeta(args))
