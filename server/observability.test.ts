// Observability (docs/decisions/048): every answer carries a request id; a production node
// logs one JSON line per request with id, site, route and duration and nothing secret; the
// metrics port shows requests by route and status with latency histograms, and the other
// metrics the issue lists.
import { PassThrough } from 'node:stream'
import express from 'express'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHttpApp, send, type HttpApp } from '../tests/http-app.ts'
import { startMetricsServer, type MetricsServer } from './observability/metrics-server.ts'
import { observeRequests, useLogger } from './observability/logger.ts'

let app: HttpApp
let metricsServer: MetricsServer

beforeAll(async () => {
  app = await startHttpApp({ microCache: null })
  metricsServer = await startMetricsServer(0, '127.0.0.1')
}, 120_000)
afterAll(async () => {
  await app?.close()
  await metricsServer?.close()
})

describe('request ids and metrics', () => {
  it('answers with an id, and counts requests by route and status on the metrics port only', async () => {
    const home = await app.request({ path: '/' })
    expect(home.status).toBe(200)
    expect(String(home.headers['x-request-id'])).toMatch(/^[0-9a-f-]{36}$/)
    expect((await app.request({ path: '/members/999999999' })).status).toBe(404)
    // Not on a site's port.
    expect((await app.request({ path: '/metrics' })).status).toBe(404)

    const scraped = await send(metricsServer.port, { path: '/metrics' })
    expect(scraped.status).toBe(200)
    expect(scraped.body).toMatch(/http_requests_total\{route="routes\/_default\._index",method="GET",status="200"\} \d+/)
    expect(scraped.body).toMatch(/http_requests_total\{route="routes\/_default\.members\.\$id",method="GET",status="404"\} \d+/)
    expect(scraped.body).toMatch(/http_request_duration_seconds_bucket\{le="0\.5",route="routes\/_default\._index",method="GET",status="200"\} \d+/)
    for (const name of ['db_pool_connections', 'jobs_queued', 'live_streams_open', 'chat_sends_total', 'payments_total', 'limiter_fallbacks_total', 'process_resident_memory_bytes']) {
      expect(scraped.body, name).toContain(`# TYPE ${name} `)
    }
  })
})

describe('JSON request log', () => {
  it('one line per request: id, method, path without query, status, duration, site and route; no cookie', async () => {
    const lines: Record<string, unknown>[] = []
    const sink = new PassThrough()
    sink.on('data', (chunk: Buffer) => lines.push(...chunk.toString().trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>)))
    useLogger(pino({ level: 'info' }, sink))
    const probe = express()
    probe.use(observeRequests({ log: true, trustProxy: true }))
    probe.get('/x', (_req, res) => {
      res.locals.site = 'flirtlokaal'
      res.locals.route = 'routes/x'
      res.send('ok')
    })
    const server = probe.listen(0, '127.0.0.1')
    await new Promise((resolve) => server.once('listening', resolve))
    const port = (server.address() as { port: number }).port
    const answer = await send(port, { path: '/x?token=secret', headers: { 'x-request-id': 'from-the-proxy-123' }, cookie: 'sid=secret-session' })
    await new Promise((resolve) => setTimeout(resolve, 50))
    server.close()
    expect(answer.headers['x-request-id']).toBe('from-the-proxy-123')
    const line = lines.find((l) => l.msg === 'request completed')!
    expect(line).toMatchObject({ reqId: 'from-the-proxy-123', site: 'flirtlokaal', route: 'routes/x', req: { method: 'GET', path: '/x' }, res: { status: 200 } })
    expect(typeof line.responseTime).toBe('number')
    expect(JSON.stringify(lines)).not.toMatch(/secret/)
  })
})
