// `npm run tenant:new -- <slug> --domain D [--domain D2] --language nl [--pool P] [--name N] [--theme T] [--country CC]`:
// writes tenants/<slug>.ts, complete and commented (scripts/lib/tenant-scaffold.ts), and
// checks it with the others at once. A running server picks it up by its file watcher.
import { rmSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { THEME_NAMES } from '../themes/index.ts'
import { loadTenants, tenantsDir } from '../app/modules/tenancy/load-tenants.server.ts'
import { scaffoldTenant } from './lib/tenant-scaffold.ts'

try {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { domain: { type: 'string', multiple: true }, language: { type: 'string' }, pool: { type: 'string' }, name: { type: 'string' }, theme: { type: 'string' }, country: { type: 'string' } },
  })
  const slug = positionals[0] ?? ''
  const file = scaffoldTenant({ slug, domains: values.domain ?? [], language: values.language ?? 'nl', pool: values.pool, name: values.name, theme: values.theme, country: values.country }, THEME_NAMES, tenantsDir())
  const tenants = await loadTenants(THEME_NAMES).catch((error: unknown) => {
    // Never leave a file behind that stops the sites from loading.
    rmSync(file, { force: true })
    throw error
  })
  const site = tenants.find((t) => t.slug === slug)
  console.info(`created ${path.relative(process.cwd(), file)}: ${site?.name} in pool ${site?.pool}, ${site?.domains.join(', ')}; tenant:check passes`)
  console.info(`edit the lines marked EDIT (domains, prices, support e-mail, company), then npm run tenant:check; the demo answers on http://${slug}.localhost:3000 after the reload`)
} catch (error) {
  console.error((error as Error).message)
  process.exitCode = 1
}
