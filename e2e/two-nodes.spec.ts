// Several nodes, one configuration: two `npm start`s (scripts/start.ts) with their own PORT
// and DATA_DIR on one database server. Each proposes a different runtime-role password
// from its own secrets.json; the database's stored one wins, so neither node changes the
// role's password, and both keep making new database connections after the other restarts.
import { spawn, type ChildProcess } from 'node:child_process'
import { copyFile, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { getEnv } from '../app/modules/config/env.server.ts'
import { embeddedOwnerUrl, withDatabase } from '../scripts/lib/database.ts'
import { send } from '../tests/http-app.ts'
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

type Node = { port: number; dataDir: string; child?: ChildProcess; log: string[] }

async function start(node: Node, ownerUrl: string): Promise<void> {
  // A demo on an external database (NODE_ENV unset): the role is the app's to manage.
  const env: Record<string, string | undefined> = { ...process.env, DATABASE_URL: withDatabase(ownerUrl, DATABASE), PORT: String(node.port), HOST: '127.0.0.1', DATA_DIR: node.dataDir, SEED_DEMO: 'false', SHUTDOWN_GRACE_SECONDS: '2' }
  for (const name of ['NODE_ENV', 'APP_DATABASE_URL', 'OPERATOR_PASSWORD', 'SMTP_URL']) delete env[name]
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

test('two nodes on one database both keep their connections when either restarts', async () => {
  test.setTimeout(420_000)
  const ownerUrl = await serverOwnerUrl()
  await owner(`DROP DATABASE IF EXISTS "${DATABASE}" WITH (FORCE)`)
  const nodes: Node[] = []
  for (const port of PORTS) nodes.push({ port, dataDir: await mkdtemp(path.join(tmpdir(), `node-${port}-`)), log: [] })
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
  }
})
