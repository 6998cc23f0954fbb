// `npm run tenant:check`: validates every tenant file and prints what each site will be.
// When a database is there (DATABASE_URL, or the embedded one of `npm start`), it also
// refuses a file that would move an existing site to another pool.
import { existsSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { THEME_NAMES, themeFor } from '../themes/index.ts'
import { contrastProblems, MIN_TEXT_CONTRAST } from '../app/modules/theme/contrast.ts'
import { getEnv } from '../app/modules/config/env.server.ts'
import { loadTenants, type LoadedTenant } from '../app/modules/tenancy/load-tenants.server.ts'
import { poolMoves } from '../app/modules/tenancy/sync.server.ts'
import { landerCheck } from './lib/lander-check.ts'
import { paletteProblems } from './lib/palette-check.ts'
import { embeddedOwnerUrl, openDatabaseServer, withDatabase } from './lib/database.ts'

async function existingSites(): Promise<{ id: string; poolId: string }[] | null> {
  const env = getEnv()
  let ownerUrl: string
  let stop = async () => undefined as void
  if (env.DATABASE_URL) ownerUrl = env.DATABASE_URL
  else {
    if (!existsSync(path.resolve(env.DATA_DIR, 'postgres', 'PG_VERSION'))) return null
    ownerUrl = withDatabase(await embeddedOwnerUrl({ purpose: 'app' }), 'dating')
    // `npm start` may be running it; otherwise start it for the check.
    if (!(await reachable(ownerUrl))) {
      const server = await openDatabaseServer({ purpose: 'app' })
      stop = server.stop
    }
  }
  try {
    const client = new pg.Client({ connectionString: ownerUrl })
    await client.connect()
    try {
      const table = await client.query(`SELECT to_regclass('public."Tenant"') AS t`)
      if (!table.rows[0]?.t) return []
      return (await client.query<{ id: string; poolId: string }>(`SELECT id, "poolId" FROM "Tenant"`)).rows
    } finally {
      await client.end()
    }
  } finally {
    await stop()
  }
}

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 })
  try {
    await client.connect()
    await client.end()
    return true
  } catch {
    return false
  }
}

/** The lander folders, and each site's enabled landers (decision 014). */
function checkLanders(sites: LoadedTenant[]): void {
  const { lines, problems } = landerCheck(sites)
  for (const line of lines) console.info(line)
  for (const problem of problems) console.error(problem)
  if (problems.length > 0) process.exitCode = 1
}

/** Each site's colours (its theme with its own brand colours) must carry readable text. */
function checkPalettes(sites: LoadedTenant[]): void {
  for (const site of sites) {
    const problems = paletteProblems(site.slug, themeFor(site))
    for (const problem of problems) console.error(problem)
    if (problems.length > 0) process.exitCode = 1
  }
}

let tenants: LoadedTenant[]
try {
  tenants = await loadTenants(THEME_NAMES)
} catch (error) {
  console.error((error as Error).message)
  process.exit(1)
}
for (const t of tenants) console.info(`ok  ${t.slug.padEnd(16)} pool=${t.pool} locales=${t.locales.offered.join('/')} domains=${t.domains.join(', ')}`)
checkLanders(tenants)
checkPalettes(tenants)
// Every theme colour pair used as text must be readable (WCAG AA), for every site's theme
// with the site's own brand colours applied.
for (const t of tenants) {
  const problems = contrastProblems(themeFor(t))
  if (problems.length === 0) console.info(`ok  ${t.slug.padEnd(16)} theme ${t.theme}: every text colour pair reaches ${MIN_TEXT_CONTRAST}:1`)
  else {
    console.error(`${t.slug} (theme ${t.theme}): text colours below ${MIN_TEXT_CONTRAST}:1 (WCAG AA):`)
    for (const p of problems) console.error(`  - ${p.text} on ${p.background} (${p.use}): ${p.ratio.toFixed(2)}:1`)
    process.exitCode = 1
  }
}
try {
  const existing = await existingSites()
  if (existing === null) console.info('no database yet: pool assignments are not compared')
  else {
    const moves = poolMoves(existing, tenants)
    if (moves.length > 0) {
      console.error(`Refusing to move existing sites to another pool:\n${moves.map((m) => `  - ${m}`).join('\n')}`)
      process.exitCode = 1
    } else console.info(`pools match the database (${existing.length} sites there)`)
  }
} catch (error) {
  console.error(`cannot compare with the database: ${(error as Error).message}`)
  process.exitCode = 1
}
