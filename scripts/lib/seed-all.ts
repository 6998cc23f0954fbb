// Seeds every pool once with demo members (idempotent) and lists the demo sites.
import type { Db } from '../../app/modules/db/client.server.ts'
import type { MediaStorage } from '../../app/modules/media/storage.server.ts'
import type { LoadedTenant } from '../../app/modules/tenancy/load-tenants.server.ts'
import { DEMO_PASSWORD, demoEmail, seedDemoLogins } from './demo-logins.ts'
import { seedPool } from './seed.ts'
import { seedDemoOperators } from './demo-operators.ts'

export async function seedAll(
  db: Db,
  tenants: readonly LoadedTenant[],
  options: { count: number; storage: MediaStorage; log: (line: string) => void },
): Promise<void> {
  const pools = new Map<string, LoadedTenant[]>()
  for (const tenant of tenants) pools.set(tenant.pool, [...(pools.get(tenant.pool) ?? []), tenant])
  for (const [poolId, unsorted] of pools) {
    // The seed assigns home sites by position, so the order must never change.
    const members = [...unsorted].sort((x, y) => x.slug.localeCompare(y.slug))
    const countries = [...new Set(members.flatMap((t) => t.countries))]
    const locale = members[0]!.locales.default === 'nl' ? 'nl' : 'en'
    const started = Date.now()
    const result = await seedPool(db, {
      poolId,
      tenantIds: members.map((t) => t.slug),
      countries,
      locale,
      count: options.count,
      storage: options.storage,
    })
    options.log(`pool ${poolId}: ${result.created} demo members created, ${result.existing} already there (${Date.now() - started} ms)`)
  }
  const logins = await seedDemoLogins(db, tenants)
  options.log(`demo logins: ${logins.filter((l) => l.created).length} created`)
  const console_ = await seedDemoOperators(db, tenants)
  options.log(`console: ${console_.created} demo operators created, ${console_.waiting} conversations waiting for an answer`)
}

export function demoSitesText(tenants: readonly LoadedTenant[], port: number, options: { mailbox: boolean }): string {
  const lines = tenants.map((t) => `  ${t.name.padEnd(14)} http://${t.slug}.localhost:${port}   (pool ${t.pool}, ${t.locales.offered.join('/')}, domains ${t.domains.join(', ')})`)
  const logins = tenants.map((t) => `  ${t.name.padEnd(14)} ${demoEmail(t.slug)} / ${DEMO_PASSWORD}`)
  const mails = options.mailbox ? `\nMails (activation, password reset, ...): http://<slug>.localhost:${port}/dev/mailbox (from this machine)` : ''
  return `Demo sites:\n${lines.join('\n')}\nDemo logins (e-mail / password):\n${logins.join('\n')}${mails}`
}
