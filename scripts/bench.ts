// `npm run bench`: measures what row-level security costs per query, and the built app's
// throughput, latency and memory on loopback. Appends the figures to BENCHMARKS.md with
// the machine and the command. Bounded: a few thousand queries and 2 x 10 s of HTTP load.
import { spawn, spawnSync } from 'node:child_process'
import { appendFile, readFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { getEnv } from '../app/modules/config/env.server.ts'
import { createDb } from '../app/modules/db/client.server.ts'
import { withScope } from '../app/modules/db/scoped.server.ts'
import { countNewLikes, likeMember, listLikes, unlikeMember } from '../app/modules/likes/likes.server.ts'
import { isBuildStale } from './lib/build-state.ts'
import { dropDatabase, ensureRuntimeRole, openDatabaseServer } from './lib/database.ts'
import { prepareDatabase } from './lib/prepare.ts'

const QUERIES = 3000
const PORT = 3200
const DURATION = 10
const dataDir = path.resolve(getEnv().DATA_DIR)

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
}

async function time(n: number, fn: () => Promise<unknown>) {
  for (let i = 0; i < 200; i++) await fn() // warm-up
  const samples: number[] = []
  const started = performance.now()
  for (let i = 0; i < n; i++) {
    const t = performance.now()
    await fn()
    samples.push(performance.now() - t)
  }
  const total = performance.now() - started
  samples.sort((a, b) => a - b)
  return { p50: percentile(samples, 50), p95: percentile(samples, 95), perSecond: (n / total) * 1000 }
}

const fmt = (ms: number) => `${ms.toFixed(3)} ms`

async function benchQueries(server: Awaited<ReturnType<typeof openDatabaseServer>>, database: string): Promise<string> {
  const owner = createDb(server.ownerUrl(database), 1)
  const app = createDb(await ensureRuntimeRole(server, database), 1)
  const scope = { tenantId: 'flirtlokaal', poolId: 'benelux' }
  const query = (db: Parameters<typeof withScope>[0] | Parameters<Parameters<typeof withScope>[2]>[0]) =>
    db.profile.findMany({ where: { poolId: 'benelux', status: 'active', invisible: false }, orderBy: [{ lastActiveAt: 'desc' }, { id: 'desc' }], take: 12, select: { id: true, name: true } })
  try {
    const plain = await time(QUERIES, () => query(owner))
    const ownerTx = await time(QUERIES, () => owner.$transaction((tx) => query(tx)))
    const scoped = await time(QUERIES, () => withScope(app, scope, (tx) => query(tx)))
    // Likes: one member liked by every other member of the pool (the seed's 300), then the
    // badge count, the first page of received likes, and a like + unlike of one pair.
    const members = await withScope(app, scope, (tx) => tx.profile.findMany({ where: { poolId: 'benelux', status: 'active' }, select: { id: true }, orderBy: { id: 'asc' } }))
    const [target, other] = members.map((m) => m.id)
    await withScope(app, scope, (tx) =>
      tx.like.createMany({ data: members.slice(1).map((m) => ({ poolId: 'benelux', likerId: m.id, likedId: target!, origin: 'profile' as const })), skipDuplicates: true }),
    )
    // Statistics as autovacuum would have them on a live database after such a batch.
    await owner.$executeRawUnsafe('ANALYZE')
    const badge = await time(QUERIES, () => withScope(app, scope, (tx) => countNewLikes(tx, scope, target!)))
    const received = await time(QUERIES / 3, () => withScope(app, scope, (tx) => listLikes(tx, scope, { viewerId: target!, tab: 'received', cursor: null, cdnPrefix: '/media/' })))
    const toggle = await time(QUERIES / 3, async () => {
      await withScope(app, scope, (tx) => unlikeMember(tx, scope, { likerId: target!, likedId: other! }))
      await withScope(app, scope, (tx) => likeMember(tx, scope, { likerId: target!, likedId: other!, origin: 'profile' }))
    })
    return [
      `| query (12 most recent members of a pool, 1 connection, ${QUERIES} runs) | p50 | p95 | per second |`,
      '|---|---|---|---|',
      `| owner role, no transaction, RLS bypassed | ${fmt(plain.p50)} | ${fmt(plain.p95)} | ${plain.perSecond.toFixed(0)} |`,
      `| owner role, in a transaction | ${fmt(ownerTx.p50)} | ${fmt(ownerTx.p95)} | ${ownerTx.perSecond.toFixed(0)} |`,
      `| runtime role through withScope (transaction + set_config + RLS) | ${fmt(scoped.p50)} | ${fmt(scoped.p95)} | ${scoped.perSecond.toFixed(0)} |`,
      '',
      `| likes, member liked by ${members.length - 1} others (withScope, 1 connection) | p50 | p95 | per second |`,
      '|---|---|---|---|',
      `| new-likes badge count | ${fmt(badge.p50)} | ${fmt(badge.p95)} | ${badge.perSecond.toFixed(0)} |`,
      `| first page of received likes (24 cards + like states) | ${fmt(received.p50)} | ${fmt(received.p95)} | ${received.perSecond.toFixed(0)} |`,
      `| unlike + like again (2 transactions, pair lock, match bookkeeping) | ${fmt(toggle.p50)} | ${fmt(toggle.p95)} | ${toggle.perSecond.toFixed(0)} |`,
    ].join('\n')
  } finally {
    await owner.$disconnect()
    await app.$disconnect()
  }
}

async function rssOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024
}

async function benchHttp(): Promise<string> {
  if (isBuildStale()) {
    const build = spawnSync('npx', ['remix', 'vite:build'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } })
    if (build.status !== 0) throw new Error('build failed')
  }
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/e2e-server.ts'], {
    env: { ...process.env, E2E_PORT: String(PORT), SEED_COUNT: '300' },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('e2e server on') && resolve())
    child.on('exit', (code) => reject(new Error(`server exited with ${code}`)))
  })
  try {
    const rows: string[] = []
    const idle = await rssOf(child.pid!)
    for (const [label, urlPath] of [['home page (SSR, 12 members from the pool)', '/'], ['GET /api/settings', '/api/settings']] as const) {
      const result = await autocannon({ url: `http://127.0.0.1:${PORT}${urlPath}`, connections: 20, duration: DURATION, headers: { host: `flirtlokaal.localhost:${PORT}` } })
      if (result.non2xx > 0 || result.errors > 0) throw new Error(`${urlPath}: ${result.non2xx} non-2xx, ${result.errors} errors`)
      rows.push(`| ${label} | ${result.requests.average.toFixed(0)} | ${result.latency.p50} ms | ${result.latency.p97_5} ms | ${result.latency.p99} ms |`)
    }
    const loaded = await rssOf(child.pid!)
    return [
      `| HTTP, 20 connections, ${DURATION} s each | requests/s | p50 | p97.5 | p99 |`,
      '|---|---|---|---|---|',
      ...rows,
      '',
      `Server memory (RSS): ${idle.toFixed(0)} MiB idle after start, ${loaded.toFixed(0)} MiB after the load.`,
    ].join('\n')
  } finally {
    child.kill('SIGTERM')
    await new Promise((r) => child.once('exit', r))
  }
}

const server = await openDatabaseServer({ purpose: 'test', dataDir })
const database = `dating_bench_${process.pid}`
let queries: string
try {
  await prepareDatabase(server, { database, seed: { count: 300, mediaDir: path.join(dataDir, 'bench-media') } })
  queries = await benchQueries(server, database)
} finally {
  await dropDatabase(server, database)
  await server.stop()
}
const http = await benchHttp()

const machine = `${os.cpus().length} x ${os.cpus()[0]?.model.trim()}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB RAM, Node ${process.version}, ${os.platform()} ${os.release()}`
const section = `\n## ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC\n\nMachine: ${machine}. Database: ${getEnv().DATABASE_URL ? 'DATABASE_URL' : 'embedded Postgres 18'}. Command: \`npm run bench\`.\n\n${queries}\n\n${http}\n`
console.info(section)
await appendFile('BENCHMARKS.md', section)
process.exit(0)
