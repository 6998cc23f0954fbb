// One ready-to-use member per site, so a newcomer can log in right after `npm start`.
// Idempotent: an existing demo account is left as it is.
import { hashPassword } from '../../app/modules/auth/password.server.ts'
import type { Db } from '../../app/modules/db/client.server.ts'
import { withScope, type Scope, type ScopedTx } from '../../app/modules/db/scoped.server.ts'
import { changeCredits } from '../../app/modules/credits/ledger.server.ts'
import { likeMember } from '../../app/modules/likes/likes.server.ts'
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
      const existing = await tx.user.findUnique({ where: { poolId_tenantId_email: { poolId: tenant.pool, tenantId: tenant.slug, email } } })
      if (existing) return false
      const country = tenant.countries[0]!
      const user = await tx.user.create({
        data: { poolId: tenant.pool, tenantId: tenant.slug, email, passwordHash, status: 'active', locale: tenant.locales.default },
      })
      if (tenant.credits.signup > 0) await changeCredits(tx, scope, { userId: user.id, delta: tenant.credits.signup, reason: 'signup_grant', reference: user.id })
      const demo = await tx.profile.create({
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
      await seedDemoLikes(tx, scope, demo.id)
      return true
    })
    results.push({ slug: tenant.slug, email, created })
  }
  return results
}

/**
 * So the likes page has something to show: three members of the pool (one fictional when
 * there is one) liked the demo member, who liked the first back (a match).
 */
async function seedDemoLikes(tx: ScopedTx, scope: Scope, demoId: number): Promise<void> {
  const where = { poolId: scope.poolId, status: 'active' as const, invisible: false, gender: 'woman' as const, photos: { some: { isMain: true, status: 'active' as const } } }
  const fictional = await tx.profile.findFirst({ where: { ...where, fictional: true }, orderBy: { id: 'asc' }, select: { id: true } })
  const real = await tx.profile.findMany({ where: { ...where, fictional: false }, orderBy: { id: 'asc' }, take: 3, select: { id: true } })
  const likers = [...(fictional ? [fictional] : []), ...real].slice(0, 3)
  const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000)
  for (const [i, liker] of likers.entries()) {
    await likeMember(tx, scope, { likerId: liker.id, likedId: demoId, origin: 'profile', now: hoursAgo(i + 1) })
  }
  if (likers[0]) await likeMember(tx, scope, { likerId: demoId, likedId: likers[0].id, origin: 'profile', now: hoursAgo(0.5) })
}
