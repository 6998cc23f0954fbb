// `npm run bench:search`: the member search on 1,000,000 profiles across 20 sites (10 pools).
// Creates its own database, bulk-loads the profiles with one INSERT ... SELECT as the owner,
// then runs the app's search as the runtime role through withScope (row-level security on):
// ~200 filter combinations x up to 5 pages, following the cursors. Prints p50/p95/max and
// the EXPLAIN (ANALYZE, BUFFERS) of typical statements, as Markdown for BENCHMARKS.md.
// Drops the database at the end. Bounded: under a minute on 2 cores with the search indexes;
// the measured phase stops after 75 s whatever the speed. BENCH_PROFILES=100000 for a quick try;
// `--smoke` (npm test, with BENCH_PROFILES=20000) stops after 5 s: it keeps the script working.
import os from 'node:os'
import { Prisma } from '../app/generated/prisma/client.ts'
import { COUNTRY_CODES } from '../app/modules/geo/countries.ts'
import { REGIONS } from '../app/modules/geo/regions.ts'
import { getEnv } from '../app/modules/config/env.server.ts'
import { createDb, type Db } from '../app/modules/db/client.server.ts'
import { withScope, type Scope } from '../app/modules/db/scoped.server.ts'
import { toCriteria } from '../app/modules/search/criteria.server.ts'
import { decodeCursor } from '../app/modules/search/cursor.server.ts'
import { countStatement, findProfiles, searchStatement } from '../app/modules/search/query.server.ts'
import { PAGE_SIZE, readSearchQuery, resolveFilters } from '../app/modules/search/search-params.ts'
import { lookingForOf, searchMembers, type SearchSite } from '../app/modules/search/search.server.ts'
import { dropDatabase, ensureDatabase, ensureRuntimeRole, openDatabaseServer, withClient } from './lib/database.ts'
import { deployMigrations } from './lib/migrations.ts'

const PROFILES = getEnv().BENCH_PROFILES
const TENANTS = 20
const POOLS = 10
const COMBINATIONS = 200
const PAGES = 5
/** The measured run stops here even when the queries are slow (e.g. without the search indexes). */
const QUERY_BUDGET_MS = process.argv.includes('--smoke') ? 5_000 : 75_000
const TODAY = new Date()

type BenchTenant = { slug: string; pool: string; countries: string[]; index: number }

// Two sites per pool; each pool two countries, so a site's "all countries" is a real filter.
const tenants: BenchTenant[] = Array.from({ length: TENANTS }, (_, i) => {
  const pool = Math.floor(i / 2)
  return {
    slug: `bench-site-${String(i + 1).padStart(2, '0')}`,
    pool: `bench-pool-${String(pool + 1).padStart(2, '0')}`,
    countries: [COUNTRY_CODES[(pool * 2) % COUNTRY_CODES.length]!, COUNTRY_CODES[(pool * 2 + 1) % COUNTRY_CODES.length]!],
    index: i,
  }
})

/** A small deterministic PRNG, so every run measures the same mix. */
function rng(seed: number) {
  let s = seed >>> 0
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0
    let t = s
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return { next, int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)), pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]! }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
const ms = (v: number) => `${v.toFixed(2)} ms`
const log = (line: string) => console.error(`[bench:search] ${line}`)

async function load(ownerUrl: string): Promise<void> {
  await withClient(ownerUrl, async (client) => {
    const started = performance.now()
    for (const pool of new Set(tenants.map((t) => t.pool))) await client.query('INSERT INTO "Pool" (id) VALUES ($1)', [pool])
    for (const t of tenants) {
      await client.query('INSERT INTO "Tenant" (id, "poolId", name, domains, "configVersion", "updatedAt") VALUES ($1, $2, $3, $4, 1, now())', [
        t.slug, t.pool, t.slug, [`${t.slug}.example.test`],
      ])
    }
    await client.query('CREATE TEMP TABLE bench_site (site int PRIMARY KEY, slug text, pool text, countries text[])')
    for (const t of tenants) await client.query('INSERT INTO bench_site VALUES ($1, $2, $3, $4)', [t.index, t.slug, t.pool, t.countries])
    await client.query('CREATE TEMP TABLE bench_region (country text PRIMARY KEY, codes text[])')
    for (const [country, regions] of Object.entries(REGIONS)) await client.query('INSERT INTO bench_region VALUES ($1, $2)', [country, regions.map((r) => r.code)])

    // Loading without the secondary indexes and building them afterwards is several times
    // faster; they are rebuilt from their own definitions, so the bench measures the schema.
    // Only Profile's: an index a foreign key or a constraint stands on (a primary key, the
    // (poolId, id) keys other tables refer to) cannot be dropped, and Photo keeps its own,
    // because the row trigger that keeps Profile.hasPhoto looks a profile's photos up by
    // them (without them the photo load is quadratic: it ran over 20 minutes at 1M).
    const { rows: indexes } = await client.query<{ name: string; def: string }>(
      `SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS def
         FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_class t ON t.oid = i.indrelid
        WHERE t.relnamespace = 'public'::regnamespace AND t.relname = 'Profile'
          AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)
          AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.refobjid = i.indexrelid AND d.classid = 'pg_constraint'::regclass)`,
    )
    for (const index of indexes) await client.query(`DROP INDEX "${index.name}"`)
    await client.query(`SET synchronous_commit = off`)
    await client.query(`
      INSERT INTO "Profile" ("poolId", "tenantId", name, gender, sexuality, "birthDate", country, region, city, appearance, status, invisible, fictional, "lastActiveAt", "createdAt")
      SELECT g.pool, g.slug, 'Member ' || g.n,
             CASE WHEN g.r1 < 0.5 THEN 'woman' ELSE 'man' END::"Gender",
             (CASE WHEN g.r2 < 0.85 THEN 'hetero' WHEN g.r2 < 0.9 THEN 'bi' WHEN g.r1 < 0.5 THEN 'lesbian' ELSE 'gay' END)::"Sexuality",
             current_date - (18 * 365 + floor(g.r3 * 62 * 365))::int,
             g.country,
             r.codes[1 + floor(g.r9 * cardinality(r.codes))::int],
             NULL,
             CASE WHEN g.r4 < 0.1 THEN NULL WHEN g.r4 < 0.6 THEN 'normal' ELSE 'sexy' END,
             (CASE WHEN g.r5 < 0.92 THEN 'active' WHEN g.r5 < 0.97 THEN 'disabled' ELSE 'deleted' END)::"ProfileStatus",
             g.r6 < 0.02,
             g.r6 > 0.99,
             date_trunc('milliseconds', now() - g.r7 * interval '90 days'),
             now() - interval '1 year'
      FROM (SELECT x.n, s.pool, s.slug, s.countries[1 + floor(r8 * cardinality(s.countries))::int] AS country, r1, r2, r3, r4, r5, r6, r7, r9
            FROM (SELECT n, random() AS r1, random() AS r2, random() AS r3, random() AS r4, random() AS r5, random() AS r6, random() AS r7,
                         random() AS r8, random() AS r9
                  FROM generate_series(1, ${PROFILES}) AS n) x
            JOIN bench_site s ON s.site = x.n % ${TENANTS}) g
      JOIN bench_region r ON r.country = g.country`)
    log(`profiles loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`)
    // Main photos for about 60% of the members, so the card's photo lookup does real work.
    // The row trigger that keeps Profile.hasPhoto would plan its look-up on an empty Photo
    // table and scan it for every row (quadratic: over 20 minutes at 1M); it is off for the
    // bulk insert, then its own function runs once per profile on the analysed table.
    await client.query('ALTER TABLE "Photo" DISABLE TRIGGER "Photo_profile_has_photo"')
    await client.query(`
      INSERT INTO "Photo" ("poolId", "profileId", filename, "thumbFilename", status, "isMain", position)
      SELECT "poolId", id, 'p' || id || '.webp', 't' || id || '.webp', 'active', true, 0 FROM "Profile" WHERE id % 5 < 3`)
    await client.query('ALTER TABLE "Photo" ENABLE TRIGGER "Photo_profile_has_photo"')
    await client.query('ANALYZE "Photo"')
    await client.query('SELECT "profile_has_photo_refresh"("poolId", id) FROM "Profile" WHERE id % 5 < 3')
    // A few blocks both ways around the members that search.
    await client.query(`
      INSERT INTO "Block" ("poolId", "blockerId", "blockedId")
      SELECT a."poolId", a.id, b.id FROM "Profile" a CROSS JOIN generate_series(1, 3) AS k
      JOIN "Profile" b ON b.id = a.id + ${TENANTS} * k WHERE a.id % 97 = 0
      UNION ALL
      SELECT a."poolId", b.id, a.id FROM "Profile" a CROSS JOIN generate_series(4, 5) AS k
      JOIN "Profile" b ON b.id = a.id + ${TENANTS} * k WHERE a.id % 97 = 0`)
    for (const index of indexes) await client.query(index.def)
    await client.query('VACUUM ANALYZE "Profile"')
    await client.query('VACUUM ANALYZE "Photo"')
    await client.query('VACUUM ANALYZE "Block"')
    log(`indexes, photos, blocks and ANALYZE done at ${((performance.now() - started) / 1000).toFixed(1)} s`)
  })
}

type Combination = { tenant: BenchTenant; viewerId: number | null; params: URLSearchParams }

function combinations(): Combination[] {
  const r = rng(20261123)
  return Array.from({ length: COMBINATIONS }, () => {
    const tenant = r.pick(tenants)
    const params = new URLSearchParams()
    const gender = r.next()
    if (gender < 0.3) params.set('gender', 'woman')
    else if (gender < 0.5) params.set('gender', 'man')
    else if (gender < 0.6) params.set('gender', 'all')
    if (r.next() < 0.6) {
      const country = r.pick(tenant.countries)
      params.set('country', country)
      if (r.next() < 0.35) params.set('countryregion', r.pick(REGIONS[country as keyof typeof REGIONS]).code)
    }
    if (r.next() < 0.6) {
      const min = r.int(18, 60)
      params.set('min_age', String(min))
      params.set('max_age', String(Math.min(99, min + r.int(3, 30))))
    }
    if (r.next() < 0.1) params.set('appearance', r.pick(['normal', 'sexy']))
    // Profile ids are n, and n % 20 is the site: this picks a member of the site's pool.
    const viewerId = r.next() < 0.8 ? tenant.index + TENANTS * r.int(1, Math.floor(PROFILES / TENANTS) - 1) : null
    return { tenant, viewerId, params }
  })
}

const siteOf = (t: BenchTenant): SearchSite => ({ countries: t.countries, minimumAge: 18, searchFields: ['gender', 'country', 'region', 'age'], cdnPrefix: '/media/' })
const scopeOf = (t: BenchTenant): Scope => ({ tenantId: t.slug, poolId: t.pool })

type Samples = { page: number[]; request: number[]; pages: number; empty: number; members: number; combinations: number }

async function run(app: Db, mix: Combination[], budgetMs: number): Promise<Samples> {
  const samples: Samples = { page: [], request: [], pages: 0, empty: 0, members: 0, combinations: 0 }
  const deadline = performance.now() + budgetMs
  for (const { tenant, viewerId, params } of mix) {
    if (performance.now() > deadline) break
    samples.combinations++
    const scope = scopeOf(tenant)
    const site = siteOf(tenant)
    let search: URLSearchParams | null = params
    for (let page = 0; page < PAGES && search; page++) {
      // The page statement alone (what the index has to answer) ...
      const query = readSearchQuery(search)
      const viewer = viewerId ? await withScope(app, scope, (tx) => tx.profile.findFirst({ where: { poolId: scope.poolId, id: viewerId }, select: { gender: true, sexuality: true } })) : null
      const filters = resolveFilters(query, { countries: site.countries, minimumAge: 18, defaultGender: lookingForOf(viewer), searchFields: site.searchFields })
      const criteria = toCriteria(filters, site.countries, TODAY)
      let t = performance.now()
      await withScope(app, scope, (tx) => findProfiles(tx, scope, criteria, { viewerId, after: decodeCursor(query.cursor), limit: PAGE_SIZE + 1 }))
      samples.page.push(performance.now() - t)
      // ... and everything a request to /members does in the database (viewer, page, count, similar).
      t = performance.now()
      const result = await searchMembers(app, scope, { site, viewerProfileId: viewerId, params: search, today: TODAY })
      samples.request.push(performance.now() - t)
      samples.pages++
      samples.members += result.members.length
      if (result.members.length === 0) samples.empty++
      search = result.nextSearch ? new URLSearchParams(result.nextSearch) : null
    }
  }
  return samples
}

/** Every scan of Profile in the plan is an index (or bitmap) scan with an index condition on poolId. */
function profileScansUsePoolIndex(plan: string): boolean {
  const lines = plan.split('\n')
  const indent = (line: string) => line.length - line.trimStart().length
  const scans = lines.flatMap((line, i) => (/Scan (using "?Profile_\S+ )?on "?Profile/.test(line) ? [i] : []))
  return (
    scans.length > 0 &&
    scans.every((i) => {
      const node = lines[i]!
      if (!/Index (Only )?Scan using|Bitmap (Index|Heap) Scan/.test(node)) return false
      for (let j = i + 1; j < lines.length && indent(lines[j]!) > indent(node); j++) {
        if (/Index Cond: \(+"poolId" = /.test(lines[j]!)) return true
      }
      return false
    })
  )
}

async function explain(app: Db, label: string, tenant: BenchTenant, statement: Prisma.Sql): Promise<{ text: string; ok: boolean }> {
  const scope = scopeOf(tenant)
  const rows = await withScope(app, scope, (tx) => tx.$queryRaw<{ 'QUERY PLAN': string }[]>(Prisma.sql`EXPLAIN (ANALYZE, BUFFERS) ${statement}`))
  const plan = rows.map((r) => r['QUERY PLAN']).join('\n')
  const indexOnPool = profileScansUsePoolIndex(plan)
  const sorts = /(^|\s)(Sort|Incremental Sort)(\s|\()/m.test(plan)
  return {
    ok: indexOnPool && !sorts,
    text: `${label}: index condition on poolId: ${indexOnPool ? 'yes' : 'NO'}; Sort node: ${sorts ? 'YES' : 'none'}\n\n\`\`\`\n${plan}\n\`\`\``,
  }
}

async function main() {
  const server = await openDatabaseServer({ purpose: 'test' })
  const database = `dating_bench_search_${process.pid}`
  const begun = performance.now()
  try {
    await ensureDatabase(server, database)
    await deployMigrations(server.ownerUrl(database))
    const appUrl = await ensureRuntimeRole(server, database)
    log(`database ${database} migrated; loading ${PROFILES.toLocaleString('en')} profiles`)
    await load(server.ownerUrl(database))
    const app = createDb(appUrl, 1)
    try {
      const mix = combinations()
      await run(app, mix.slice(0, 40), QUERY_BUDGET_MS / 5) // warm-up: caches and connection
      const s = await run(app, mix, QUERY_BUDGET_MS)
      const page = [...s.page].sort((a, b) => a - b)
      const request = [...s.request].sort((a, b) => a - b)

      const typical = tenants[4]!
      const scope = scopeOf(typical)
      const filters = resolveFilters(readSearchQuery(new URLSearchParams(`gender=woman&country=${typical.countries[0]}&min_age=25&max_age=40`)), {
        countries: typical.countries, minimumAge: 18, defaultGender: 'woman',
      })
      const criteria = toCriteria(filters, typical.countries, TODAY)
      const viewerId = typical.index + TENANTS * 97
      // Page 2 of that search: start after the 24th card of page 1.
      const first = await withScope(app, scope, (tx) => findProfiles(tx, scope, criteria, { viewerId, after: null, limit: PAGE_SIZE }))
      const lastOfFirst = first[first.length - 1]!
      const after = { hasPhoto: lastOfFirst.hasPhoto, lastActiveAt: lastOfFirst.lastActiveAt, id: lastOfFirst.id }
      const plans = [
        await explain(app, `Page 2 of women, ${typical.countries[0]}, 25-40, as a member with blocks`, typical, searchStatement(scope, criteria, { viewerId, after, limit: PAGE_SIZE + 1 })),
        await explain(app, 'The same looking for men and women (one branch per gender, merged)', typical, searchStatement(scope, { ...criteria, genders: ['woman', 'man'] }, { viewerId, after, limit: PAGE_SIZE + 1 })),
        await explain(app, 'The capped count of the first page (count up to 1001)', typical, countStatement(scope, criteria, { viewerId }, 1000)),
      ]
      const machine = `${os.cpus().length} x ${os.cpus()[0]?.model.trim()}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB RAM, Node ${process.version}`
      const pgVersion = await withClient(server.ownerUrl(database), async (c) => (await c.query<{ v: string }>(`SELECT current_setting('server_version') AS v`)).rows[0]!.v)
      const definitions = await withClient(server.ownerUrl(database), async (c) =>
        (await c.query<{ def: string }>(`SELECT indexdef AS def FROM pg_indexes WHERE tablename = 'Profile' ORDER BY indexname`)).rows.map((r) => r.def),
      )
      const indexes = definitions.map((def) => `- \`${def}\``)
      // The partial per-gender indexes the search is written for (app/modules/search/query.server.ts).
      const searchIndexes = ['woman', 'man'].every((g) => definitions.some((def) => def.includes(`gender = '${g}'`) && def.includes('"lastActiveAt" DESC')))
      const p95 = percentile(page, 95)
      const goal = `Goal (issue #4: p95 <= 10 ms, index condition on poolId, no Sort node): ${
        p95 <= 10 && plans.every((p) => p.ok) ? 'met' : 'NOT met'
      } (page statement p95 ${ms(p95)}; plans ${plans.filter((p) => p.ok).length}/${plans.length} as required).`
      const out = [
        `## Member search, ${PROFILES.toLocaleString('en')} profiles (${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC)`,
        '',
        `Machine: ${machine}. Database: ${server.embedded ? 'embedded Postgres' : 'DATABASE_URL'} ${pgVersion}. Command: \`npm run bench:search\`.`,
        `Data: ${PROFILES.toLocaleString('en')} profiles over ${TENANTS} sites in ${POOLS} pools (2 countries each), 92% active, 2% invisible, 60% with a main photo.`,
        ...(searchIndexes ? [] : ['', '**Warning:** the per-gender partial search indexes are missing (see app/modules/search/query.server.ts): these figures are without them.', '']),
        `Mix: ${s.combinations} of ${COMBINATIONS} filter combinations (gender default/woman/man/all, country 60%, region 35% of those, age range 60%, appearance 10%; 80% as a member) x up to ${PAGES} pages following the cursors: ${s.pages} pages, ${s.members} cards, ${s.empty} empty pages. Runtime role through withScope (RLS on), one connection.`,
        '',
        '| | runs | p50 | p95 | max |',
        '|---|---|---|---|---|',
        `| page statement (25 rows after the cursor, with photos) | ${page.length} | ${ms(percentile(page, 50))} | ${ms(percentile(page, 95))} | ${ms(page[page.length - 1]!)} |`,
        `| whole /members database work (viewer, page, capped count on page 1, similar members) | ${request.length} | ${ms(percentile(request, 50))} | ${ms(percentile(request, 95))} | ${ms(request[request.length - 1]!)} |`,
        '',
        'Indexes on Profile:',
        '',
        ...indexes,
        '',
        ...plans.map((p) => p.text),
        '',
        goal,
        '',
        `Run time: ${((performance.now() - begun) / 1000).toFixed(0)} s.`,
      ].join('\n')
      console.info(out)
    } finally {
      await app.$disconnect()
    }
  } finally {
    await dropDatabase(server, database)
    await server.stop()
  }
}

await main()
process.exit(0)
