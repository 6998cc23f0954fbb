import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { FormAlert } from '~/components/form/fields.tsx'
import { MemberCard } from '~/components/member-card.tsx'
import { requireMember } from '~/modules/auth/guards.server.ts'
import { recentMembers } from '~/modules/profiles/showcase.server.ts'
import { pageTitle } from '~/modules/site/title.ts'
import accountCss from '~/styles/account.css?url'

// A placeholder for the members area until member search lands: a welcome, the
// confirmation notice, and the recently active members of the pool.

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: accountCss }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  const member = requireMember(context, request)
  const { db, scope, tenant, t } = context
  const ownId = member.profile?.id
  const members = (await recentMembers(db, scope, tenant.cdnPrefix, 13)).filter((m) => m.id !== ownId).slice(0, 12)
  return {
    name: member.profile?.name ?? null,
    notConfirmed: member.status === 'not_confirmed',
    resetDone: new URL(request.url).searchParams.get('reset') === '1',
    members,
    title: t('members.title', { ns: 'account' }),
    siteName: tenant.name,
  }
}

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? [{ title: pageTitle(data.siteName, data.title) }] : [])

export default function Members() {
  const { name, notConfirmed, resetDone, members } = useLoaderData<typeof loader>()
  const { t } = useTranslation('account')
  return (
    <div className="container section members-page">
      {resetDone ? <FormAlert tone="success">{t('members.resetDone')}</FormAlert> : null}
      <h1>{name ? t('members.welcome', { name }) : t('members.welcomeAnonymous')}</h1>
      {notConfirmed ? (
        <div className="alert alert--info members-page__notice">
          <p>{t('members.notConfirmed')}</p>
          <Link to="/complete-signup" className="button button--primary">
            {t('members.confirmLink')}
          </Link>
        </div>
      ) : null}
      <section className="section" aria-labelledby="members-recent">
        <h2 id="members-recent">{t('members.recentTitle')}</h2>
        {members.length === 0 ? (
          <p className="muted">{t('members.noMembers')}</p>
        ) : (
          <ul className="card-grid">
            {members.map((m) => (
              <li key={m.id}>
                <MemberCard member={m} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}
