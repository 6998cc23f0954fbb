import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { withSiteDescription } from '~/modules/site/page-meta.ts'
import { Link, useLoaderData, type ShouldRevalidateFunction } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { SignupLink } from '~/components/signup/signup-link.tsx'
import { MemberCard } from '~/components/member-card.tsx'
import { resolveTracking, signupAllowed } from '~/modules/accounts/tracking.server.ts'
import { sharedRecentMembers } from '~/modules/profiles/showcase.server.ts'
import { visitorLiveCams } from '~/modules/profiles/live-cams.server.ts'
import { LiveCams } from '~/components/live-cams.tsx'
import { loggedOutSearchAllowed } from '~/modules/search/access.server.ts'
import { localized } from '~/modules/site/public-settings.server.ts'
import { attentionOf } from '~/modules/site/attention.ts'
import { pageTitle } from '~/modules/site/title.ts'
import type { I18nHandle } from '~/modules/i18n/namespaces.ts'
import type { VisitorCacheHandle } from '~/modules/cache/visitor-cache-handle.ts'

// A visitor's page is served from the edge's micro-cache (decision 034): its loader reads
// nothing of the visitor beyond the cache key.
export const handle: I18nHandle & VisitorCacheHandle = { i18n: [], visitorCache: true }

/** Cards in the first row or two load eagerly: they are the page's largest paint on a phone. */
const EAGER_CARDS = 4

// The front page is for visitors. A member belongs in the members area, where the logo
// takes them too (SPEC §2), not on a page asking them to sign up.
export async function loader({ context, request }: LoaderFunctionArgs) {
  const { tenant, locale, reads, scope, member } = context
  if (member) throw redirect('/members')
  const { tracking, setCookie } = await resolveTracking(request)
  return data(
    {
      title: localized(tenant.indexTitle, locale, tenant.locales.default),
      description: localized(tenant.description, locale, tenant.locales.default),
      siteName: tenant.name,
      // SPEC §6: a site that needs a traffic source does not invite visitors without one.
      canSignUp: signupAllowed(tenant.signups, tracking),
      canBrowse: loggedOutSearchAllowed(tenant, tracking),
      // The same for the whole pool: from the pool cache (decision 035).
      members: await sharedRecentMembers(reads, scope, tenant.cdnPrefix, 12),
      cams: await visitorLiveCams(reads, scope, tenant),
    },
    setCookie ? { headers: { 'Set-Cookie': setCookie } } : undefined,
  )
}

// The signup modal runs on this page: once its account exists the visitor is a member, and
// a revalidation would send them to /members in the middle of the modal's later steps.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formAction, defaultShouldRevalidate }) =>
  formAction?.startsWith('/signup') ? false : defaultShouldRevalidate

const pageMeta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const root = matches.find((m) => m.id === 'root')?.data as { settings?: { name: string } } | undefined
  return [{ title: pageTitle(root?.settings?.name ?? '', data?.title, attentionOf(matches)) }]
}

export default function Home() {
  const { title, description, members, cams, siteName, canSignUp, canBrowse } = useLoaderData<typeof loader>()
  const { t } = useTranslation()
  return (
    <>
      <section className="hero">
        <div className="container hero__inner">
          <div className="hero__text">
            <h1>{title}</h1>
            <p className="hero__lead">{description}</p>
            {canSignUp ? (
              <div className="hero__actions">
                <SignupLink className="button button--primary button--large">
                  {t('home.signupCta')}
                </SignupLink>
                <Link to="/login" className="button button--ghost button--large">
                  {t('home.loginCta')}
                </Link>
              </div>
            ) : (
              <div className="hero__closed" data-testid="signup-closed">
                <p>{t('home.closed.text', { siteName })}</p>
                <p>{t('home.closed.member')}</p>
                <div className="hero__actions">
                  <Link to="/login" className="button button--primary button--large">
                    {t('nav.login')}
                  </Link>
                  {canBrowse ? (
                    <Link to="/members" className="button button--ghost button--large">
                      {t('home.closed.browse')}
                    </Link>
                  ) : null}
                </div>
              </div>
            )}
            <ul className="hero__usps">
              {canSignUp ? <li>{t('home.usp.free')}</li> : null}
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
            {members.map((member, i) => (
              <li key={member.id}>
                <Link to={`/members/${member.id}`} className="member-card__link">
                  <MemberCard member={member} priority={i < EAGER_CARDS} />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      <div className="container">
        <LiveCams cams={cams} />
      </div>
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

export const meta: MetaFunction<typeof loader> = (args) => withSiteDescription(args, pageMeta(args))
