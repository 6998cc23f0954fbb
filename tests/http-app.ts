// The real app over real HTTP on an ephemeral loopback port, for tests that must see what
// a client sees: the server edge (headers, refusals, body limits), Remix and the database.
// Serves the production build when it is up to date, otherwise the Vite dev server (so the
// suite works before `npm run build` too). Reusable: `const app = await startHttpApp()`.
import http, { type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Express } from 'express'
import { isBuildStale } from '../scripts/lib/build-state.ts'
import type { AppOptions } from '../server/app.ts'
import { closeGracefully } from '../server/edge/shutdown.ts'

export type HttpResponse = { status: number; headers: IncomingHttpHeaders; body: string }

export type HttpRequest = {
  method?: string
  /** Site slug: the request goes to <slug>.localhost. */
  site?: string
  path: string
  headers?: Record<string, string>
  body?: string | Buffer
  cookie?: string
  timeoutMs?: number
}

export type HttpApp = {
  port: number
  mode: 'production' | 'development'
  app: Express
  request(input: HttpRequest): Promise<HttpResponse>
  close(): Promise<void>
}

export async function startHttpApp(options: Partial<Omit<AppOptions, 'mode'>> = {}): Promise<HttpApp> {
  const { createApp, stopBackground } = await import('../server/app.ts')
  const mode = isBuildStale() ? 'development' : 'production'
  const app = await createApp({ dataDir: '.data/test', watchTenants: false, ...options, mode })
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s))
  })
  const port = (server.address() as AddressInfo).port
  return {
    port,
    mode,
    app,
    request: (input) => send(port, input),
    close: once(async () => {
      await closeGracefully(app, server, 1_000)
      await stopBackground(app)
    }),
  }
}

/** One raw HTTP request (node:http: any method, any Host, bytes as given). */
export function send(port: number, input: HttpRequest): Promise<HttpResponse> {
  const headers: Record<string, string> = { host: `${input.site ?? 'flirtlokaal'}.localhost:${port}`, ...input.headers }
  if (input.cookie) headers.cookie = input.cookie
  if (input.body !== undefined) headers['content-length'] = String(Buffer.byteLength(input.body))
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method: input.method ?? 'GET', path: input.path, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }))
      res.on('error', reject)
    })
    req.on('error', reject)
    // A response that never ends (an event stream) must not hang the test.
    req.setTimeout(input.timeoutMs ?? 20_000, () => req.destroy(new Error(`${input.method ?? 'GET'} ${input.path}: no complete answer in time`)))
    if (input.body !== undefined) req.write(input.body)
    req.end()
  })
}

function once(fn: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined
  return () => (running ??= fn())
}
