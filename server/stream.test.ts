// writeBatched (decision 034): chunks ready together go out as one write, a chunk that has
// to wait sends what is there first, and a response ended elsewhere (shutdown ends live
// event streams) is never written to again.
import { describe, expect, it } from 'vitest'
import type { Response } from 'express'
import { writeBatched } from './edge/stream.ts'

function fakeResponse() {
  const writes: string[] = []
  const res = {
    writableEnded: false,
    destroyed: false,
    write(chunk: Buffer) {
      if (this.writableEnded) throw new Error('write after end')
      writes.push(chunk.toString())
      return true
    },
    end() {
      this.writableEnded = true
    },
    destroy() {
      this.destroyed = true
    },
  }
  return { res: res as unknown as Response & typeof res, writes }
}

const encode = (s: string) => new TextEncoder().encode(s)

describe('writeBatched', () => {
  it('writes chunks that are ready together once, and keeps the whole body', async () => {
    const { res, writes } = fakeResponse()
    let kept = ''
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const part of ['<html>', '<body>', 'hi', '</body>']) controller.enqueue(encode(part))
        controller.close()
      },
    })
    await writeBatched(body, res, (b) => (kept = b.toString()))
    expect(writes).toEqual(['<html><body>hi</body>'])
    expect(kept).toBe('<html><body>hi</body>')
    expect(res.writableEnded).toBe(true)
  })

  it('sends what is there before waiting for a late chunk', async () => {
    const { res, writes } = fakeResponse()
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(encode('shell'))
        await new Promise((r) => setTimeout(r, 30))
        controller.enqueue(encode('deferred'))
        controller.close()
      },
    })
    await writeBatched(body, res)
    expect(writes).toEqual(['shell', 'deferred'])
  })

  it('stops when the response was ended elsewhere', async () => {
    const { res, writes } = fakeResponse()
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(encode('event 1'))
        await new Promise((r) => setTimeout(r, 20))
        res.end()
        controller.enqueue(encode('event 2'))
        await new Promise((r) => setTimeout(r, 20))
        controller.enqueue(encode('event 3'))
      },
    })
    await writeBatched(body, res)
    expect(writes).toEqual(['event 1'])
  })
})
