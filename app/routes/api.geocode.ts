import type { LoaderFunctionArgs } from '@remix-run/node'
import { geocodeAnswer } from '~/modules/geo/geocode.server.ts'
import { limitedJson } from '~/modules/limits/answer.server.ts'
import { geocodeAllowed } from '~/modules/limits/apply.server.ts'

// GET /api/geocode?lat=..&lon=..: country and region from shipped data (SPEC §3, §7), used
// to prefill the location in signup and on /profile. Open to visitors: signup needs it.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const allowed = await geocodeAllowed(context.clientIp)
  if (!allowed.ok) return limitedJson(context.t, allowed.retryAfter)
  const answer = geocodeAnswer(new URL(request.url).searchParams, context.tenant.countries)
  // SPEC §9: geolocation cache 1 hour; private, since it says where someone is.
  const headers = { 'Cache-Control': answer.status === 200 ? 'private, max-age=3600' : 'no-store' }
  return Response.json(answer.body, { status: answer.status, headers })
}
