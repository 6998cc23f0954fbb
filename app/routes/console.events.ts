// /events on the console host: Server-Sent Events for the signed-in operator (their pools'
// queue changes, conversations handed to them). The console layout reloads its figures on
// each; nothing else travels here.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { eventStream } from '~/modules/http/event-stream.server.ts'
import { subscribeConsoleEvents } from '~/modules/inbox/events.server.ts'
import { requireOperator } from '~/modules/operators/guard.server.ts'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { operator, reach } = await requireOperator(context, request)
  return eventStream(request, (send) => subscribeConsoleEvents(operator.id, reach.pools, send))
}
