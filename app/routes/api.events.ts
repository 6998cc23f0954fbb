import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireMember } from '~/modules/auth/guards.server.ts'
import { eventStream } from '~/modules/http/event-stream.server.ts'
import { subscribeMemberEvents } from '~/modules/realtime/member-events.server.ts'

// Live events for the logged-in member as Server-Sent Events (a new like now; chat later).
// The browser reconnects by itself; anything missed while away comes with the periodic
// refresh (SPEC §4), so events carry only what is needed to react.

export async function loader({ request, context }: LoaderFunctionArgs) {
  const member = requireMember(context, request)
  const profileId = member.profile?.id
  const { poolId } = context.scope
  return eventStream(request, async (send) => (profileId ? subscribeMemberEvents(poolId, profileId, send) : async () => undefined))
}
