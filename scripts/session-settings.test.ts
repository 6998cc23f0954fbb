// The runtime role never sets anything for its session (docs/operations.md): behind
// PgBouncer in transaction mode a server connection passes from client to client between
// transactions, so a session-level `SET` or `set_config(..., false)` of one request would
// scope the next client's queries (another site's rows). Only `set_config(..., true)` /
// `SET LOCAL`, which end with their transaction, are allowed. The second test shows the
// leak itself through a real PgBouncer when the machine has one.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { describe, expect, it } from 'vitest'

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) return name === 'generated' || name === 'node_modules' ? [] : files(full)
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : []
  })
}

/** Session-level settings in SQL the app runs: set_config(..., false) and a statement beginning with SET (not SET LOCAL). */
export function sessionSettings(source: string): string[] {
  const found: string[] = []
  for (const match of source.matchAll(/set_config\s*\(([^()]|\([^()]*\))*?,\s*false\s*\)/gi)) found.push(match[0])
  // A SQL string (template or quoted) that starts with SET: UPDATE ... SET is not one.
  const opener = String.raw`(?:query|\$executeRaw(?:Unsafe)?|\$queryRaw(?:Unsafe)?)\s*(?:\(\s*)?[\u0060'"]\s*`
  for (const match of source.matchAll(new RegExp(`${opener}SET\\s+(?!LOCAL\\b|TRANSACTION\\b|CONSTRAINTS\\b)(SESSION\\s+)?[a-z_."]+\\s*(=|TO\\b)`, 'gi'))) found.push(match[0])
  for (const match of source.matchAll(new RegExp(`${opener}RESET\\s+[a-z_."]+`, 'gi'))) found.push(match[0])
  return found
}

describe('no session-level settings on the runtime role', () => {
  it('finds them in a sample, and none in app/ and server/', () => {
    expect(sessionSettings("await tx.$queryRaw`SELECT set_config('app.tenant_id', ${id}, false)`")).toHaveLength(1)
    expect(sessionSettings("client.query(`SET app.tenant_id = 'x'`)")).toHaveLength(1)
    expect(sessionSettings("client.query('SET SESSION statement_timeout TO 5')")).toHaveLength(1)
    expect(sessionSettings("await tx.$queryRaw`SELECT set_config('app.tenant_id', ${id}, true)`")).toEqual([])
    expect(sessionSettings("client.query(`SET LOCAL app.tenant_id = 'x'`)")).toEqual([])
    expect(sessionSettings('tx.$executeRaw`UPDATE "User" SET credits = credits - 1`')).toEqual([])
    const offenders = [...files('app'), ...files('server')].flatMap((file) => sessionSettings(readFileSync(file, 'utf8')).map((hit) => `${file}: ${hit}`))
    expect(offenders).toEqual([])
  })
})

const pgbouncer = ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer'].find((p) => existsSync(p))

describe.runIf(pgbouncer)('through PgBouncer in transaction mode', () => {
  it('a session-level setting leaks to the next client; a transaction-level one does not', async () => {
    const app = new URL(process.env.APP_DATABASE_URL!)
    const dir = await mkdtemp(path.join(tmpdir(), 'pgbouncer-'))
    const port = Number(process.env.EMBEDDED_PG_PORT ?? 54330) + 5
    const user = decodeURIComponent(app.username)
    await writeFile(path.join(dir, 'users.txt'), `"${user}" "${decodeURIComponent(app.password)}"\n`)
    await writeFile(
      path.join(dir, 'pgbouncer.ini'),
      `[databases]\n* = host=${app.hostname} port=${app.port}\n[pgbouncer]\nlisten_addr = 127.0.0.1\nlisten_port = ${port}\nunix_socket_dir =\nauth_type = plain\nauth_file = ${path.join(dir, 'users.txt')}\npool_mode = transaction\ndefault_pool_size = 1\nignore_startup_parameters = extra_float_digits,options\nlogfile = ${path.join(dir, 'log')}\n`,
    )
    if (process.getuid?.() === 0) spawnSync('chown', ['-R', 'postgres', dir])
    const bouncer = spawn(pgbouncer!, process.getuid?.() === 0 ? ['-u', 'postgres', path.join(dir, 'pgbouncer.ini')] : [path.join(dir, 'pgbouncer.ini')], { stdio: 'ignore' })
    try {
      const url = `postgresql://${app.username}:${app.password}@127.0.0.1:${port}${app.pathname}`
      const client = async () => {
        for (let i = 0; i < 50; i++) {
          const c = new pg.Client({ connectionString: url })
          try {
            await c.connect()
            return c
          } catch {
            await new Promise((r) => setTimeout(r, 100))
          }
        }
        throw new Error('pgbouncer did not answer')
      }
      const a = await client()
      const b = await client()
      // One server connection (default_pool_size = 1): A's session setting is B's now.
      await a.query(`SELECT set_config('app.tenant_id', 'site-of-a', false)`)
      const leaked = await b.query<{ v: string | null }>(`SELECT current_setting('app.tenant_id', true) AS v`)
      expect(leaked.rows[0]!.v).toBe('site-of-a')
      await a.query(`SELECT set_config('app.tenant_id', '', false)`)
      // Transaction-level: gone when A's transaction ends.
      await a.query('BEGIN')
      await a.query(`SELECT set_config('app.tenant_id', 'site-of-a', true)`)
      await a.query('COMMIT')
      const clean = await b.query<{ v: string | null }>(`SELECT current_setting('app.tenant_id', true) AS v`)
      expect(clean.rows[0]!.v ?? '').toBe('')
      await Promise.all([a.end(), b.end()])
    } finally {
      bouncer.kill('SIGTERM')
      await rm(dir, { recursive: true, force: true })
    }
  }, 30_000)
})
