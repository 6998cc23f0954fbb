// `npm run landers:report [-- <site>]`: every site's lander figures (app/modules/landers/report.ts)
// from the database (DATABASE_URL, or the embedded one of `npm start`), and the gzipped
// JavaScript a lander page loads per lander when a production build is there.
import { existsSync } from 'node:fs'
import path from 'node:path'
import { THEME_NAMES } from '../themes/index.ts'
import { landerDefinitions } from '../landers/catalog.ts'
import { getEnv } from '../app/modules/config/env.server.ts'
import { formatReport } from '../app/modules/landers/report.ts'
import type { StatRow } from '../app/modules/landers/stats.server.ts'
import { loadTenants, type LoadedTenant } from '../app/modules/tenancy/load-tenants.server.ts'
import { openDatabaseServer, withClient } from './lib/database.ts'
import { landerJsBytes } from './lib/lander-js.ts'

const only = process.argv[2]
const definitions = await landerDefinitions()
const controls = Object.fromEntries([...definitions].map(([name, d]) => [name, d.variants[0]?.id ?? '']))
const tenants = (await loadTenants(THEME_NAMES)).filter((t) => !only || t.slug === only)
const env = getEnv()

async function printFigures(sites: LoadedTenant[]): Promise<void> {
  const database = await openDatabaseServer({ purpose: 'app', dataDir: path.resolve(env.DATA_DIR) })
  try {
    const url = database.ownerUrl(database.embedded ? 'dating' : database.defaultDatabase)
    for (const tenant of sites) {
      // Through the site's scope, like the app: the table's row-level security holds for owners too.
      const rows = await withClient(url, async (client) => {
        await client.query('BEGIN')
        try {
          await client.query(`SELECT set_config('app.tenant_id', $1, true), set_config('app.pool_id', $2, true)`, [tenant.slug, tenant.pool])
          const table = await client.query(`SELECT to_regclass('public."LanderStat"') AS t`)
          if (!table.rows[0]?.t) return [] as StatRow[]
          const result = await client.query<StatRow>(`SELECT lander, variant, source, visits, signups, activations FROM "LanderStat" WHERE "tenantId" = $1 ORDER BY lander, variant, source`, [tenant.slug])
          return result.rows
        } finally {
          await client.query('COMMIT')
        }
      })
      console.info(formatReport(`${tenant.slug} (landers: ${tenant.landers.join(', ') || 'none'})`, rows, controls))
      console.info('')
    }
  } finally {
    await database.stop()
  }
}

if (!env.DATABASE_URL && !existsSync(path.resolve(env.DATA_DIR, 'postgres', 'PG_VERSION'))) console.info('no database yet (npm start or DATABASE_URL): no lander figures\n')
else await printFigures(tenants)

const js = landerJsBytes()
if (!js) console.info('JavaScript per lander: no production build (npm run build)')
else {
  console.info('JavaScript per lander page, gzipped (landers render on the server and ship no code of their own):')
  for (const [name, d] of definitions) console.info(`  ${name.padEnd(24)} ${((d.member ? js.member : js.lander) / 1024).toFixed(1)} kB`)
}
