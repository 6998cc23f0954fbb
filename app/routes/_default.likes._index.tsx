import { type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { withSiteDescription } from '~/modules/site/page-meta.ts'
import { useLoaderData } from '@remix-run/react'
import { LikesList } from '~/components/likes/likes-list.tsx'
import { loadLikesTab } from '~/modules/likes/likes-page.server.ts'
import { attentionOf } from '~/modules/site/attention.ts'
import { pageTitle } from '~/modules/site/title.ts'
import type { I18nHandle } from '~/modules/i18n/namespaces.ts'

export const handle: I18nHandle = { i18n: ['likes'] }

// /likes is the received tab (SPEC §2); /likes/{type} shows the others.

export const loader = ({ request, context }: LoaderFunctionArgs) => loadLikesTab(context, request, 'received')

const pageMeta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { name: 'robots', content: 'noindex' },
  ...(data ? [{ title: pageTitle(data.siteName, data.title, attentionOf(matches)) }] : []),
]

export default function ReceivedLikes() {
  const { tab, items, next, paged } = useLoaderData<typeof loader>()
  return <LikesList tab={tab} items={items} next={next} paged={paged} />
}

export const meta: MetaFunction<typeof loader> = (args) => withSiteDescription(args, pageMeta(args))
