import { type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { withSiteDescription } from '~/modules/site/page-meta.ts'
import { Link, useLoaderData, useRevalidator } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { tabPath } from '~/components/likes/likes-tabs.tsx'
import { BlockForm } from '~/components/profile/block-form.tsx'
import { MemberProfile } from '~/components/profile/member-profile-view.tsx'
import { requireMember } from '~/modules/auth/guards.server.ts'
import { withScope } from '~/modules/db/scoped.server.ts'
import { LIKE_TABS, likeStates, markLikeSeen, NO_LIKES } from '~/modules/likes/likes.server.ts'
import { loadMemberProfile, parseProfileId } from '~/modules/profiles/member-profile.server.ts'
import { localized } from '~/modules/site/public-settings.server.ts'
import { attentionOf } from '~/modules/site/attention.ts'
import { errorMeta } from '~/modules/site/error-meta.ts'
import { pageTitle } from '~/modules/site/title.ts'
import profileCss from '~/styles/profile.css?url'
import giftsCss from '~/styles/gifts.css?url'
import type { I18nHandle } from '~/modules/i18n/namespaces.ts'

export const handle: I18nHandle = { i18n: ['profile', 'likes', 'chat'] }

// A member opened from likes (SPEC §2 /likes/m/{id}). Exactly what /members/{id} may show,
// and a 404 for the same reasons; opening it clears the new flag of their like (SPEC §4).

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: profileCss }, { rel: 'stylesheet', href: giftsCss }]

const notFound = () => new Response(null, { status: 404, statusText: 'Not Found' })

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const member = requireMember(context, request)
  const { tenant, db, scope, locale } = context
  const profileId = parseProfileId(params.id)
  if (profileId === null) throw notFound()
  const viewerId = member.profile?.id ?? null
  const view = await loadMemberProfile(db, scope, {
    profileId,
    viewer: { profileId: viewerId, paidUser: member.paidUser },
    rules: { visibleFields: tenant.visibleProfileFields, visibleNotes: tenant.visibleProfileNotes, cdnPrefix: tenant.cdnPrefix, photoCredits: tenant.credits.photo },
  })
  if (!view) throw notFound()
  // Their like of the viewer is seen now; the like toggle needs the pair's state.
  const { cleared, like } =
    viewerId !== null && !view.own
      ? await withScope(db, scope, async (tx) => ({
          cleared: await markLikeSeen(tx, scope, { viewerId, likerId: view.id }),
          like: (await likeStates(tx, scope, viewerId, [view.id])).get(view.id) ?? NO_LIKES,
        }))
      : { cleared: false, like: NO_LIKES }
  const fallback = tenant.locales.default
  const fictional = view.fictional
    ? { icon: tenant.fictional.icon, label: localized(tenant.fictional.singular, locale, fallback), warning: localized(tenant.fictional.warning, locale, fallback) }
    : null
  const from = LIKE_TABS.find((tab) => tab === new URL(request.url).searchParams.get('from')) ?? 'received'
  return {
    view,
    fictional,
    viewer: member.paidUser ? ('premium' as const) : ('free' as const),
    like: { liked: like.liked, match: like.match },
    cleared,
    back: tabPath(from),
    gifts: view.own ? null : { kinds: tenant.gifts, price: tenant.credits.gift, requestKey: crypto.randomUUID() },
    siteName: tenant.name,
  }
}

const pageMeta: MetaFunction<typeof loader> = ({ data, error, matches }) =>
  data ? [{ name: 'robots', content: 'noindex' }, { title: pageTitle(data.siteName, data.view.name, attentionOf(matches)) }] : errorMeta({ error, matches })

export default function LikedMemberPage() {
  const { view, fictional, viewer, like, cleared, back, gifts } = useLoaderData<typeof loader>()
  const { t } = useTranslation('likes')
  useRevalidateWhenCleared(view.id, cleared)
  return (
    <div className="container section likes-member">
      <p className="likes-member__back">
        <Link to={back} className="likes-back">
          <span aria-hidden="true">←</span> {t('back')}
        </Link>
      </p>
      <MemberProfile view={view} fictional={fictional} viewer={viewer} loginPath="/login" like={view.own ? undefined : like} likeOrigin="likes" gifts={gifts} />
      {view.own ? null : <BlockForm profileId={view.id} name={view.name} />}
    </div>
  )
}

/**
 * The layout counted the new likes while this loader cleared one (Remix runs them side by
 * side), so the badges were counted before the flag went. Loading once more fixes them.
 */
function useRevalidateWhenCleared(id: number, cleared: boolean) {
  const revalidator = useRevalidator()
  const done = useRef<number | null>(null)
  useEffect(() => {
    if (!cleared || done.current === id) return
    done.current = id
    revalidator.revalidate()
  }, [id, cleared, revalidator])
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary.tsx'

export const meta: MetaFunction<typeof loader> = (args) => withSiteDescription(args, pageMeta(args))
