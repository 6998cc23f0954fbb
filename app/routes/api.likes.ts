import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { requireMember, safeRedirect } from '~/modules/auth/guards.server.ts'
import { originOf } from '~/modules/http/safe-redirect.ts'
import { flashToast } from '~/modules/http/toast.server.ts'
import { withScope } from '~/modules/db/scoped.server.ts'
import { LIKE_ORIGINS, LIKES_API_LIMIT, countNewLikes, listLikes, type LikedCard } from '~/modules/likes/likes.server.ts'
import { giveLike, removeLike } from '~/modules/likes/service.server.ts'
import type { LikeResponse } from '~/modules/likes/like-request.ts'
import { limitedJson, limitHeaders, limitText } from '~/modules/limits/answer.server.ts'
import { likeAllowed } from '~/modules/limits/apply.server.ts'
import { parseProfileId } from '~/modules/profiles/member-profile.server.ts'

// SPEC §7 GET /api/likes: `profiles` (whom the member liked) and `liked_by` (who liked the
// member, each with id and like_new), newest first, at most LIKES_API_LIMIT of each; plus
// `new_likes`, the badge count. POST likes or unlikes one member (the paths and payloads of
// likes are ours to choose, SPEC §7): JSON for scripts, a redirect back for plain forms.

const noStore = { 'Cache-Control': 'no-store' }

function apiCard(card: LikedCard) {
  return {
    id: card.id,
    name: card.name,
    age: card.age,
    city: card.city,
    region: card.region,
    country: card.country,
    thumb: card.thumb,
    fictional: card.fictional,
    match: card.like.match,
    liked_at: card.at,
  }
}

/** How many new likes the pop-up's refresh asks for at most (it shows up to 3 at once). */
const NEW_LIKES_LIMIT = 3

function sinceParam(value: string | null): Date | null {
  if (!value) return null
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? null : date
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const member = requireMember(context, request)
  const profileId = member.profile?.id
  const url = new URL(request.url)
  // ?new=1[&since=<the previous answer's now>]: the pop-up's periodic refresh. Only new
  // likes given after `since` and the badge count, not both whole lists.
  const newOnly = url.searchParams.get('new') === '1'
  if (!profileId) return Response.json(newOnly ? { liked_by: [], new_likes: 0, now: new Date().toISOString() } : { profiles: [], liked_by: [], new_likes: 0 }, { headers: noStore })
  const { db, scope, tenant } = context
  if (newOnly) {
    const now = new Date()
    const since = sinceParam(url.searchParams.get('since'))
    const { fresh, newLikes } = await withScope(db, scope, async (tx) => ({
      fresh: await listLikes(tx, scope, { viewerId: profileId, tab: 'received', cursor: null, cdnPrefix: tenant.cdnPrefix, limit: NEW_LIKES_LIMIT, newOnly: { since } }),
      newLikes: await countNewLikes(tx, scope, profileId),
    }))
    return Response.json(
      { liked_by: fresh.items.map((card) => ({ ...apiCard(card), like_new: card.like.isNew })), new_likes: newLikes, now: now.toISOString() },
      { headers: noStore },
    )
  }
  const { given, received, newLikes } = await withScope(db, scope, async (tx) => {
    const options = { viewerId: profileId, cursor: null, cdnPrefix: tenant.cdnPrefix, limit: LIKES_API_LIMIT }
    return {
      given: await listLikes(tx, scope, { ...options, tab: 'given' }),
      received: await listLikes(tx, scope, { ...options, tab: 'received' }),
      newLikes: await countNewLikes(tx, scope, profileId),
    }
  })
  return Response.json(
    {
      profiles: given.items.map(apiCard),
      liked_by: received.items.map((card) => ({ ...apiCard(card), like_new: card.like.isNew })),
      new_likes: newLikes,
    },
    { headers: noStore },
  )
}

const LikeBody = z.object({
  intent: z.enum(['like', 'unlike']),
  profileId: z.string().transform((v, ctx) => parseProfileId(v) ?? (ctx.addIssue({ code: 'custom', message: 'profileId' }), z.NEVER)),
  origin: z.enum(LIKE_ORIGINS).exclude(['auto', 'swipe']).default('profile'),
  redirectTo: z.string().optional(),
  /** A plain form that ended a match (after its confirmation): say so on the page it goes back to. */
  toast: z.enum(['unmatched']).optional(),
})

function wantsJson(request: Request): boolean {
  return (request.headers.get('accept') ?? '').includes('application/json')
}

async function readBody(request: Request): Promise<Record<string, string>> {
  if ((request.headers.get('content-type') ?? '').includes('application/json')) {
    const body = (await request.json().catch(() => null)) as unknown
    if (typeof body !== 'object' || body === null) return {}
    return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, String(v)]))
  }
  const form = await request.formData()
  return Object.fromEntries([...form.entries()].filter((e): e is [string, string] => typeof e[1] === 'string'))
}

function answer(request: Request, status: number, body: LikeResponse, redirectTo: string | undefined): Response {
  if (wantsJson(request)) return Response.json(body, { status, headers: noStore })
  // A plain form (no JavaScript): back to the page it came from, which shows the state as it
  // now is (a member out of reach is gone from a list, or their page is the site's 404).
  if (!body.ok && body.error === 'not_confirmed') throw redirect('/complete-signup')
  throw redirect(safeRedirect(redirectTo, '/likes', originOf(request)))
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') return Response.json({ error: 'method_not_allowed' }, { status: 405, headers: { Allow: 'GET, POST' } })
  const member = context.member
  if (!member) {
    if (wantsJson(request)) return Response.json({ ok: false, error: 'authentication_required' }, { status: 403, headers: noStore })
    throw redirect('/login?redirectTo=/likes')
  }
  const body = await readBody(request).catch((): Record<string, string> => ({}))
  const parsed = LikeBody.safeParse(body)
  if (!parsed.success) return answer(request, 400, { ok: false, error: 'invalid_request' }, body.redirectTo)
  const { intent, profileId: targetId, origin, redirectTo, toast } = parsed.data
  const { db, scope, tenant, t } = context
  const likerId = member.profile?.id
  if (!likerId) return answer(request, 403, { ok: false, error: 'not_confirmed', message: t('likeButton.errors.not_confirmed') }, redirectTo)
  const allowed = await likeAllowed(scope.tenantId, member.userId, context.clientIp)
  if (!allowed.ok) {
    // JSON for the buttons; a plain form gets the text itself (its page has no room for it).
    if (wantsJson(request)) return limitedJson(t, allowed.retryAfter)
    return new Response(limitText(t, allowed.retryAfter), { status: 429, headers: { ...limitHeaders(allowed.retryAfter), 'Content-Type': 'text/plain; charset=utf-8' } })
  }

  if (intent === 'unlike') {
    await removeLike(db, scope, { likerId, likedId: targetId })
    if (toast && !wantsJson(request)) await flashToast(context, { key: toast })
    return answer(request, 200, { ok: true, liked: false, match: false, profile: null }, redirectTo)
  }
  const outcome = await giveLike(db, scope, { likerId, likedId: targetId, origin, cdnPrefix: tenant.cdnPrefix })
  if (!outcome.ok) {
    const status = outcome.reason === 'not_found' ? 404 : 403
    return answer(request, status, { ok: false, error: outcome.reason, message: t(`likeButton.errors.${outcome.reason}`) }, redirectTo)
  }
  return answer(request, 200, { ok: true, liked: true, match: outcome.match, profile: outcome.profile }, redirectTo)
}
