// A real Redis cluster (REDIS_CLUSTER_NODES, issue 24): three masters of this test's own on
// free ports, made with `redis-cli --cluster create`. The abuse limits count in the cluster,
// a live event published on one node's bus reaches another node's through sharded pub/sub
// (SPUBLISH/SSUBSCRIBE), and with one master stopped the limits and the bus answer within
// about a second (docs/decisions/047, 057): the limits from this process's insurance, the
// bus by failing the publish.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import net from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const hasRedis = spawnSync('redis-server', ['--version']).status === 0 && spawnSync('redis-cli', ['--version']).status === 0
if (!hasRedis) console.info('[redis-cluster.test] skipped: redis-server or redis-cli is not installed')

type Node = { port: number; process: ChildProcess }
const nodes: Node[] = []
let dir = ''

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer()
    server.once('error', () => resolve(false))
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)))
  })
}

/** A port that is free, and its cluster bus port (port + 10000) as well. */
async function freePort(taken: number[]): Promise<number> {
  for (let i = 0; i < 200; i++) {
    const port = 20_000 + Math.floor(Math.random() * 20_000)
    if (taken.includes(port)) continue
    if ((await isFree(port)) && (await isFree(port + 10_000))) return port
  }
  throw new Error('no free port pair for a cluster node')
}

const cli = (port: number, ...args: string[]) => spawnSync('redis-cli', ['-p', String(port), ...args], { encoding: 'utf8' }).stdout ?? ''

async function waitFor(check: () => boolean, what: string, ms = 10_000): Promise<void> {
  const until = Date.now() + ms
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

async function startCluster(): Promise<void> {
  dir = mkdtempSync(path.join(tmpdir(), 'redis-cluster-'))
  const ports: number[] = []
  for (let i = 0; i < 3; i++) ports.push(await freePort(ports))
  for (const port of ports) {
    const child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--cluster-enabled', 'yes', '--cluster-config-file', path.join(dir, `nodes-${port}.conf`), '--cluster-node-timeout', '1000', '--save', '', '--appendonly', 'no', '--dir', dir],
      { stdio: 'ignore' },
    )
    nodes.push({ port, process: child })
  }
  for (const { port } of nodes) await waitFor(() => cli(port, 'ping').includes('PONG'), `redis-server on ${port}`)
  const made = spawnSync('redis-cli', ['--cluster', 'create', ...ports.map((p) => `127.0.0.1:${p}`), '--cluster-replicas', '0', '--cluster-yes'], { encoding: 'utf8' })
  if (made.status !== 0) throw new Error(`redis-cli --cluster create failed:\n${made.stdout}\n${made.stderr}`)
  for (const { port } of nodes) await waitFor(() => cli(port, 'cluster', 'info').includes('cluster_state:ok'), `cluster state ok on ${port}`)
  readRanges()
}

async function stopNode(node: Node): Promise<void> {
  if (node.process.exitCode !== null || node.process.signalCode !== null) return
  const exited = new Promise((resolve) => node.process.once('exit', resolve))
  node.process.kill('SIGKILL')
  await exited
}

let ranges: { start: number; end: number; node: Node }[] = []

/** Reads the slot ranges once the cluster is made (a stopped node cannot be asked later). */
function readRanges(): void {
  // CLUSTER SLOTS as redis-cli prints it: "start end host port id ..." one item a line.
  const lines = cli(nodes[0]!.port, 'cluster', 'slots').trim().split('\n')
  ranges = []
  for (let i = 0; i + 3 < lines.length; i++) {
    const [start, end, host, port] = [Number(lines[i]), Number(lines[i + 1]), lines[i + 2], Number(lines[i + 3])]
    const node = nodes.find((n) => n.port === port)
    if (Number.isInteger(start) && Number.isInteger(end) && host === '127.0.0.1' && node) ranges.push({ start, end, node })
  }
  if (ranges.length === 0) throw new Error('no slot ranges read from CLUSTER SLOTS')
}

/** The master that serves `key`'s slot (CLUSTER KEYSLOT on a node that still runs). */
function ownerOf(key: string): Node {
  const alive = nodes.find((n) => n.process.exitCode === null && n.process.signalCode === null)!
  const slot = Number(cli(alive.port, 'cluster', 'keyslot', key).trim())
  const range = ranges.find((r) => slot >= r.start && slot <= r.end)
  if (!range) throw new Error(`no owner for slot ${slot} of ${key}`)
  return range.node
}

const timed = async <T>(fn: () => Promise<T>): Promise<{ ms: number; value: T | Error }> => {
  const started = performance.now()
  const value = await fn().catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))))
  return { ms: performance.now() - started, value }
}

describe.runIf(hasRedis)('Redis cluster (REDIS_CLUSTER_NODES)', () => {
  const saved = { url: process.env.REDIS_URL, nodes: process.env.REDIS_CLUSTER_NODES, limits: process.env.RATE_LIMITS }

  beforeAll(async () => {
    await startCluster()
    delete process.env.REDIS_URL
    process.env.REDIS_CLUSTER_NODES = nodes.map((n) => `127.0.0.1:${n.port}`).join(',')
    process.env.RATE_LIMITS = 'login_ip=3/60'
  }, 60_000)

  afterAll(async () => {
    const { closeBus } = await import('../bus/bus.server.ts')
    const { closeRedis } = await import('./redis.server.ts')
    await Promise.allSettled([closeBus(), closeRedis()])
    await Promise.allSettled(nodes.map(stopNode))
    if (dir) rmSync(dir, { recursive: true, force: true })
    for (const [name, value] of [
      ['REDIS_URL', saved.url],
      ['REDIS_CLUSTER_NODES', saved.nodes],
      ['RATE_LIMITS', saved.limits],
    ] as const) {
      if (value === undefined) delete process.env[name]
      else process.env[name] = value
    }
  })

  it('limits count in the cluster; events cross between two buses by sharded pub/sub; one master away costs under a second', async () => {
    const { Cluster } = await import('ioredis')
    const { getRedis } = await import('./redis.server.ts')
    const { createRedisBus } = await import('../bus/bus.server.ts')
    const { consume } = await import('../limits/limiter.server.ts')
    const redis = getRedis()
    expect(redis).toBeInstanceOf(Cluster)
    await waitFor(() => redis!.status === 'ready', 'the cluster client')

    // Limits: 3 allowed, the 4th refused, and the count is in the cluster (another client reads it).
    const verdicts = []
    for (let i = 0; i < 4; i++) verdicts.push((await consume('login_ip', 'cluster-ip')).ok)
    expect(verdicts).toEqual([true, true, true, false])
    const key = `${process.env.RATE_LIMIT_NAMESPACE ? `${process.env.RATE_LIMIT_NAMESPACE}:` : ''}login_ip:cluster-ip`
    expect(Number(cli(ownerOf(key).port, 'get', key).trim())).toBeGreaterThanOrEqual(4)

    // Two nodes' buses: what one publishes, the other hears, through SSUBSCRIBE on the slot's master.
    const a = createRedisBus()
    const b = createRedisBus()
    try {
      const heard: string[] = []
      const channel = 'member:cluster-test'
      await b.subscribe(channel, (message) => heard.push(message))
      await waitFor(() => cli(ownerOf(channel).port, 'pubsub', 'shardchannels').includes(channel), 'the shard subscription', 5_000)
      await a.publish(channel, 'hallo')
      await waitFor(() => heard.includes('hallo'), 'the event on the other bus', 5_000)
      // Sharded: plain PUBLISH/SUBSCRIBE would show the channel in PUBSUB CHANNELS instead.
      for (const node of nodes) expect(cli(node.port, 'pubsub', 'channels')).not.toContain(channel)

      // One master away: the limits answer within a second (in-process insurance, still
      // refusing), and a publish to a channel of its slots fails (or goes) within a second.
      const victim = ownerOf(key)
      const lostChannel = ownerOf(channel) === victim ? channel : (['member:x1', 'member:x2', 'member:x3', 'member:x4', 'member:x5', 'member:x6', 'member:x7', 'member:x8'].find((c) => ownerOf(c) === victim) ?? channel)
      await stopNode(victim)
      const during: boolean[] = []
      const took: number[] = []
      for (let i = 0; i < 4; i++) {
        const { ms, value } = await timed(() => consume('login_ip', 'cluster-ip-2'))
        console.info(`[redis-cluster.test] limit with a master away: ${ms.toFixed(0)} ms`)
        expect(ms).toBeLessThan(1_000)
        took.push(ms)
        if (value instanceof Error) throw value
        during.push(value.ok)
      }
      expect(during).toEqual([true, true, true, false])
      // The first command for the lost master waits its timeout; after the node error the
      // cluster counts as degraded and the limits answer from this process at once.
      expect(Math.max(...took.slice(1))).toBeLessThan(100)
      const publish = await timed(() => a.publish(lostChannel, 'lost'))
      console.info(`[redis-cluster.test] publish with a master away: ${publish.ms.toFixed(0)} ms (${publish.value instanceof Error ? publish.value.message : 'sent'})`)
      expect(publish.ms).toBeLessThan(1_000)

      // Once the other masters mark it failed (cluster-node-timeout, here 1 s), the cluster
      // refuses every command (CLUSTERDOWN) unless cluster-require-full-coverage is off:
      // the limits and the bus must still answer within a second, on any key.
      await new Promise((resolve) => setTimeout(resolve, 2_500))
      const living = nodes.find((n) => n !== victim)!
      console.info(`[redis-cluster.test] cluster state after the node timeout: ${cli(living.port, 'cluster', 'info').match(/cluster_state:\w+/)?.[0]}`)
      for (const ip of ['after-1', 'after-2', 'after-3']) {
        const { ms, value } = await timed(() => consume('login_ip', ip))
        console.info(`[redis-cluster.test] limit after the node timeout: ${ms.toFixed(0)} ms`)
        expect(ms).toBeLessThan(1_000)
        if (value instanceof Error) throw value
        expect(value.ok).toBe(true)
      }
      const later = await timed(() => a.publish(channel === lostChannel ? 'member:x9' : channel, 'later'))
      console.info(`[redis-cluster.test] publish after the node timeout: ${later.ms.toFixed(0)} ms (${later.value instanceof Error ? later.value.message : 'sent'})`)
      expect(later.ms).toBeLessThan(1_000)
    } finally {
      await Promise.allSettled([a.close(), b.close()])
    }
  }, 60_000)
})
