// One ready-to-use member per site, so a newcomer can log in right after `npm start`.
// Idempotent: an existing demo account is left as it is.
import { hashPassword } from '../../app/modules/auth/password.server.ts'
import type { Db } from '../../app/modules/db/client.server.ts'
import { withScope } from '../../app/modules/db/scoped.server.ts'
import { regionsFor } from '../../app/modules/geo/regions.ts'
import type { LoadedTenant } from '../../app/modules/tenancy/load-tenants.server.ts'

export const DEMO_PASSWORD = 'demo-password'
export const demoEmail = (slug: string) => `demo.${slug}@example.com`

export async function seedDemoLogins(db: Db, tenants: readonly LoadedTenant[]): Promise<{ slug: string; email: string; created: boolean }[]> {
  const passwordHash = await hashPassword(DEMO_PASSWORD)
  const results = []
  for (const tenant of tenants) {
    const scope = { tenantId: tenant.slug, poolId: tenant.pool }
    const email = demoEmail(tenant.slug)
    const created = await withScope(db, scope, async (tx) => {
      const existing = await tx.user.findUnique({ where: { tenantId_email: { tenantId: tenant.slug, email } } })
      if (existing) return false
      const country = tenant.countries[0]!
      const user = await tx.user.create({
        data: { tenantId: tenant.slug, email, passwordHash, status: 'active', locale: tenant.locales.default, credits: tenant.credits.signup },
      })
      await tx.profile.create({
        data: {
          poolId: tenant.pool,
          tenantId: tenant.slug,
          userId: user.id,
          name: `Demo${tenant.name.replace(/[^A-Za-z]/g, '').slice(0, 10)}`,
          gender: 'man',
          sexuality: 'hetero',
          birthDate: new Date('1988-06-15'),
          country,
          region: regionsFor(country)[0]?.code ?? null,
          status: 'active',
        },
      })
      return true
    })
    results.push({ slug: tenant.slug, email, created })
  }
  return results
}
