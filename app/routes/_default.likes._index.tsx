import { type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { withLikeDates } from '~/components/likes/like-dates.ts'
import { LikesList } from '~/components/likes/likes-list.tsx'
import { requireMember } from '~/modules/auth/guards.server.ts'
import { withScope } from '~/modules/db/scoped.server.ts'
import { listLikes } from '~/modules/likes/likes.server.ts'
import { attentionOf } from '~/modules/site/attention.ts'
import { pageTitle } from '~/modules/site/title.ts'

// /likes is the received tab (SPEC §2); /likes/{type} shows the others.

export async function loader({ request, context }: LoaderFunctionArgs) {
  const member = requireMember(context, request)
  const { db, scope, tenant, locale, t } = context
  const viewerId = member.profile?.id
  const cursor = new URL(request.url).searchParams.get('cursor')
  const page = viewerId
    ? await withScope(db, scope, (tx) => listLikes(tx, scope, { viewerId, tab: 'received', cursor, cdnPrefix: tenant.cdnPrefix }))
    : { items: [], next: null }
  const items = withLikeDates(page.items, locale, tenant.timeZone)
  return { items, next: page.next, paged: cursor !== null, title: t('tabs.received', { ns: 'likes' }), siteName: tenant.name }
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { name: 'robots', content: 'noindex' },
  ...(data ? [{ title: pageTitle(data.siteName, data.title, attentionOf(matches)) }] : []),
]

export default function ReceivedLikes() {
  const { items, next, paged } = useLoaderData<typeof loader>()
  return <LikesList tab="received" items={items} next={next} paged={paged} />
}
