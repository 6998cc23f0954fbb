// Prometheus metrics (prom-client, docs/decisions/048), served on their own port
// (METRICS_PORT, server/observability/metrics-server.ts), never on a site's. The server
// build and the edge each load their own copy of this module: every metric lives in
// prom-client's one default registry and is looked up there by name before it is made.
import client from 'prom-client'

const { register } = client

function counter<L extends string>(name: string, help: string, labelNames: readonly L[]): client.Counter<L> {
  return (register.getSingleMetric(name) as client.Counter<L> | undefined) ?? new client.Counter<L>({ name, help, labelNames: [...labelNames] })
}

function gauge<L extends string>(name: string, help: string, labelNames: readonly L[]): client.Gauge<L> {
  return (register.getSingleMetric(name) as client.Gauge<L> | undefined) ?? new client.Gauge<L>({ name, help, labelNames: [...labelNames] })
}

function histogram<L extends string>(name: string, help: string, labelNames: readonly L[], buckets: number[]): client.Histogram<L> {
  return (register.getSingleMetric(name) as client.Histogram<L> | undefined) ?? new client.Histogram<L>({ name, help, labelNames: [...labelNames], buckets })
}

export const metrics = {
  httpRequests: counter('http_requests_total', 'HTTP requests answered, by route, method and status', ['route', 'method', 'status']),
  httpDuration: histogram('http_request_duration_seconds', 'Time to answer an HTTP request, by route, method and status', ['route', 'method', 'status'], [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]),
  liveStreams: gauge('live_streams_open', 'Live event streams (/api/events) open on this node', []),
  chatSends: counter('chat_sends_total', 'Chat messages sent, by result', ['result']),
  payments: counter('payments_total', 'Payment status changes seen from the provider, by state', ['state']),
  limiterFallbacks: counter('limiter_fallbacks_total', 'Abuse-limit checks answered by the fallback (in-process) store because the shared store failed', ['store']),
  outages: counter('dependency_errors_total', 'Requests answered 503 because a dependency failed, by dependency', ['dependency']),
  jobFailures: counter('jobs_failed_total', 'Jobs whose handler failed on this node, by queue', ['queue']),
}

let defaultsStarted = false

/** Node's own metrics (CPU, RSS, event loop lag, heap), once per process. */
export function collectDefaultMetrics(): void {
  if (defaultsStarted || register.getSingleMetric('process_resident_memory_bytes')) return
  defaultsStarted = true
  client.collectDefaultMetrics()
}

/** A gauge whose value is read at scrape time (pool use, queue depth). */
export function scrapedGauge<L extends string>(name: string, help: string, labelNames: readonly L[], collect: (set: (labels: Partial<Record<L, string>>, value: number) => void) => Promise<void> | void): void {
  if (register.getSingleMetric(name)) register.removeSingleMetric(name)
  new client.Gauge<L>({
    name,
    help,
    labelNames: [...labelNames],
    async collect() {
      this.reset()
      try {
        await collect((labels, value) => this.set(labels as Partial<Record<L, string | number>>, value))
      } catch {
        // A scrape during an outage shows what it has; the outage shows in the other metrics.
      }
    },
  })
}

export const metricsRegistry = register
