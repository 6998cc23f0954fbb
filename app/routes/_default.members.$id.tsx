import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { withSiteDescription } from '~/modules/site/page-meta.ts'
import { useActionData, useLoaderData, useOutlet } from '@remix-run/react'
import { BuyCreditsAlert } from '~/components/chat/chat-screen.tsx'
import { sendFormData, type SendFailure } from '~/modules/chat/page.server.ts'
import { unlockFromForm, type UnlockFailure } from '~/modules/photos/unlock-form.server.ts'
import { blockMember, isBlocked } from '~/modules/accounts/blocks.server.ts'
import { flashToast } from '~/modules/http/toast.server.ts'
import { requireMember } from '~/modules/auth/guards.server.ts'
import { readScoped, withScope } from '~/modules/db/scoped.server.ts'
import { BlockForm } from '~/components/profile/block-form.tsx'
import { ReportLink } from '~/components/safety/report-link.tsx'
import { MemberProfile, type ViewerKind } from '~/components/profile/member-profile-view.tsx'
import { resolveTracking } from '~/modules/accounts/tracking.server.ts'
import { likeButtonStates } from '~/modules/likes/service.server.ts'
import { loadMemberProfile, parseProfileId } from '~/modules/profiles/member-profile.server.ts'
import { loggedOutSearchAllowed } from '~/modules/search/access.server.ts'
import { localized } from '~/modules/site/public-settings.server.ts'
import { attentionOf } from '~/modules/site/attention.ts'
import { errorMeta } from '~/modules/site/error-meta.ts'
import { pageTitle } from '~/modules/site/title.ts'
import profileCss from '~/styles/profile.css?url'
import giftsCss from '~/styles/gifts.css?url'
import type { I18nHandle } from '~/modules/i18n/namespaces.ts'
import { limitPageHeaders } from '~/modules/limits/headers.ts'

export const handle: I18nHandle = { i18n: ['profile', 'chat'] }

// A refused send (429) keeps its Retry-After (Remix passes only cookies on by itself).
export const headers = limitPageHeaders

// A member's profile (SPEC §2, §4, §6). Everything a viewer may not see is a plain 404:
// unknown, another pool's, not active, blocked by the owner, or invisible.

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: profileCss }, { rel: 'stylesheet', href: giftsCss }]

const notFound = () => new Response(null, { status: 404, statusText: 'Not Found' })

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const { tenant, member, reads, scope, locale } = context
  const url = new URL(request.url)
  const loginPath = `/login?redirectTo=${encodeURIComponent(url.pathname)}`
  const headers = new Headers()
  if (!member) {
    // SPEC §6: visitors browse only where the site allows logged-out search.
    const { tracking, setCookie } = await resolveTracking(request)
    if (!loggedOutSearchAllowed(tenant, tracking)) throw redirect(loginPath)
    if (setCookie) headers.append('Set-Cookie', setCookie)
  }
  const profileId = parseProfileId(params.id)
  if (profileId === null) throw notFound()
  const view = await loadMemberProfile(reads, scope, {
    profileId,
    viewer: member ? { profileId: member.profile?.id ?? null, paidUser: member.paidUser } : null,
    rules: { visibleFields: tenant.visibleProfileFields, visibleNotes: tenant.visibleProfileNotes, cdnPrefix: tenant.cdnPrefix, photoCredits: tenant.credits.photo },
  })
  if (!view) throw notFound()
  const fallback = tenant.locales.default
  const fictional = view.fictional
    ? { icon: tenant.fictional.icon, label: localized(tenant.fictional.singular, locale, fallback), warning: localized(tenant.fictional.warning, locale, fallback) }
    : null
  const viewer: ViewerKind = !member ? 'visitor' : member.paidUser ? 'premium' : 'free'
  const viewerId = member?.profile?.id
  const like = viewerId && !view.own ? ((await likeButtonStates(reads, scope, viewerId, [view.id]))[view.id] ?? { liked: false, match: false }) : null
  // The blocker still sees whom they blocked: instead of the block button, where to undo it.
  const blockedByMe = viewerId && !view.own ? await readScoped(reads, scope, (tx) => isBlocked(tx, scope, view.id, viewerId)) : false
  // The gift form's key (decision 040): a resubmitted gift is charged once.
  const gifts = member && !view.own ? { kinds: tenant.gifts, price: tenant.credits.gift, requestKey: crypto.randomUUID() } : null
  return data({ view, fictional, viewer, loginPath, like, blockedByMe, gifts, photoCredits: tenant.credits.photo, siteName: tenant.name }, { headers })
}

/**
 * Blocking (SPEC §4): the blocked member can no longer view or contact the blocker. A gift
 * (decision 017) goes into the chat: a redirect there, or the reason here (buy credits).
 */
export async function action({ params, request, context }: ActionFunctionArgs) {
  const member = requireMember(context, request)
  const profileId = parseProfileId(params.id)
  const form = await request.formData()
  if (profileId !== null && member.profile && form.get('intent') === 'gift') return sendFormData(form, context, member, member.profile.id, profileId)
  if (profileId !== null && member.profile && form.get('intent') === 'unlock') return unlockFromForm(form, context, member, profileId)
  if (profileId === null || !member.profile || form.get('intent') !== 'block') throw new Response(null, { status: 400 })
  const { scope } = context
  const blocked = await withScope(context.db, scope, async (tx) => {
    const result = await blockMember(tx, scope, member.profile!.id, profileId)
    if (!result.ok) return result
    const target = await tx.profile.findFirst({ where: { poolId: scope.poolId, id: profileId }, select: { name: true } })
    return { ok: true as const, name: target?.name ?? '' }
  })
  if (!blocked.ok) throw blocked.reason === 'not_found' ? notFound() : new Response(null, { status: 400 })
  // Back where the member was, told what happened and where to undo it (the settings).
  await flashToast(context, { key: 'blocked', values: { name: blocked.name } })
  return redirect(`/members/${profileId}`)
}

const pageMeta: MetaFunction<typeof loader> = ({ data, error, matches }) =>
  data ? [{ name: 'robots', content: 'noindex' }, { title: pageTitle(data.siteName, data.view.name, attentionOf(matches)) }] : errorMeta({ error, matches })

export default function MemberProfilePage() {
  const { view, fictional, viewer, loginPath, like, blockedByMe, gifts, photoCredits } = useLoaderData<typeof loader>()
  // A child route (e.g. /members/{id}/chat, if it is nested here) replaces the profile.
  const failure = useActionData<SendFailure | UnlockFailure>()
  const outlet = useOutlet()
  if (outlet) return outlet
  return (
    <div className="container section">
      <MemberProfile
        view={view}
        fictional={fictional}
        viewer={viewer}
        loginPath={loginPath}
        like={like ?? undefined}
        gifts={gifts}
        photoCredits={photoCredits}
        giftFailure={failure && !('unlock' in failure) ? failure : undefined}
        unlockFailure={failure && 'unlock' in failure ? failure : undefined}
      />
      {failure?.error === 'insufficient' ? <BuyCreditsAlert what={'unlock' in failure ? 'photo' : 'gift'} /> : null}
      {viewer !== 'visitor' && !view.own ? <BlockForm profileId={view.id} name={view.name} blocked={blockedByMe} /> : null}
      {viewer !== 'visitor' && !view.own ? <ReportLink profileId={view.id} name={view.name} /> : null}
    </div>
  )
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary.tsx'

export const meta: MetaFunction<typeof loader> = (args) => withSiteDescription(args, pageMeta(args))
