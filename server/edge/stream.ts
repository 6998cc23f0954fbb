// Sends a Remix response body to the socket in fewer, larger writes. Remix's own helper
// writes and flushes every chunk React produces (about 2 KB each), so compression emits a
// block and the socket a packet per chunk. Here the chunks that are ready together go out
// as one write and one flush; a chunk that has to wait (deferred data still streaming)
// first sends what is there, so streaming still works. `keep` receives the whole body.
import type { Response } from 'express'

/** Past this many bytes a batch is written even when more is ready. */
const BATCH_BYTES = 64 * 1024

const WAITING = Symbol('waiting')

export async function writeBatched(body: ReadableStream<Uint8Array>, res: Response, keep?: (body: Buffer) => void): Promise<void> {
  const reader = body.getReader()
  const kept: Buffer[] = []
  let batch: Buffer[] = []
  let batchBytes = 0
  // Ended elsewhere (shutdown ends live event streams) or gone: stop reading, write nothing.
  const closed = () => res.writableEnded || res.destroyed
  const flush = () => {
    if (batchBytes === 0 || closed()) return
    const chunk = batch.length === 1 ? batch[0]! : Buffer.concat(batch, batchBytes)
    batch = []
    batchBytes = 0
    res.write(chunk)
    ;(res as Response & { flush?: () => void }).flush?.()
  }
  try {
    for (;;) {
      const next = reader.read()
      // Ready now (or within this turn of the event loop)? Otherwise send the batch first.
      let result = await Promise.race([next, new Promise<typeof WAITING>((resolve) => setImmediate(resolve, WAITING))])
      if (result === WAITING) {
        flush()
        result = await next
      }
      if (result.done) break
      if (closed()) {
        await reader.cancel().catch(() => undefined)
        return
      }
      // A copy: the renderer may reuse its buffers once a chunk is handed on.
      const chunk = Buffer.from(result.value)
      batch.push(chunk)
      batchBytes += chunk.length
      if (keep) kept.push(chunk)
      if (batchBytes >= BATCH_BYTES) flush()
    }
    // The whole body was read: it is complete for the cache even when the client, which had
    // every byte already, closed the connection first (seen as a flaky media-cache miss).
    if (!closed()) {
      flush()
      res.end()
    }
    keep?.(Buffer.concat(kept))
  } catch (error) {
    res.destroy(error as Error)
    throw error
  }
}
