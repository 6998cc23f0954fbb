// Whose country decides the currency on /pricing: a member's profile country (where they
// live and will pay), else the visitor's country from a trusted proxy, else none (the
// site's currency).
import type { AppLoadContext } from '@remix-run/node'
import { withScope } from '../db/scoped.server.ts'
import { visitorCountry } from './visitor-country.server.ts'

export async function pricingCountry(context: Pick<AppLoadContext, 'db' | 'scope' | 'member'>, headers: Headers): Promise<string | null> {
  const profileId = context.member?.profile?.id
  if (profileId) {
    const { db, scope } = context
    const profile = await withScope(db, scope, (tx) => tx.profile.findFirst({ where: { poolId: scope.poolId, id: profileId }, select: { country: true } }))
    if (profile?.country) return profile.country
  }
  return visitorCountry(headers)
}
