// /events on the console host: Server-Sent Events for the signed-in operator (their pools'
// queue changes, conversations handed to them and, for those who may open /reports, new
// reports and held messages of their sites). The console layout reloads its figures on
// each; nothing else travels here.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { eventStream } from '~/modules/http/event-stream.server.ts'
import { subscribeConsoleEvents } from '~/modules/inbox/events.server.ts'
import { requireOperator } from '~/modules/operators/guard.server.ts'
import { mayOpen } from '~/modules/operators/roles.ts'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { operator, reach } = await requireOperator(context, request)
  const safetySites = mayOpen(operator.role, 'reports') ? reach.sites.map((s) => s.slug) : []
  return eventStream(request, (send) => subscribeConsoleEvents(operator.id, reach.pools, send, safetySites))
}
