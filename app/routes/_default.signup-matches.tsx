import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { withSiteDescription } from '~/modules/site/page-meta.ts'
import { Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { MemberGrid } from '~/components/search/member-grid.tsx'
import { requireMember } from '~/modules/auth/guards.server.ts'
import { signupMatches } from '~/modules/search/signup-matches.server.ts'
import { attentionOf } from '~/modules/site/attention.ts'
import { pageTitle } from '~/modules/site/title.ts'
import searchCss from '~/styles/search.css?url'
import type { I18nHandle } from '~/modules/i18n/namespaces.ts'

export const handle: I18nHandle = { i18n: ['search'] }

// SPEC §2 /signup-matches: members shown during signup, matching the new member's
// preference and country, with a way on to the member search.

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: searchCss }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  const member = requireMember(context, request)
  const { db, scope, tenant, t } = context
  const members = await signupMatches(db, scope, { site: tenant, profileId: member.profile?.id ?? null })
  return { members, title: t('signupMatches.title', { ns: 'search' }), siteName: tenant.name }
}

const pageMeta: MetaFunction<typeof loader> = ({ data, matches }) => (data ? [{ title: pageTitle(data.siteName, data.title, attentionOf(matches)) }] : [])

export default function SignupMatches() {
  const { members, title } = useLoaderData<typeof loader>()
  const { t } = useTranslation('search')
  return (
    <div className="container section signup-matches">
      <h1 id="signup-matches-title">{title}</h1>
      <p className="lead">{members.length > 0 ? t('signupMatches.intro') : t('signupMatches.none')}</p>
      {members.length > 0 ? <MemberGrid members={members} labelledBy="signup-matches-title" /> : null}
      <p className="signup-matches__next">
        <Link to="/members" className="button button--primary button--large">
          {t('signupMatches.continue')}
        </Link>
      </p>
    </div>
  )
}

export const meta: MetaFunction<typeof loader> = (args) => withSiteDescription(args, pageMeta(args))
