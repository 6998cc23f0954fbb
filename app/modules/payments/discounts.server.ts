// Discounts on a purchase (SPEC §1, §3, §4, §9): the time bonus TIMEBONUS25 (25 %, once per
// member, while not paid and within 14,400 s of signup), else the welcome discount (25 % on
// the first purchase within the site's welcomeDiscountHours), else a code the member typed.
// Always applied here, on the server, to a price from the tenant config.
import { createHash } from 'node:crypto'
import type { TenantConfig } from '../../../tenants/schema.ts'
import type { Scope, ScopedTx } from '../db/scoped.server.ts'

export const TIME_BONUS_CODE = 'TIMEBONUS25'
export const TIME_BONUS_PERCENT = 25
export const TIME_BONUS_SECONDS = 14_400
export const WELCOME_CODE = 'WELCOME25'
export const WELCOME_PERCENT = 25

/**
 * The delete form's offer (company.deleteDiscount) as a code of this member alone: derived
 * from the site and the account, so it needs no row and is worth nothing to anyone else.
 */
export function deleteDiscountCode(scope: Pick<Scope, 'tenantId'>, userId: string): string {
  return `STAY${createHash('sha256').update(`${scope.tenantId}:${userId}`).digest('hex').slice(0, 8).toUpperCase()}`
}

type DiscountSite = Pick<TenantConfig, 'welcomeDiscountHours'> & { company?: Pick<TenantConfig['company'], 'deleteDiscount'> }

export type Member = { id: string; paidUser: boolean; signupDate: Date }
export type ActiveDiscount = { code: string; percent: number; kind: 'timebonus' | 'welcome'; expiresAt: Date }

async function used(tx: ScopedTx, scope: Scope, userId: string, code: string): Promise<boolean> {
  const row = await tx.discountRedemption.findUnique({ where: { tenantId_code_userId: { tenantId: scope.tenantId, code, userId } }, select: { code: true } })
  return row !== null
}

/** The time bonus while it runs for this member, else null. */
export async function timeBonusFor(tx: ScopedTx, scope: Scope, member: Member, now = new Date()): Promise<ActiveDiscount | null> {
  if (member.paidUser) return null
  const expiresAt = new Date(member.signupDate.getTime() + TIME_BONUS_SECONDS * 1000)
  if (expiresAt <= now) return null
  if (await used(tx, scope, member.id, TIME_BONUS_CODE)) return null
  return { code: TIME_BONUS_CODE, percent: TIME_BONUS_PERCENT, kind: 'timebonus', expiresAt }
}

/** The welcome discount while it runs (first purchase only), else null. */
export function welcomeDiscountFor(site: Pick<TenantConfig, 'welcomeDiscountHours'>, member: Member, now = new Date()): ActiveDiscount | null {
  if (member.paidUser) return null
  const expiresAt = new Date(member.signupDate.getTime() + site.welcomeDiscountHours * 3_600_000)
  return expiresAt > now ? { code: WELCOME_CODE, percent: WELCOME_PERCENT, kind: 'welcome', expiresAt } : null
}

/** The discount a purchase gets without a typed code: the time bonus, else the welcome discount. */
export async function activeDiscountFor(tx: ScopedTx, scope: Scope, site: Pick<TenantConfig, 'welcomeDiscountHours'>, member: Member, now = new Date()): Promise<ActiveDiscount | null> {
  return (await timeBonusFor(tx, scope, member, now)) ?? welcomeDiscountFor(site, member, now)
}

export type CodeCheck =
  | { ok: true; code: string; percent: number }
  | { ok: false; reason: 'not_found' | 'used' | 'expired' | 'not_applicable' }

export type Order = { country: string | null; currency: string; amount: number; method: string | null }

/** A typed code (SPEC §5: 'Code niet gevonden', 'Code reeds gebruikt'), checked against the order. */
export async function checkDiscountCode(tx: ScopedTx, scope: Scope, site: DiscountSite, member: Member, typed: string, order: Order, now = new Date()): Promise<CodeCheck> {
  const code = typed.trim().toUpperCase()
  const stay = site.company?.deleteDiscount ?? 0
  if (stay > 0 && code === deleteDiscountCode(scope, member.id)) {
    return (await used(tx, scope, member.id, code)) ? { ok: false, reason: 'used' } : { ok: true, code, percent: stay }
  }
  if (code === TIME_BONUS_CODE || code === WELCOME_CODE) {
    if (await used(tx, scope, member.id, code)) return { ok: false, reason: 'used' }
    const active = code === TIME_BONUS_CODE ? await timeBonusFor(tx, scope, member, now) : welcomeDiscountFor(site, member, now)
    return active ? { ok: true, code, percent: active.percent } : { ok: false, reason: 'expired' }
  }
  const row = await tx.discountCode.findUnique({ where: { tenantId_code: { tenantId: scope.tenantId, code } } })
  if (!row || row.status !== 'active' || (row.userId && row.userId !== member.id)) return { ok: false, reason: 'not_found' }
  if (await used(tx, scope, member.id, code)) return { ok: false, reason: 'used' }
  // A one-time code is used up by anyone's paid purchase.
  if (row.oneTime && (await tx.discountRedemption.count({ where: { tenantId: scope.tenantId, code } })) > 0) return { ok: false, reason: 'used' }
  if (row.expiresAt && row.expiresAt <= now) return { ok: false, reason: 'expired' }
  const applies =
    (!row.country || row.country === order.country) &&
    (!row.currency || row.currency === order.currency) &&
    (row.minimumOrderValue === null || order.amount >= row.minimumOrderValue) &&
    (row.paymentMethods.length === 0 || (order.method !== null && row.paymentMethods.includes(order.method)))
  return applies ? { ok: true, code, percent: row.percentage } : { ok: false, reason: 'not_applicable' }
}

/** The price after a discount, in minor units; never below one cent. */
export function discounted(amount: number, percent: number): number {
  return Math.max(1, Math.round((amount * (100 - percent)) / 100))
}
