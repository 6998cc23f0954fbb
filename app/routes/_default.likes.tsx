import { type LinksFunction, type LoaderFunctionArgs } from '@remix-run/node'
import { Outlet, useLoaderData, useParams } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { useAttention } from '~/components/layout/use-attention.ts'
import { LikesTabs } from '~/components/likes/likes-tabs.tsx'
import { requireMember } from '~/modules/auth/guards.server.ts'
import { readScoped } from '~/modules/db/scoped.server.ts'
import { countMatches } from '~/modules/likes/likes.server.ts'
import { LIKE_TABS, type LikeTab } from '~/modules/likes/tabs.ts'
import likesCss from '~/styles/likes.css?url'
import type { I18nHandle } from '~/modules/i18n/namespaces.ts'

export const handle: I18nHandle = { i18n: ['likes'] }

// The likes page (SPEC §2: /likes, /likes/{type}, /likes/m/{id}), members only. This layout
// is the frame of the three tabs: heading and tab links with their counts. A member opened
// from likes (/likes/m/{id}) is a page of its own, without the tabs.

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: likesCss }]

const isTab = (value: string): value is LikeTab => (LIKE_TABS as readonly string[]).includes(value)

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const member = requireMember(context, request)
  if (params.id !== undefined) return { matches: null }
  // Any other type is not a page (SPEC §2): the site's 404.
  if (params.type !== undefined && !isTab(params.type)) throw new Response(null, { status: 404, statusText: 'Not Found' })
  const { reads, scope } = context
  const viewerId = member.profile?.id
  // New likes come from the default layout's count (the badge), counted once per page.
  const matches = viewerId ? await readScoped(reads, scope, (tx) => countMatches(tx, scope, viewerId)) : 0
  return { matches }
}

export default function LikesLayout() {
  const { matches } = useLoaderData<typeof loader>()
  const newLikes = useAttention()?.newLikes ?? 0
  const params = useParams()
  const { t } = useTranslation('likes')
  if (matches === null) return <Outlet />
  const active = params.type === undefined ? 'received' : isTab(params.type) ? params.type : null
  return (
    <div className="container section likes-page">
      <h1 className="likes-page__title">{t('title')}</h1>
      <LikesTabs active={active} counts={{ newLikes, matches }} />
      <Outlet />
    </div>
  )
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary.tsx'
