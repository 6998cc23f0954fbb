import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireMember } from '~/modules/auth/guards.server.ts'
import { autoLike } from '~/modules/likes/auto-like.server.ts'

// SPEC §7 GET /api/auto-like: a profile for the like pop-up when none was given (§4). The
// profile is one of the site's labelled fictional profiles, and its like is stored, so the
// member finds it under likes (the pop-up reloads the likes 0.5 s later). `profile` is null
// when the pool has no suitable fictional profile.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const member = requireMember(context, request)
  const headers = { 'Cache-Control': 'no-store' }
  const profileId = member.profile?.id
  if (!profileId) return Response.json({ profile: null }, { headers })
  const result = await autoLike(context.db, context.scope, { memberId: profileId, cdnPrefix: context.tenant.cdnPrefix })
  return Response.json(result ? { profile: result.profile, match: result.match } : { profile: null }, { headers })
}
