import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { SignupLink } from '~/components/signup/signup-link.tsx'
import { MemberCard } from '~/components/member-card.tsx'
import { recentMembers } from '~/modules/profiles/showcase.server.ts'
import { localized } from '~/modules/site/public-settings.server.ts'
import { attentionOf } from '~/modules/site/attention.ts'
import { pageTitle } from '~/modules/site/title.ts'
import type { I18nHandle } from '~/modules/i18n/namespaces.ts'

export const handle: I18nHandle = { i18n: [] }

export async function loader({ context }: LoaderFunctionArgs) {
  const { tenant, locale, db, scope } = context
  return {
    title: localized(tenant.indexTitle, locale, tenant.locales.default),
    description: localized(tenant.description, locale, tenant.locales.default),
    members: await recentMembers(db, scope, tenant.cdnPrefix, 12),
  }
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const root = matches.find((m) => m.id === 'root')?.data as { settings?: { name: string } } | undefined
  return [{ title: pageTitle(root?.settings?.name ?? '', data?.title, attentionOf(matches)) }]
}

export default function Home() {
  const { title, description, members } = useLoaderData<typeof loader>()
  const { t } = useTranslation()
  return (
    <>
      <section className="hero">
        <div className="container hero__inner">
          <div className="hero__text">
            <h1>{title}</h1>
            <p className="hero__lead">{description}</p>
            <div className="hero__actions">
              <SignupLink className="button button--primary button--large">
                {t('home.signupCta')}
              </SignupLink>
              <Link to="/login" className="button button--ghost button--large">
                {t('home.loginCta')}
              </Link>
            </div>
            <ul className="hero__usps">
              <li>{t('home.usp.free')}</li>
              <li>{t('home.usp.nearby')}</li>
              <li>{t('home.usp.privacy')}</li>
            </ul>
          </div>
        </div>
      </section>
      <section className="container section" aria-labelledby="recent-title">
        <h2 id="recent-title">{t('home.recentTitle')}</h2>
        {members.length === 0 ? (
          <p className="muted">{t('home.noMembers')}</p>
        ) : (
          <ul className="card-grid">
            {members.map((member) => (
              <li key={member.id}>
                <MemberCard member={member} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="container section how-it-works" aria-labelledby="how-title">
        <h2 id="how-title">{t('home.how.title')}</h2>
        <ol className="steps">
          {(['signup', 'profile', 'chat'] as const).map((step, i) => (
            <li key={step} className="steps__item">
              <span className="steps__number">{i + 1}</span>
              <h3>{t(`home.how.${step}.title`)}</h3>
              <p>{t(`home.how.${step}.text`)}</p>
            </li>
          ))}
        </ol>
        <p className="claim">{t('home.premiumClaim')}</p>
      </section>
    </>
  )
}
