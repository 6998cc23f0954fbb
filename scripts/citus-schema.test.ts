// Ready to shard by pool (docs/operations.md, "Past one Postgres"): on the migrated schema,
// the rules Citus enforces for co-located distributed tables. Every table is a reference
// table (copied to every worker) or distributed by "poolId"; for a distributed table every
// primary key and unique constraint includes "poolId", and every foreign key to another
// distributed table includes "poolId" on both sides; no reference table points at a
// distributed one. The tables not converted yet by the pool-column migration (issue 24,
// decision 056) are listed as known gaps; a new table that breaks a rule fails here, and so
// does a listed table that no longer breaks any (take it off the list).
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * Copied to every worker: sites, pools, catalogues, node-local stores, operators. The
 * operators' audit trail is network-wide (an invite or a login belongs to no pool), append
 * only and small: a reference table too (decision 056).
 */
const REFERENCE = new Set(['Pool', 'Tenant', 'RateLimit', 'Operator', 'OperatorSession', 'OperatorAudit', 'DiscountCode', 'CannedReply', 'LanderStat'])

/**
 * Not co-located yet: none since the pool-column migration (decision 056). A table that
 * cannot keep the rules for a while is listed here, with the reason, until it does.
 */
const KNOWN_GAPS = new Set<string>([])

type Constraint = { table: string; name: string; type: 'p' | 'u' | 'f'; columns: string[]; refTable: string | null; refColumns: string[] | null }

let client: pg.Client
let tables: string[] = []
let poolColumn = new Set<string>()
let constraints: Constraint[] = []
let uniqueIndexes: { table: string; name: string; columns: string[] }[] = []

beforeAll(async () => {
  client = new pg.Client({ connectionString: process.env.TEST_OWNER_DATABASE_URL })
  await client.connect()
  tables = (await client.query<{ t: string }>(`SELECT c.relname AS t FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND c.relname <> '_prisma_migrations' ORDER BY 1`)).rows.map((r) => r.t)
  poolColumn = new Set((await client.query<{ t: string }>(`SELECT table_name AS t FROM information_schema.columns WHERE table_schema = 'public' AND column_name = 'poolId'`)).rows.map((r) => r.t))
  constraints = (
    await client.query<Constraint>(`
      SELECT c.conrelid::regclass::text AS table, c.conname AS name, c.contype AS type,
             array(SELECT a.attname::text FROM unnest(c.conkey) WITH ORDINALITY AS k(num, ord) JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.num ORDER BY k.ord) AS columns,
             CASE WHEN c.contype = 'f' THEN c.confrelid::regclass::text END AS "refTable",
             CASE WHEN c.contype = 'f' THEN array(SELECT a.attname::text FROM unnest(c.confkey) WITH ORDINALITY AS k(num, ord) JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.num ORDER BY k.ord) END AS "refColumns"
      FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
      WHERE n.nspname = 'public' AND c.contype IN ('p', 'u', 'f')`)
  ).rows.map((r) => ({ ...r, table: r.table.replaceAll('"', ''), refTable: r.refTable?.replaceAll('"', '') ?? null }))
  uniqueIndexes = (
    await client.query<{ table: string; name: string; columns: string[] }>(`
      SELECT t.relname AS table, i.relname AS name, array(SELECT a.attname::text FROM unnest(x.indkey) WITH ORDINALITY AS k(num, ord) JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.num ORDER BY k.ord) AS columns
      FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid JOIN pg_namespace n ON n.oid = t.relnamespace
      WHERE n.nspname = 'public' AND x.indisunique AND NOT x.indisprimary`)
  ).rows
})
afterAll(async () => {
  await client?.end()
})

/** What keeps `table` from being a co-located distributed table (empty: nothing). */
function violations(table: string): string[] {
  const found: string[] = []
  if (!poolColumn.has(table)) found.push('no "poolId" column')
  for (const c of constraints.filter((c) => c.table === table)) {
    if ((c.type === 'p' || c.type === 'u') && !c.columns.includes('poolId')) found.push(`${c.type === 'p' ? 'primary key' : 'unique constraint'} ${c.name} (${c.columns.join(', ')}) without "poolId"`)
    if (c.type === 'f' && c.refTable && !REFERENCE.has(c.refTable)) {
      const i = c.columns.indexOf('poolId')
      if (i < 0 || c.refColumns?.[i] !== 'poolId') found.push(`foreign key ${c.name} (${c.columns.join(', ')}) -> ${c.refTable} without "poolId" on both sides`)
    }
  }
  for (const index of uniqueIndexes.filter((x) => x.table === table)) {
    if (!index.columns.includes('poolId') && !constraints.some((c) => c.name === index.name)) found.push(`unique index ${index.name} (${index.columns.join(', ')}) without "poolId"`)
  }
  return found
}

describe('Citus co-location rules (distribution column "poolId")', () => {
  it('knows every table: a new one is classified here, as reference or distributed', () => {
    expect(tables.length).toBeGreaterThan(20)
    for (const name of [...REFERENCE, ...KNOWN_GAPS]) expect(tables, name).toContain(name)
  })

  it('every distributed table keeps the rules', () => {
    const broken = tables.filter((t) => !REFERENCE.has(t) && !KNOWN_GAPS.has(t)).flatMap((t) => violations(t).map((v) => `${t}: ${v}`))
    expect(broken).toEqual([])
  })

  it('no reference table points at a distributed one', () => {
    const broken = constraints.filter((c) => c.type === 'f' && REFERENCE.has(c.table) && c.refTable && !REFERENCE.has(c.refTable)).map((c) => `${c.table}.${c.name} -> ${c.refTable}`)
    expect(broken).toEqual([])
  })

  it('a row of a site carries that site\'s pool: another pool is refused (the key it is sharded by never lies)', async () => {
    // As the owner (no row-level security): the foreign key to ("Tenant"."id", "poolId") alone refuses it.
    const wrong = {
      User: `INSERT INTO "User" (id, "poolId", "tenantId", email) VALUES ('pool-test', 'datevibe', 'flirtlokaal', 'pool-test@example.test')`,
      OutboxMail: `INSERT INTO "OutboxMail" (id, "poolId", "tenantId", "to", subject, text, html) VALUES ('pool-test', 'datevibe', 'flirtlokaal', 'a@example.test', 's', 't', 'h')`,
      Payment: `INSERT INTO "Payment" (id, "poolId", "tenantId", "userId", "bundleId", credits, amount, currency, "updatedAt") VALUES ('pool-test', 'benelux', 'datevibe', 'u', 'b', 1, 100, 'EUR', now())`,
      Complaint: `INSERT INTO "Complaint" ("poolId", "tenantId", name, email, subject, message, locale) VALUES ('datevibe', 'datedichtbij', 'n', 'a@example.test', 's', 'm', 'nl')`,
    }
    for (const [table, sql] of Object.entries(wrong)) await expect(client.query(sql), table).rejects.toThrow(/foreign key/)
    // The same rows with the site's own pool are accepted (and rolled back).
    await client.query('BEGIN')
    try {
      await client.query(`INSERT INTO "User" (id, "poolId", "tenantId", email) VALUES ('pool-test', 'benelux', 'flirtlokaal', 'pool-test@example.test')`)
      await client.query(`INSERT INTO "Session" (id, "poolId", "tenantId", "userId", "expiresAt") VALUES ('pool-test', 'benelux', 'flirtlokaal', 'pool-test', now())`)
      // A child row cannot point at the account from another pool (the key includes it).
      await client.query('SAVEPOINT s')
      await expect(client.query(`INSERT INTO "Session" (id, "poolId", "tenantId", "userId", "expiresAt") VALUES ('pool-test-2', 'datevibe', 'flirtlokaal', 'pool-test', now())`)).rejects.toThrow(/foreign key/)
      await client.query('ROLLBACK TO SAVEPOINT s')
    } finally {
      await client.query('ROLLBACK')
    }
  })

  it('the known gaps are still gaps (a fixed table leaves the list)', () => {
    for (const table of KNOWN_GAPS) expect(violations(table), table).not.toEqual([])
  })
})
