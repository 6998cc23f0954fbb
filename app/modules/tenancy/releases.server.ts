// Tenant configuration has one source of truth that every node loads by version (issue 24,
// docs/decisions/057). The release step (`npm run setup`) and the development file watch
// validate the tenant files and write them, all sites together, as one numbered release
// into `dating_config.tenant_release` (owner-written, runtime-role-readable). Nodes never
// read tenants/ to serve: they load a release by its version at start, when another node
// announces a newer one on the bus, and when a periodic check finds one it missed. So the
// files of one node and the configuration of another cannot drift apart.
import { createHash } from 'node:crypto'
import type { Db } from '../db/client.server.ts'
import type { ScopedTx } from '../db/scoped.server.ts'
import { checkTenantConfig, checkTenantSet, TenantConfigError, type LoadedTenant } from './load-tenants.server.ts'

export const RELEASE_SCHEMA = 'dating_config'
export const RELEASE_TABLE = `${RELEASE_SCHEMA}.tenant_release`

type Sql = { query(text: string): Promise<unknown> }

/** Creates the release store (as the owner); idempotent. Only the owner writes it. */
export async function ensureReleaseStore(client: Sql): Promise<void> {
  await client.query(`CREATE SCHEMA IF NOT EXISTS ${RELEASE_SCHEMA}`)
  await client.query(`REVOKE ALL ON SCHEMA ${RELEASE_SCHEMA} FROM PUBLIC`)
  await client.query(
    `CREATE TABLE IF NOT EXISTS ${RELEASE_TABLE} (version bigint PRIMARY KEY CHECK (version > 0), digest text NOT NULL, configs jsonb NOT NULL, created_at timestamptz NOT NULL DEFAULT now())`,
  )
}

/** The runtime role reads releases, never writes them. */
export async function grantReleaseStore(client: Sql, quotedRole: string): Promise<void> {
  await client.query(`GRANT USAGE ON SCHEMA ${RELEASE_SCHEMA} TO ${quotedRole}`)
  await client.query(`REVOKE ALL ON TABLE ${RELEASE_TABLE} FROM ${quotedRole}`)
  await client.query(`GRANT SELECT ON TABLE ${RELEASE_TABLE} TO ${quotedRole}`)
}

type Entry = { file: string; config: unknown }

/**
 * Every rule of the tenant files (schema, slug = file name, known theme, unique domains,
 * partner sites) checked again on what is about to be released: a bad configuration is
 * refused before it reaches the table, whoever hands it in.
 */
export function checkRelease(tenants: readonly LoadedTenant[], themes: readonly string[]): LoadedTenant[] {
  return parseEntries(
    tenants.map((t) => toEntry(t)),
    themes,
  )
}

function toEntry(tenant: LoadedTenant): Entry {
  const { file, ...config } = tenant
  return { file, config }
}

function parseEntries(entries: readonly Entry[], themes: readonly string[]): LoadedTenant[] {
  const problems: string[] = []
  const tenants: LoadedTenant[] = []
  for (const entry of entries) {
    const result = checkTenantConfig(entry.file, entry.config, themes)
    problems.push(...result.problems)
    if (result.tenant && result.problems.length === 0) tenants.push(result.tenant)
  }
  if (entries.length === 0) problems.push('the release has no sites')
  problems.push(...checkTenantSet(tenants))
  if (problems.length > 0) throw new TenantConfigError(problems)
  return tenants
}

/** JSON with every object's keys sorted: the order a config was written in does not count. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined)
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`)
      .join(',')}}`
  }
  return JSON.stringify(value)
}

/** The same configuration gives the same digest (sites in file order, keys sorted). */
function digestOf(entries: readonly Entry[]): string {
  return createHash('sha256').update(canonical(entries)).digest('hex')
}

/**
 * Writes `tenants` as the next release inside the owner's sync transaction and returns its
 * version; an unchanged configuration keeps the latest version (no new release).
 */
export async function writeRelease(tx: ScopedTx, tenants: readonly LoadedTenant[], themes: readonly string[]): Promise<number> {
  const checked = checkRelease(tenants, themes)
  const entries = checked.map(toEntry).sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0))
  const digest = digestOf(entries)
  await ensureReleaseStore({ query: (text) => tx.$executeRawUnsafe(text) })
  const [latest] = await tx.$queryRawUnsafe<{ version: bigint; digest: string }[]>(`SELECT version, digest FROM ${RELEASE_TABLE} ORDER BY version DESC LIMIT 1`)
  if (latest && latest.digest === digest) return Number(latest.version)
  const version = Number(latest?.version ?? 0n) + 1
  await tx.$executeRawUnsafe(`INSERT INTO ${RELEASE_TABLE} (version, digest, configs) VALUES ($1, $2, $3::jsonb)`, version, digest, JSON.stringify(entries))
  return version
}

export type Release = { version: number; tenants: LoadedTenant[] }

/** Whether the store exists (a database that `npm run setup` has not released to yet has none). */
async function hasStore(db: Db): Promise<boolean> {
  const [row] = await db.$queryRawUnsafe<{ present: boolean }[]>(`SELECT to_regclass('${RELEASE_TABLE}') IS NOT NULL AS present`)
  return row?.present === true
}

/** The newest release's version, or 0 when there is none. */
export async function latestReleaseVersion(db: Db): Promise<number> {
  if (!(await hasStore(db))) return 0
  const [row] = await db.$queryRawUnsafe<{ version: bigint | null }[]>(`SELECT max(version) AS version FROM ${RELEASE_TABLE}`)
  return Number(row?.version ?? 0n)
}

/**
 * Release `version` (the newest without one), checked against this code's schema as it is
 * read; null when the database has no release yet.
 */
export async function readRelease(db: Db, themes: readonly string[], version?: number): Promise<Release | null> {
  if (!(await hasStore(db))) return null
  const rows =
    version === undefined
      ? await db.$queryRawUnsafe<{ version: bigint; configs: Entry[] }[]>(`SELECT version, configs FROM ${RELEASE_TABLE} ORDER BY version DESC LIMIT 1`)
      : await db.$queryRawUnsafe<{ version: bigint; configs: Entry[] }[]>(`SELECT version, configs FROM ${RELEASE_TABLE} WHERE version = $1`, version)
  const row = rows[0]
  if (!row) return null
  return { version: Number(row.version), tenants: parseEntries(row.configs, themes) }
}
