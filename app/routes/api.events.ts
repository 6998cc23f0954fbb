import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireMember } from '~/modules/auth/guards.server.ts'
import { subscribeMemberEvents, type MemberEvent } from '~/modules/realtime/member-events.server.ts'

// Live events for the logged-in member as Server-Sent Events (a new like now; chat later).
// The browser reconnects by itself; anything missed while away comes with the periodic
// refresh (SPEC §4), so events carry only what is needed to react.

/** A comment line every so often keeps proxies from closing an idle stream. */
export const HEARTBEAT_MS = 25_000

export async function loader({ request, context }: LoaderFunctionArgs) {
  const member = requireMember(context, request)
  const profileId = member.profile?.id
  const { poolId } = context.scope
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
      const unsubscribe = profileId
        ? await subscribeMemberEvents(poolId, profileId, (event: MemberEvent) => send(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`))
        : async () => undefined
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

  return new Response(stream, {
    headers: {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    },
  })
}
