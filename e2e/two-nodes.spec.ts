// Several nodes, one configuration: two `npm start`s (scripts/start.ts) with their own PORT
// and DATA_DIR on one database server. Each proposes a different runtime-role password
// from its own secrets.json; the database's stored one wins, so neither node changes the
// role's password, and both keep making new database connections after the other restarts.
// Both keep member photos in one S3 bucket (a local S3-compatible server started here): a
// photo uploaded through one node is served by the other, and only to whom it may see it.
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { spawn, type ChildProcess } from 'node:child_process'
import { copyFile, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { getEnv } from '../app/modules/config/env.server.ts'
import { embeddedOwnerUrl, withDatabase } from '../scripts/lib/database.ts'
import { tinyPng } from '../app/modules/photos/test-images.ts'
import { send } from '../tests/http-app.ts'
import { startLocalS3, type LocalS3 } from '../tests/s3-server.ts'
import { expect, test } from './fixtures.ts'
import { E2E_PORT } from './sites.ts'

const DATABASE = `dating_nodes_${process.pid}`
const PORTS = [E2E_PORT + 10, E2E_PORT + 11] as const

async function serverOwnerUrl(): Promise<string> {
  return getEnv().DATABASE_URL ?? (await embeddedOwnerUrl({ purpose: 'test' }))
}

async function owner<T>(sql: string, database = 'postgres'): Promise<T[]> {
  const client = new pg.Client({ connectionString: withDatabase(await serverOwnerUrl(), database) })
  await client.connect()
  try {
    return (await client.query(sql)).rows as T[]
  } finally {
    await client.end()
  }
}

type Node = { port: number; dataDir: string; child?: ChildProcess; log: string[]; env?: Record<string, string> }

async function start(node: Node, ownerUrl: string): Promise<void> {
  // A demo on an external database (NODE_ENV unset): the role is the app's to manage.
  const env: Record<string, string | undefined> = { ...process.env, DATABASE_URL: withDatabase(ownerUrl, DATABASE), PORT: String(node.port), HOST: '127.0.0.1', DATA_DIR: node.dataDir, SEED_DEMO: 'false', SHUTDOWN_GRACE_SECONDS: '2', ...node.env }
  for (const name of ['NODE_ENV', 'APP_DATABASE_URL', 'SMTP_URL']) delete env[name]
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], { env: env as NodeJS.ProcessEnv, stdio: ['ignore', 'pipe', 'pipe'] })
  node.child = child
  child.stdout!.on('data', (chunk: Buffer) => node.log.push(chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => node.log.push(chunk.toString()))
  const deadline = Date.now() + 150_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`node on ${node.port} exited:\n${node.log.join('')}`)
    const ok = await fetch(`http://127.0.0.1:${node.port}/healthz`).then((r) => r.ok, () => false)
    if (ok) return
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  throw new Error(`node on ${node.port} did not start:\n${node.log.join('')}`)
}

async function stop(node: Node): Promise<number | null> {
  const child = node.child
  if (!child || child.exitCode !== null) return child?.exitCode ?? null
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  child.kill('SIGTERM')
  return exited
}

/** A page that reads members from the database, through the node's runtime-role pool. */
async function frontPage(node: Node): Promise<number> {
  const response = await send(node.port, { path: '/', site: 'flirtlokaal' }).catch(() => null)
  return response?.status ?? 0
}

/** Ends the runtime role's connections to the database: the next request must log in anew. */
async function dropAppConnections(): Promise<void> {
  await owner(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = 'dating_app' AND datname = '${DATABASE}'`)
  // Let the pools notice their connections are gone (they drop them on the error event).
  await new Promise((resolve) => setTimeout(resolve, 300))
}

async function rolePassword(): Promise<string | null> {
  const rows = await owner<{ rolpassword: string | null }>(`SELECT rolpassword FROM pg_authid WHERE rolname = 'dating_app'`)
  return rows[0]?.rolpassword ?? null
}

/** A member of flirtlokaal with a session, written as the owner (the nodes seed nothing). */
async function memberWithSession(name: string): Promise<{ profileId: number; cookie: string }> {
  const client = new pg.Client({ connectionString: withDatabase(await serverOwnerUrl(), DATABASE) })
  await client.connect()
  try {
    await client.query('BEGIN')
    await client.query(`SELECT set_config('app.tenant_id', 'flirtlokaal', true), set_config('app.pool_id', 'benelux', true)`)
    const userId = randomUUID()
    await client.query(`INSERT INTO "User" (id, "poolId", "tenantId", email, status) VALUES ($1, 'benelux', 'flirtlokaal', $2, 'active')`, [userId, `${name.toLowerCase()}.${process.pid}@example.test`])
    const profile = await client.query<{ id: number }>(
      `INSERT INTO "Profile" ("poolId", "tenantId", "userId", name, gender, "birthDate", country, status) VALUES ('benelux', 'flirtlokaal', $1, $2, 'woman', '1990-05-17', 'NL', 'active') RETURNING id`,
      [userId, name],
    )
    const raw = randomBytes(32).toString('base64url')
    const id = createHash('sha256').update(raw).digest('hex')
    await client.query(`INSERT INTO "Session" (id, "poolId", "tenantId", "userId", "expiresAt") VALUES ($1, 'benelux', 'flirtlokaal', $2, now() + interval '1 day')`, [id, userId])
    await client.query('COMMIT')
    return { profileId: profile.rows[0]!.id, cookie: `sid=${raw}` }
  } finally {
    await client.end()
  }
}

/** Uploads a photo through one node's /profile/photos; returns its URLs from the page. */
async function uploadThrough(node: Node, cookie: string): Promise<{ url: string; thumbUrl: string }> {
  const form = new FormData()
  form.append('intent', 'upload')
  form.append('photos', new File([new Uint8Array(await tinyPng())], 'node.png', { type: 'image/png' }))
  const multipart = new Request('http://localhost/', { method: 'POST', body: form })
  const upload = await send(node.port, {
    method: 'POST',
    path: '/profile/photos',
    cookie,
    headers: { 'content-type': multipart.headers.get('content-type')!, origin: `http://flirtlokaal.localhost:${node.port}` },
    body: Buffer.from(await multipart.arrayBuffer()),
  })
  expect(upload.status, upload.body.slice(0, 500)).toBeLessThan(400)
  const page = await send(node.port, { path: '/profile/photos', cookie })
  const thumbUrl = page.body.match(/\/media\/[0-9a-f]{2}\/[0-9a-f-]{36}_t\.webp/)?.[0]
  expect(thumbUrl, 'the photos page links the upload').toBeDefined()
  return { url: thumbUrl!.replace('_t.webp', '.webp'), thumbUrl: thumbUrl! }
}

test('two nodes on one database both keep their connections when either restarts', async () => {
  test.setTimeout(420_000)
  const ownerUrl = await serverOwnerUrl()
  await owner(`DROP DATABASE IF EXISTS "${DATABASE}" WITH (FORCE)`)
  const s3: LocalS3 = await startLocalS3('two-nodes')
  const nodes: Node[] = []
  for (const port of PORTS) nodes.push({ port, dataDir: await mkdtemp(path.join(tmpdir(), `node-${port}-`)), log: [], env: s3.env })
  const [a, b] = nodes as [Node, Node]
  // Node A proposes the password this server's role already has (the e2e server's own
  // DATA_DIR); node B brings a secrets.json of its own with another proposal.
  await copyFile(path.resolve(getEnv().DATA_DIR, 'secrets.json'), path.join(a.dataDir, 'secrets.json'))
  try {
    await start(a, ownerUrl)
    const before = await rolePassword()
    await start(b, ownerUrl)
    expect(await rolePassword()).toBe(before)
    expect(await frontPage(a)).toBe(200)
    expect(await frontPage(b)).toBe(200)
    expect(a.log.join('')).toContain('member photos: S3 bucket two-nodes')

    // One bucket: uploaded through A (disk of neither node), served by B to the owner only
    // while under inspection; to anyone once approved.
    const member = await memberWithSession('Nodine')
    const photo = await uploadThrough(a, member.cookie)
    expect(photo.url).toMatch(/^\/media\/[0-9a-f]{2}\/[0-9a-f-]{36}\.webp$/)
    const fromB = await send(b.port, { path: photo.url, cookie: member.cookie })
    expect(fromB.status).toBe(200)
    expect(fromB.headers['cache-control']).toBe('private, no-store')
    expect(fromB.headers['content-type']).toBe('image/webp')
    expect((await send(b.port, { path: photo.url })).status).toBe(404)
    expect((await send(b.port, { path: photo.thumbUrl, site: 'datedichtbij' })).status).toBe(404)
    expect((await send(b.port, { path: photo.url, site: 'datevibe', cookie: member.cookie })).status).toBe(404)
    await owner(`SELECT set_config('app.pool_id', 'benelux', true); UPDATE "Photo" SET status = 'active' WHERE "profileId" = ${member.profileId}`, DATABASE)
    const approved = await send(b.port, { path: photo.thumbUrl, site: 'datedichtbij' })
    expect(approved.status).toBe(200)
    expect(approved.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect((await send(a.port, { path: photo.url, site: 'datevibe' })).status).toBe(404)

    for (const [restarted, other] of [[b, a], [a, b]] as const) {
      expect(await stop(restarted), restarted.log.join('')).toBe(0)
      expect(restarted.log.join('')).toContain('draining requests')
      await start(restarted, ownerUrl)
      expect(await rolePassword()).toBe(before)
      await dropAppConnections()
      expect(await frontPage(other)).toBe(200)
      expect(await frontPage(restarted)).toBe(200)
    }
  } finally {
    for (const node of nodes) await stop(node)
    await owner(`DROP DATABASE IF EXISTS "${DATABASE}" WITH (FORCE)`).catch(() => undefined)
    for (const node of nodes) await rm(node.dataDir, { recursive: true, force: true })
    await s3.close()
  }
})
