// `npm run bench:chat`: live chat delivery across two app nodes. Node A (the e2e server:
// a fresh database, the production build) and node B (scripts/e2e-node.ts: the same
// database and Redis, another port). N members hold an event stream (/api/events) open on
// node B; paying senders post messages through node A's chat form, one in flight per
// recipient, `--concurrency` at a time. Delivery latency: from the send request leaving
// the client until the recipient's stream on the other node carries the `message` event
// (the transaction, the commit, the Redis publish, node B's fan-out). Appends the figures
// to BENCHMARKS.md with the machine and the command.
//
// Flags: --members 100,1000 (the N to run), --seconds 10 (per phase and N), --rate 20
// (paced phase: sends per second, latency without a queue in front of node A),
// --concurrency 20 (burst phase: sends in flight, the throughput), --senders 20,
// --no-write (print only), --cpu-prof (node A writes a CPU profile to <DATA_DIR>/profiles).
// REDIS_URL is required: without Redis two nodes cannot tell each other anything.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { appendFile, readFile } from 'node:fs/promises'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { getEnv } from '../app/modules/config/env.server.ts'
import { createSession } from '../app/modules/auth/session.server.ts'
import { changeCredits } from '../app/modules/credits/ledger.server.ts'
import { createDb, type Db } from '../app/modules/db/client.server.ts'
import { withScope, type Scope } from '../app/modules/db/scoped.server.ts'
import { isBuildStale } from './lib/build-state.ts'

function flag(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`)
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback
}
const positive = (name: string, value: string) => {
  const n = Number(value)
  if (!Number.isInteger(n) || n <= 0) throw new Error(`--${name} must be a positive whole number, got ${value}`)
  return n
}

if (!process.env.REDIS_URL) {
  console.error('bench:chat needs REDIS_URL (e.g. REDIS_URL=redis://127.0.0.1:6379/1 npm run bench:chat): the two app nodes deliver to each other through Redis pub/sub.')
  process.exit(2)
}

const SIZES = flag('members', '100,1000').split(',').map((v) => positive('members', v))
const SECONDS = positive('seconds', flag('seconds', '10'))
const CONCURRENCY = positive('concurrency', flag('concurrency', '20'))
const SENDERS = positive('senders', flag('senders', '20'))
const RATE = positive('rate', flag('rate', '20'))
const WRITE = !process.argv.includes('--no-write')
/** Other work on the machine (1, 5, 15 min): the figures mean little when it is busy. */
const LOAD = os.loadavg().map((l) => l.toFixed(1)).join(' / ')
const BASE = getEnv().E2E_PORT + 40
const PORT_A = BASE
const PORT_B = BASE + 2 // BASE + 1 is node A's mail API
const SCOPE: Scope = { tenantId: 'flirtlokaal', poolId: 'benelux' }
const hostA = `flirtlokaal.localhost:${PORT_A}`
const hostB = `flirtlokaal.localhost:${PORT_B}`
const dataDir = path.resolve(getEnv().DATA_DIR)

type Node = { child: ChildProcess; stop: () => Promise<void> }

function startNode(args: string[], ready: string, env: Record<string, string>, nodeFlags: string[] = []): Promise<Node> {
  const child = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] })
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes(ready)) resolve({ child, stop: () => stopNode(child) })
    })
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}`)))
  })
}

async function stopNode(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return
  const exited = new Promise((r) => child.once('exit', r))
  child.kill('SIGTERM')
  await exited
}

type Member = { userId: string; profileId: number; cookie: string }

/** N members of flirtlokaal, active, each with a session; senders are premium with credits to spare. */
async function createMembers(db: Db, count: number, prefix: string, sender: boolean): Promise<Member[]> {
  const members: Member[] = []
  const batch = 10
  for (let start = 0; start < count; start += batch) {
    const made = await Promise.all(
      Array.from({ length: Math.min(batch, count - start) }, (_, k) =>
        withScope(db, SCOPE, async (tx) => {
          const i = start + k
          const user = await tx.user.create({ data: { poolId: SCOPE.poolId, tenantId: SCOPE.tenantId, email: `${prefix}${i}.${process.pid}@bench.test`, status: 'active', paidUser: sender }, select: { id: true } })
          const profile = await tx.profile.create({
            data: { poolId: SCOPE.poolId, tenantId: SCOPE.tenantId, userId: user.id, name: `${prefix} ${i}`, gender: sender ? 'man' : 'woman', birthDate: new Date('1990-01-01'), country: 'NL', status: 'active' },
            select: { id: true },
          })
          if (sender) await changeCredits(tx, SCOPE, { userId: user.id, delta: 10_000_000, reason: 'bonus' })
          const sid = await createSession(tx, { ...SCOPE, userId: user.id })
          return { userId: user.id, profileId: profile.id, cookie: `sid=${sid}` }
        }, { maxWait: 60_000, timeout: 60_000 }),
      ),
    )
    members.push(...made)
  }
  return members
}

type Stream = { close: () => void }

/** An /api/events stream on node B; calls `onMessage(from)` for each `message` event. */
function openStream(member: Member, onMessage: (from: number) => void): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port: PORT_B, path: '/api/events', agent: false, headers: { host: hostB, cookie: member.cookie, accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) {
        reject(new Error(`/api/events answered ${res.statusCode}`))
        res.resume()
        return
      }
      let buffer = ''
      let connected = false
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => {
        buffer += chunk
        let end: number
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          if (!connected && block.includes(': connected')) {
            connected = true
            resolve({ close: () => req.destroy() })
          }
          if (block.startsWith('event: message')) {
            const data = /\ndata: (.*)/.exec(block)?.[1]
            if (data) onMessage((JSON.parse(data) as { from: number }).from)
          }
        }
      })
    })
    req.on('error', reject)
  })
}

const sendAgent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY })

/** One message through node A's chat form; resolves with the HTTP status (302 when sent). */
function send(sender: Member, recipientId: number, body: string): Promise<number> {
  const form = new URLSearchParams({ body }).toString()
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: PORT_A,
        method: 'POST',
        path: `/members/${recipientId}/chat`,
        agent: sendAgent,
        headers: { host: hostA, origin: `http://${hostA}`, cookie: sender.cookie, 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(form) },
      },
      (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode ?? 0))
      },
    )
    req.on('error', reject)
    req.end(form)
  })
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN


type Phase = { sends: number; failed: number; seconds: number; latencies: number[]; sendTimes: number[] }

/**
 * Sends for SECONDS: `rate` per second (paced: latency without queueing in front of the
 * node), or as fast as `concurrency` requests in flight allow (throughput). One send in
 * flight per recipient, so each event answers exactly one send.
 */
async function phase(senders: Member[], recipients: Member[], pending: Map<number, number[]>, latencies: number[], mode: { rate: number } | { concurrency: number }): Promise<Phase> {
  const sendTimes: number[] = []
  let sends = 0
  let failed = 0
  let next = 0
  const busy = new Set<number>()
  const started = performance.now()
  const deadline = started + SECONDS * 1000
  const before = latencies.length
  const one = async (sender: Member) => {
    let recipient = recipients[next++ % recipients.length]!
    for (let tries = 0; busy.has(recipient.profileId) && tries < recipients.length; tries++) recipient = recipients[next++ % recipients.length]!
    if (busy.has(recipient.profileId)) return
    busy.add(recipient.profileId)
    const t0 = performance.now()
    const queue = pending.get(recipient.profileId) ?? []
    queue.push(t0)
    pending.set(recipient.profileId, queue)
    const status = await send(sender, recipient.profileId, `bench ${sends}`)
    sendTimes.push(performance.now() - t0)
    sends++
    if (status !== 302) {
      failed++
      queue.splice(queue.indexOf(t0), 1)
    }
    busy.delete(recipient.profileId)
  }
  if ('rate' in mode) {
    const inFlight: Promise<void>[] = []
    for (let i = 0; performance.now() < deadline; i++) {
      inFlight.push(one(senders[i % senders.length]!))
      const due = started + ((i + 1) * 1000) / mode.rate
      await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())))
    }
    await Promise.all(inFlight)
  } else {
    // Each worker its own sender: one member does not send 20 at once (their account row would serialise them).
    const worker = async (w: number) => {
      while (performance.now() < deadline) await one(senders[w % senders.length]!)
    }
    await Promise.all(Array.from({ length: mode.concurrency }, (_, w) => worker(w)))
  }
  const seconds = (performance.now() - started) / 1000
  // Stragglers: wait up to 5 s for events still on their way.
  const waitUntil = performance.now() + 5000
  while (latencies.length - before < sends - failed && performance.now() < waitUntil) await new Promise((r) => setTimeout(r, 20))
  return { sends, failed, seconds, latencies: latencies.slice(before).sort((a, b) => a - b), sendTimes: sendTimes.sort((a, b) => a - b) }
}

type Result = { members: number; connectSeconds: number; paced: Phase; burst: Phase }

async function run(db: Db, senders: Member[], count: number): Promise<Result> {
  const recipients = await createMembers(db, count, `Ontvanger${count}-`, false)
  // Per recipient, the start times of sends not yet delivered (FIFO: one channel, in order).
  const pending = new Map<number, number[]>()
  const latencies: number[] = []
  const streams: Stream[] = []
  const connectStarted = performance.now()
  for (let i = 0; i < recipients.length; i += 50) {
    const batch = recipients.slice(i, i + 50)
    streams.push(
      ...(await Promise.all(
        batch.map((r) =>
          openStream(r, () => {
            const started = pending.get(r.profileId)?.shift()
            if (started !== undefined) latencies.push(performance.now() - started)
          }),
        ),
      )),
    )
  }
  const connectSeconds = (performance.now() - connectStarted) / 1000
  const paced = await phase(senders, recipients, pending, latencies, { rate: RATE })
  const burst = await phase(senders, recipients, pending, latencies, { concurrency: CONCURRENCY })
  for (const s of streams) s.close()
  return { members: count, connectSeconds, paced, burst }
}

if (isBuildStale()) {
  const build = spawnSync('npx', ['remix', 'vite:build'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } })
  if (build.status !== 0) throw new Error('build failed')
}

// The chat's abuse limits are per account and per IP; every sender here is one IP and a few
// accounts, so they are raised for this run (tuning, the limits stay on).
const limits = 'message_account=9999999/600,message_ip=9999999/600,signup_ip=500/600,signup_domain=9999999/3600'
// --cpu-prof: node A (the sending side) writes a CPU profile to <DATA_DIR>/profiles.
const profile = process.argv.includes('--cpu-prof') ? ['--cpu-prof', `--cpu-prof-dir=${path.join(dataDir, 'profiles')}`] : []
const nodeA = await startNode(['scripts/e2e-server.ts'], 'e2e server on', { E2E_PORT: String(PORT_A), SEED_COUNT: '10', RATE_LIMITS: limits, RATE_LIMIT_NAMESPACE: `bench_chat_${process.pid}` }, profile)
let nodeB: Node | null = null
const results: Result[] = []
let db: Db | null = null
try {
  nodeB = await startNode(['scripts/e2e-node.ts', String(PORT_B)], 'e2e node on', {})
  const info = JSON.parse(await readFile(path.join(dataDir, 'e2e', 'node.json'), 'utf8')) as { env: Record<string, string> }
  db = createDb(info.env.APP_DATABASE_URL!, 10)
  const senders = await createMembers(db, SENDERS, 'Afzender', true)
  for (const size of SIZES) {
    const result = await run(db, senders, size)
    results.push(result)
    for (const [name, p] of [['paced', result.paced], ['burst', result.burst]] as const) {
      console.info(
        `N=${size} ${name}: ${p.sends} sends in ${p.seconds.toFixed(1)} s (${(p.sends / p.seconds).toFixed(0)}/s), ${p.latencies.length} delivered, ${p.failed} refused; ` +
          `delivery p50 ${percentile(p.latencies, 50).toFixed(1)} ms, p95 ${percentile(p.latencies, 95).toFixed(1)} ms; send request p50 ${percentile(p.sendTimes, 50).toFixed(1)} ms, p95 ${percentile(p.sendTimes, 95).toFixed(1)} ms`,
      )
    }
  }
} finally {
  await db?.$disconnect()
  if (nodeB) await nodeB.stop()
  await nodeA.stop()
  sendAgent.destroy()
}

const machine = `${os.cpus().length} x ${os.cpus()[0]?.model.trim()}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB RAM, Node ${process.version}, ${os.platform()} ${os.release()}`
const command = `npm run bench:chat -- ${process.argv.slice(2).join(' ')}`.trim().replace(/ --$/, '')
const ms = (v: number) => `${v.toFixed(1)} ms`
const section = [
  '',
  `## ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: chat delivery across two nodes`,
  '',
  `Machine: ${machine}; load average before the run ${LOAD}. Embedded Postgres 18, Redis (${new URL(process.env.REDIS_URL).host}). Command: \`${command}\` (per N: ${SECONDS} s paced at ${RATE} sends/s, then ${SECONDS} s with ${CONCURRENCY} sends in flight; ${SENDERS} premium senders).`,
  "Members hold /api/events open on node B; messages are posted to node A's chat form; delivery latency is from the send request leaving the client to the event on the other node's stream.",
  '',
  '| connected members (node B) | phase | sends/s (node A) | delivered / sent | delivery p50 | delivery p95 | delivery p99 | send request p50 | send request p95 | streams opened in |',
  '|---|---|---|---|---|---|---|---|---|---|',
  ...results.flatMap((r) =>
    ([['paced', r.paced], ['burst', r.burst]] as const).map(
      ([name, p]) =>
        `| ${r.members} | ${name === 'paced' ? `paced, ${RATE}/s` : `${CONCURRENCY} in flight`} | ${(p.sends / p.seconds).toFixed(0)} | ${p.latencies.length} / ${p.sends - p.failed}${p.failed ? ` (${p.failed} refused)` : ''} | ${ms(percentile(p.latencies, 50))} | ${ms(percentile(p.latencies, 95))} | ${ms(percentile(p.latencies, 99))} | ${ms(percentile(p.sendTimes, 50))} | ${ms(percentile(p.sendTimes, 95))} | ${r.connectSeconds.toFixed(1)} s |`,
    ),
  ),
  '',
].join('\n')
console.info(section)
if (WRITE) await appendFile('BENCHMARKS.md', section)
process.exit(0)
