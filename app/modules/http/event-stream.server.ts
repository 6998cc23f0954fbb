// One Server-Sent Events answer for the member's and the operator's live streams: a retry
// hint and a comment on connect, a heartbeat so proxies keep an idle stream open, and the
// subscription ended exactly once, when the client leaves or the stream is cancelled.

/** A comment line every so often keeps proxies from closing an idle stream. */
export const HEARTBEAT_MS = 25_000

type Send = (event: { type: string }) => void

export function eventStream(request: Request, subscribe: (send: Send) => Promise<() => Promise<void>>): Response {
  const encoder = new TextEncoder()
  let cleanup: (() => Promise<void>) | null = null
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const write = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text))
        } catch {
          // closed meanwhile
        }
      }
      write('retry: 5000\n: connected\n\n')
      const unsubscribe = await subscribe((event) => write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`))
      const heartbeat = setInterval(() => write(': ping\n\n'), HEARTBEAT_MS)
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
    headers: { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store, no-transform', Connection: 'keep-alive', 'X-Accel-Buffering': 'no' },
  })
}
