// `npm run tenant:check`: validates every tenant file and prints what each site will be.
import { THEME_NAMES } from '../themes/index.ts'
import { loadTenants } from '../app/modules/tenancy/load-tenants.server.ts'

try {
  const tenants = await loadTenants(THEME_NAMES)
  for (const t of tenants) console.info(`ok  ${t.slug.padEnd(16)} pool=${t.pool} locales=${t.locales.offered.join('/')} domains=${t.domains.join(', ')}`)
} catch (error) {
  console.error((error as Error).message)
  process.exitCode = 1
}
