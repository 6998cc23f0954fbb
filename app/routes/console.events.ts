// /events on the console host: Server-Sent Events for the signed-in operator (their pools'
// queue changes, conversations handed to them). The console layout reloads its figures on
// each; nothing else travels here.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { subscribeConsoleEvents, type ConsoleEvent } from '~/modules/inbox/events.server.ts'
import { requireOperator } from '~/modules/operators/guard.server.ts'

const HEARTBEAT_MS = 25_000

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { operator, reach } = await requireOperator(context, request)
  const encoder = new TextEncoder()
  let cleanup: (() => Promise<void>) | null = null
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text))
        } catch {
          // closed meanwhile
        }
      }
      send('retry: 5000\n: connected\n\n')
      const unsubscribe = await subscribeConsoleEvents(operator.id, reach.pools, (event: ConsoleEvent) => send(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`))
      const heartbeat = setInterval(() => send(': ping\n\n'), HEARTBEAT_MS)
      cleanup = async () => {
        clearInterval(heartbeat)
        await unsubscribe()
      }
      const close = () => {
        void cleanup?.()
        cleanup = null
        try {
          controller.close()
        } catch {
          // already closed
        }
      }
      if (request.signal.aborted) close()
      else request.signal.addEventListener('abort', close, { once: true })
    },
    async cancel() {
      await cleanup?.()
      cleanup = null
    },
  })
  return new Response(stream, { headers: { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store, no-transform', Connection: 'keep-alive', 'X-Accel-Buffering': 'no' } })
}
