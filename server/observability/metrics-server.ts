// Prometheus metrics on their own port (METRICS_PORT, e.g. 9464): `curl :9464/metrics`.
// Kept off the sites' port so a load balancer never exposes them (docs/decisions/048).
import http from 'node:http'
import { collectDefaultMetrics, metricsRegistry } from '../../app/modules/observability/metrics.server.ts'

export type MetricsServer = { port: number; close: () => Promise<void> }

export async function startMetricsServer(port: number, host: string): Promise<MetricsServer> {
  collectDefaultMetrics()
  const server = http.createServer((req, res) => {
    if (req.url !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404).end()
      return
    }
    metricsRegistry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': metricsRegistry.contentType, 'cache-control': 'no-store' }).end(text),
      (error: unknown) => res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error)),
    )
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => resolve())
  })
  const address = server.address()
  return {
    port: typeof address === 'object' && address ? address.port : port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
