// clientFetch against a real HTTP server on loopback: the client header, retries with
// exponential delay for calls safe to repeat (never for a POST), Retry-After, and the
// swallowed 403 authentication_required that logs the page out.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { AUTHENTICATION_REQUIRED_EVENT, AuthenticationRequired, CLIENT_RETRIES, clientFetch, retryDelay } from './client-fetch.ts'

type Seen = { method: string; url: string; requestType: string | undefined }
let seen: Seen[] = []
let script: { status: number; body?: unknown; headers?: Record<string, string> }[] = []
let server: http.Server
let base = ''

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', requestType: req.headers['x-request-type'] as string | undefined })
    const next = script.shift() ?? { status: 200, body: { ok: true } }
    res.writeHead(next.status, { 'content-type': 'application/json', ...next.headers })
    res.end(JSON.stringify(next.body ?? {}))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  // The browser's window, as far as clientFetch uses it.
  ;(globalThis as { window?: EventTarget }).window = new EventTarget()
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))
beforeEach(() => {
  seen = []
  script = []
})

const delays: number[] = []
const sleep = async (ms: number) => void delays.push(ms)

describe('clientFetch', () => {
  it('says it is the client and retries a GET through 503s and a 429 until it succeeds', async () => {
    delays.length = 0
    script = [{ status: 503 }, { status: 502 }, { status: 429, headers: { 'retry-after': '2' } }, { status: 200, body: { user: 1 } }]
    const response = await clientFetch(`${base}/api/chats`, { sleep })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ user: 1 })
    expect(seen).toHaveLength(4)
    expect(seen.every((s) => s.requestType === 'client')).toBe(true)
    // Exponential, and at least what Retry-After asked.
    expect(delays[1]!).toBeGreaterThan(delays[0]!)
    expect(delays[2]!).toBeGreaterThanOrEqual(2000)
  })

  it('gives up after 5 retries and returns the last answer', async () => {
    script = Array.from({ length: 10 }, () => ({ status: 503 }))
    const response = await clientFetch(`${base}/api/likes`, { sleep })
    expect(response.status).toBe(503)
    expect(seen).toHaveLength(1 + CLIENT_RETRIES)
  })

  it('never repeats a POST unless the caller says it is safe', async () => {
    script = [{ status: 503 }, { status: 200 }]
    expect((await clientFetch(`${base}/api/likes`, { method: 'POST', body: 'x=1', sleep })).status).toBe(503)
    expect(seen).toHaveLength(1)
    script = [{ status: 503 }, { status: 200 }]
    expect((await clientFetch(`${base}/api/likes`, { method: 'POST', body: 'x=1', idempotent: true, sleep })).status).toBe(200)
    expect(seen).toHaveLength(3)
  })

  it('retries when the connection fails, and stops when the caller aborts', async () => {
    const closed = http.createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const deadPort = (closed.address() as AddressInfo).port
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    let waits = 0
    await expect(clientFetch(`http://127.0.0.1:${deadPort}/api/user`, { sleep: async () => void waits++ })).rejects.toThrow()
    expect(waits).toBe(CLIENT_RETRIES)
    const controller = new AbortController()
    controller.abort()
    waits = 0
    await expect(clientFetch(`http://127.0.0.1:${deadPort}/api/user`, { signal: controller.signal, sleep: async () => void waits++ })).rejects.toThrow()
    expect(waits).toBe(0)
  })

  it('turns 403 authentication_required into a logout event and a swallowed error, except from user.php', async () => {
    let events = 0
    const count = () => void events++
    ;(globalThis as unknown as { window: EventTarget }).window.addEventListener(AUTHENTICATION_REQUIRED_EVENT, count)
    script = [{ status: 403, body: { error: 'authentication_required' } }]
    await expect(clientFetch(`${base}/api/likes`, { sleep })).rejects.toBeInstanceOf(AuthenticationRequired)
    expect(events).toBe(1)
    // Another 403 is an answer, not a logout.
    script = [{ status: 403, body: { error: 'forbidden' } }]
    expect((await clientFetch(`${base}/api/likes`, { sleep })).status).toBe(403)
    // user.php asks whether the member is logged in: its 403 is the answer.
    script = [{ status: 403, body: { error: 'authentication_required' } }]
    expect((await clientFetch(`${base}/api/user.php`, { sleep })).status).toBe(403)
    expect(events).toBe(1)
  })

  it('waits twice as long before each next retry', () => {
    const none = () => 0
    expect([0, 1, 2, 3, 4].map((n) => retryDelay(n, none))).toEqual([300, 600, 1200, 2400, 4800])
    expect(retryDelay(0, () => 1)).toBe(360)
  })
})
