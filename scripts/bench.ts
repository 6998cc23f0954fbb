// `npm run bench`: measures what row-level security costs per query, then the built app's
// pages on loopback against a bare Remix route (bench/bare: the framework's ceiling on this
// machine, served by the same Express and compression), server memory, and the cold start
// of `npm start`. Appends the figures to BENCHMARKS.md with the machine and the command.
// Flags: --cpu-prof (the engine's server writes a CPU profile to .data/profiles),
// --no-cold-start. BENCH_SECONDS sets the seconds per page (default 10).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { appendFile, readFile } from 'node:fs/promises'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import autocannon from 'autocannon'
import { getEnv } from '../app/modules/config/env.server.ts'
import { createDb } from '../app/modules/db/client.server.ts'
import { withScope } from '../app/modules/db/scoped.server.ts'
import { countNewLikes, likeMember, listLikes, unlikeMember } from '../app/modules/likes/likes.server.ts'
import { isBuildStale } from './lib/build-state.ts'
import { DEMO_PASSWORD, demoEmail } from './lib/demo-logins.ts'
import { dropDatabase, ensureRuntimeRole, openDatabaseServer } from './lib/database.ts'
import { prepareDatabase } from './lib/prepare.ts'

// --smoke (part of `npm test`): every step once, briefly, to keep the benchmark working;
// its figures mean nothing and are not written to BENCHMARKS.md.
const SMOKE = process.argv.includes('--smoke')
// Other work on the machine skews every figure: the load average goes next to them.
const LOAD_AT_START = os.loadavg()
const QUERIES = SMOKE ? 30 : 3000
const SEED = SMOKE ? 40 : 300
const PORT = getEnv().BENCH_PORT
const BARE_PORT = PORT + 10
const COLD_PORT = PORT + 20
const CONNECTIONS = 20
const DURATION = SMOKE ? 1 : getEnv().BENCH_SECONDS
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

type Server = { child: ChildProcess; stop: () => Promise<void> }

/** Starts a Node script and waits for `ready` on its stdout. */
async function startServer(script: string, ready: string, env: Record<string, string>, nodeFlags: string[] = []): Promise<Server> {
  const child = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', script], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] })
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes(ready) && resolve())
    child.on('exit', (code) => reject(new Error(`${script} exited with ${code}`)))
  })
  return {
    child,
    stop: async () => {
      child.kill('SIGTERM')
      await new Promise((r) => child.once('exit', r))
    },
  }
}

type Page = { label: string; path: string; host: string; status?: number; cookie?: string; /** Skipped (no row) when the page does not exist yet. */ optional?: boolean }
type Measured = { label: string; perSecond: number; p50: number; p99: number; jsKb: number | null; htmlKb: number; cpuMs: number }

/** CPU time (user + system) the process has used so far, in milliseconds (/proc/<pid>/stat). */
async function cpuMsOf(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8')
  // Fields after the command name (which may contain spaces): utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS
}
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK']).stdout?.toString().trim()) || 100

/** Gzipped kilobytes of the page's HTML and of the JavaScript it loads at start (modulepreload links). */
async function pageWeight(port: number, page: Page, html: string): Promise<{ jsKb: number | null; htmlKb: number }> {
  const htmlKb = gzipSync(html).length / 1024
  const scripts = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]!)
  if (scripts.length === 0) return { jsKb: null, htmlKb }
  let bytes = 0
  for (const src of new Set(scripts)) {
    const asset = await request(port, { path: src, headers: { host: page.host } })
    bytes += gzipSync(asset.text).length
  }
  return { jsKb: bytes / 1024, htmlKb }
}

async function load(port: number, page: Page, pid: number): Promise<Measured | null> {
  const headers: Record<string, string> = { host: page.host, 'accept-encoding': 'gzip' }
  if (page.cookie) headers.cookie = page.cookie
  const url = `http://127.0.0.1:${port}${page.path}`
  const { 'accept-encoding': _encoding, ...plain } = headers
  const probe = await request(port, { path: page.path, headers: plain })
  if (page.optional && probe.status === 404) return null
  if (probe.status !== (page.status ?? 200)) throw new Error(`${page.path}: expected ${page.status ?? 200}, got ${probe.status}`)
  const weight = await pageWeight(port, page, probe.text)
  if (!SMOKE) await autocannon({ url, connections: CONNECTIONS, duration: 2, headers }) // warm-up
  const cpuBefore = await cpuMsOf(pid)
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers })
  const cpuMs = (await cpuMsOf(pid)) - cpuBefore
  if (result.errors > 0 || result.timeouts > 0) throw new Error(`${page.path}: ${result.errors} errors, ${result.timeouts} timeouts`)
  if (result.non2xx > 0 && (page.status ?? 200) < 300) throw new Error(`${page.path}: ${result.non2xx} answers were not 2xx`)
  return { label: page.label, perSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, ...weight, cpuMs: cpuMs / Math.max(1, result.requests.total) }
}

/** A request with a Host header of our choosing (fetch would send 127.0.0.1's). */
function request(port: number, options: { method?: string; path: string; headers: Record<string, string>; body?: string }): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method: options.method ?? 'GET', path: options.path, headers: options.headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString() }))
    })
    req.on('error', reject)
    req.end(options.body)
  })
}

/** Logs the site's demo member in and returns the session cookie. */
async function demoSession(port: number, host: string, slug: string): Promise<string> {
  const body = new URLSearchParams({ email: demoEmail(slug), password: DEMO_PASSWORD }).toString()
  const response = await request(port, {
    method: 'POST',
    path: '/login',
    body,
    headers: { host, origin: `http://${host}`, 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(Buffer.byteLength(body)) },
  })
  if (response.status !== 302 && response.status !== 303) throw new Error(`demo login answered ${response.status}`)
  return (response.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]!).join('; ')
}

async function firstMemberId(port: number, host: string, cookie: string): Promise<string> {
  const { text } = await request(port, { path: '/members', headers: { host, cookie } })
  const id = /href="\/members\/(\d+)"/.exec(text)?.[1]
  if (!id) throw new Error('no member card on /members')
  return id
}

/** Seconds from `npm start` (existing .data/, existing build) until /healthz answers. */
async function coldStart(port: number): Promise<number> {
  const run = async () => {
    const started = performance.now()
    // `npm start` as a newcomer runs it: NODE_ENV unset (the typing of ProcessEnv insists on it).
    const env: Record<string, string | undefined> = { ...process.env, PORT: String(port) }
    delete env.NODE_ENV
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], { env: env as unknown as NodeJS.ProcessEnv, stdio: 'ignore' })
    try {
      for (;;) {
        if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`)
        const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.ok, () => false)
        if (ok) return (performance.now() - started) / 1000
        await new Promise((r) => setTimeout(r, 100))
      }
    } finally {
      child.kill('SIGTERM')
      await new Promise((r) => child.once('exit', r))
    }
  }
  await run() // the first start may create .data/ and seed; the second is the cold start
  return run()
}

const ms = (value: number) => `${value.toFixed(1)} ms`

async function benchHttp(): Promise<string> {
  if (isBuildStale()) {
    const build = spawnSync('npx', ['remix', 'vite:build'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } })
    if (build.status !== 0) throw new Error('build failed')
  }
  const bareBuild = spawnSync('npx', ['remix', 'vite:build', '--config', 'bench/bare/vite.config.ts'], { stdio: 'ignore', env: { ...process.env, NODE_ENV: 'production' } })
  if (bareBuild.status !== 0) throw new Error('bare build failed')

  const bare = await startServer('scripts/bench/bare-server.ts', 'bare server on', { BARE_PORT: String(BARE_PORT), NODE_ENV: 'production' })
  let bareRow: Measured
  let bareMemory: { idle: number; loaded: number }
  try {
    const idle = await rssOf(bare.child.pid!)
    const measured = await load(BARE_PORT, { label: 'bare Remix route (constant loader, own app)', path: '/', host: `localhost:${BARE_PORT}` }, bare.child.pid!)
    if (!measured) throw new Error('the bare route answered 404')
    bareRow = measured
    bareMemory = { idle, loaded: await rssOf(bare.child.pid!) }
  } finally {
    await bare.stop()
  }

  const profile = process.argv.includes('--cpu-prof') ? ['--cpu-prof', `--cpu-prof-dir=${path.join(dataDir, 'profiles')}`] : []
  const app = await startServer('scripts/e2e-server.ts', 'e2e server on', { E2E_PORT: String(PORT), SEED_COUNT: String(SEED) }, profile)
  const rows: Measured[] = []
  let memory: { idle: number; loaded: number }
  try {
    const pid = app.child.pid!
    const host = `flirtlokaal.localhost:${PORT}`
    const cookie = await demoSession(PORT, host, 'flirtlokaal')
    const memberId = await firstMemberId(PORT, host, cookie)
    const idle = await rssOf(pid)
    const pages: Page[] = [
      { label: 'GET /api/settings', path: '/api/settings', host },
      { label: '404 page', path: '/no-such-page', host, status: 404 },
      { label: 'home page, logged out', path: '/', host },
      { label: '/members, logged in', path: '/members', host, cookie },
      { label: 'a member profile, logged in', path: `/members/${memberId}`, host, cookie },
      { label: 'a lander (/landers/adultonly)', path: '/landers/adultonly', host, optional: true },
      { label: '/chats, logged in', path: '/chats', host, cookie, optional: true },
    ]
    for (const page of pages) {
      const row = await load(PORT, page, pid)
      if (row) rows.push(row)
    }
    memory = { idle, loaded: await rssOf(pid) }
  } finally {
    await app.stop()
  }
  const cold = SMOKE || process.argv.includes('--no-cold-start') ? null : await coldStart(COLD_PORT)

  const kb = (value: number | null) => (value === null ? '-' : `${value.toFixed(1)} KB`)
  const line = (row: Measured) =>
    `| ${row.label} | ${row.perSecond.toFixed(0)} | ${ms(row.p50)} | ${ms(row.p99)} | ${((row.perSecond / bareRow.perSecond) * 100).toFixed(0)} % | ${row.cpuMs.toFixed(2)} ms | ${kb(row.htmlKb)} | ${kb(row.jsKb)} |`
  return [
    `| HTTP, ${CONNECTIONS} connections, ${DURATION} s each (after 2 s warm-up) | requests/s | p50 | p99 | share of the bare route | Node CPU per request | HTML (gzip) | JS at start (gzip) |`,
    '|---|---|---|---|---|---|---|---|',
    line(bareRow),
    ...rows.map(line),
    '',
    `Server memory (RSS): engine ${memory.idle.toFixed(0)} MiB idle after start, ${memory.loaded.toFixed(0)} MiB after the load; bare app ${bareMemory.idle.toFixed(0)} / ${bareMemory.loaded.toFixed(0)} MiB.`,
    cold === null ? '' : `Cold start of \`npm start\` (existing .data/ and build) until /healthz answers: ${cold.toFixed(1)} s.`,
  ].join('\n')
}

/**
 * The embedded test server of DATA_DIR; right after the browser tests (npm test) their
 * server may still be releasing it, so a failed start is tried again for a while.
 */
async function openServer(): Promise<Awaited<ReturnType<typeof openDatabaseServer>>> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await openDatabaseServer({ purpose: 'test', dataDir })
    } catch (error) {
      if (attempt >= 15) throw error instanceof Error ? error : new Error(`the database server did not start: ${String(error)}`)
      await new Promise((resolve) => setTimeout(resolve, 1000))
    }
  }
}

const server = await openServer()
const database = `dating_bench_${process.pid}`
let queries: string
try {
  await prepareDatabase(server, { database, seed: { count: SEED, mediaDir: path.join(dataDir, 'bench-media') } })
  queries = await benchQueries(server, database)
} finally {
  await dropDatabase(server, database)
  await server.stop()
}
const pages = await benchHttp()

const machine = `${os.cpus().length} x ${os.cpus()[0]?.model.trim()}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB RAM, Node ${process.version}, ${os.platform()} ${os.release()}`
const loadAverage = (label: string, values: number[]) => `${label} ${values.map((v) => v.toFixed(2)).join(', ')}`
const section = `\n## ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC\n\nMachine: ${machine}. Load average (1, 5, 15 min): ${loadAverage('at the start', LOAD_AT_START)}; ${loadAverage('at the end', os.loadavg())}. Database: ${getEnv().DATABASE_URL ? 'DATABASE_URL' : 'embedded Postgres 18'}. Command: \`npm run bench\`.\n\n${queries}\n\n${pages}\n`
console.info(section)
if (!SMOKE) await appendFile('BENCHMARKS.md', section)
process.exit(0)
