import { type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { withLikeDates } from '~/components/likes/like-dates.ts'
import { LikesList } from '~/components/likes/likes-list.tsx'
import { requireMember } from '~/modules/auth/guards.server.ts'
import { withScope } from '~/modules/db/scoped.server.ts'
import { LIKE_TABS, listLikes, type LikeTab } from '~/modules/likes/likes.server.ts'
import { attentionOf } from '~/modules/site/attention.ts'
import { pageTitle } from '~/modules/site/title.ts'

// /likes/received, /likes/given, /likes/matches (SPEC §2); any other type is a 404.

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const member = requireMember(context, request)
  const tab = LIKE_TABS.find((name) => name === params.type)
  if (!tab) throw new Response(null, { status: 404, statusText: 'Not Found' })
  const { db, scope, tenant, locale, t } = context
  const viewerId = member.profile?.id
  const cursor = new URL(request.url).searchParams.get('cursor')
  const page = viewerId
    ? await withScope(db, scope, (tx) => listLikes(tx, scope, { viewerId, tab, cursor, cdnPrefix: tenant.cdnPrefix }))
    : { items: [], next: null }
  const items = withLikeDates(page.items, locale, tenant.timeZone)
  return { tab: tab satisfies LikeTab, items, next: page.next, paged: cursor !== null, title: t(`tabs.${tab}`, { ns: 'likes' }), siteName: tenant.name }
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { name: 'robots', content: 'noindex' },
  ...(data ? [{ title: pageTitle(data.siteName, data.title, attentionOf(matches)) }] : []),
]

export default function LikesTab() {
  const { tab, items, next, paged } = useLoaderData<typeof loader>()
  return <LikesList tab={tab} items={items} next={next} paged={paged} />
}
