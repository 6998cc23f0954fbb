import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { withSiteDescription } from '~/modules/site/page-meta.ts'
import { useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { FormAlert } from '~/components/form/fields.tsx'
import { SearchFilters } from '~/components/search/search-filters.tsx'
import { SearchResults } from '~/components/search/search-results.tsx'
import { requireSearchAccess } from '~/modules/search/access.server.ts'
import { searchMembers } from '~/modules/search/search.server.ts'
import { likeButtonStates } from '~/modules/likes/service.server.ts'
import { liveCams } from '~/modules/profiles/live-cams.server.ts'
import { LiveCams } from '~/components/live-cams.tsx'
import { attentionOf } from '~/modules/site/attention.ts'
import { pageTitle } from '~/modules/site/title.ts'
import searchCss from '~/styles/search.css?url'
import type { I18nHandle } from '~/modules/i18n/namespaces.ts'

export const handle: I18nHandle = { i18n: ['account', 'search'] }

// Member search (SPEC §2, §3 filter state): the filters are the query string, results are
// keyset-paged. Visitors may search when the site allows it (SPEC §6).

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: searchCss }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { setCookie } = await requireSearchAccess(context, request)
  const { reads, scope, tenant, member, t } = context
  const url = new URL(request.url)
  const viewerId = member?.profile?.id ?? null
  const result = await searchMembers(reads, scope, { site: tenant, viewerProfileId: viewerId, params: url.searchParams })
  // Logged-in members like from the cards; visitors are asked to log in on the profile.
  const likes = viewerId ? await likeButtonStates(reads, scope, viewerId, [...result.members, ...result.similar].map((m) => m.id)) : null
  // Live cam items on the first page of a search only (SPEC §1), of the gender(s) searched
  // for: a member's looking-for unless the filter says otherwise (issue 22); a visitor's
  // only when they chose one in the filter.
  const lookingFor = viewerId || url.searchParams.has('gender') ? result.filters.gender : 'all'
  const cams = url.searchParams.has('cursor') ? [] : await liveCams(reads, scope, tenant, { profileId: viewerId, lookingFor })
  return data(
    {
      ...result,
      likes,
      cams,
      countries: tenant.countries,
      searchFields: tenant.searchFields,
      resetDone: member !== null && url.searchParams.get('reset') === '1',
      title: t('title', { ns: 'search' }),
      siteName: tenant.name,
    },
    setCookie ? { headers: { 'Set-Cookie': setCookie } } : undefined,
  )
}

const pageMeta: MetaFunction<typeof loader> = ({ data, matches }) => (data ? [{ title: pageTitle(data.siteName, data.title, attentionOf(matches)) }] : [])

export default function Members() {
  const { filters, countries, searchFields, members, total, nextSearch, firstSearch, similar, resetDone, title, likes, cams } = useLoaderData<typeof loader>()
  const { t } = useTranslation('account')
  return (
    <div className="container section members-page search-page">
      {resetDone ? <FormAlert tone="success">{t('members.resetDone')}</FormAlert> : null}
      <h1>{title}</h1>
      {/* An unconfirmed member is reminded once, by the warnings header above every page. */}
      <div className="search-page__layout">
        {/* Keyed by the filters, so the form shows the search that is on screen after each navigation. */}
        <SearchFilters key={JSON.stringify(filters)} filters={filters} countries={countries} searchFields={searchFields} />
        <div className="search-page__results">
          <SearchResults members={members} total={total} nextSearch={nextSearch} firstSearch={firstSearch} similar={similar} likes={likes ?? undefined} />
          <LiveCams cams={cams} />
        </div>
      </div>
    </div>
  )
}

export const meta: MetaFunction<typeof loader> = (args) => withSiteDescription(args, pageMeta(args))
