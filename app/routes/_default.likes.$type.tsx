import { type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { withSiteDescription } from '~/modules/site/page-meta.ts'
import { useLoaderData } from '@remix-run/react'
import { LikesList } from '~/components/likes/likes-list.tsx'
import { loadLikesTab } from '~/modules/likes/likes-page.server.ts'
import { LIKE_TABS } from '~/modules/likes/tabs.ts'
import { attentionOf } from '~/modules/site/attention.ts'
import { pageTitle } from '~/modules/site/title.ts'
import type { I18nHandle } from '~/modules/i18n/namespaces.ts'

export const handle: I18nHandle = { i18n: ['likes'] }

// /likes/received, /likes/given, /likes/matches (SPEC §2); any other type is a 404.

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const tab = LIKE_TABS.find((name) => name === params.type)
  if (!tab) throw new Response(null, { status: 404, statusText: 'Not Found' })
  return loadLikesTab(context, request, tab)
}

const pageMeta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { name: 'robots', content: 'noindex' },
  ...(data ? [{ title: pageTitle(data.siteName, data.title, attentionOf(matches)) }] : []),
]

export default function LikesTab() {
  const { tab, items, next, paged } = useLoaderData<typeof loader>()
  return <LikesList tab={tab} items={items} next={next} paged={paged} />
}

export const meta: MetaFunction<typeof loader> = (args) => withSiteDescription(args, pageMeta(args))
