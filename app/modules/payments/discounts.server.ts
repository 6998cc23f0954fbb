// Discounts on a purchase (SPEC §1, §3, §4, §9): the time bonus TIMEBONUS25 (25 %, once per
// member, while not paid and within 14,400 s of signup), else the welcome discount (25 % on
// the first purchase within the site's welcomeDiscountHours), else a code the member typed.
// Always applied here, on the server, to a price from the tenant config.
import { randomBytes } from 'node:crypto'
import type { TenantConfig } from '../../../tenants/schema.ts'
import type { Scope, ScopedTx } from '../db/scoped.server.ts'

export const TIME_BONUS_CODE = 'TIMEBONUS25'
export const TIME_BONUS_PERCENT = 25
export const TIME_BONUS_SECONDS = 14_400
export const WELCOME_CODE = 'WELCOME25'
export const WELCOME_PERCENT = 25

/** Payment states that keep a discount reserved (a checkout in progress) or used (paid). */
export const LIVE_STATUSES = ['open', 'pending', 'authorized', 'paid'] as const

/** Prefix of the delete form's personal codes (issueStayCode). */
export const STAY_PREFIX = 'STAY'
/** How long a stay code issued in the delete form is valid. */
export const STAY_DAYS = 14

type DiscountSite = Pick<TenantConfig, 'welcomeDiscountHours'>

export type Member = { id: string; paidUser: boolean; signupDate: Date }
export type ActiveDiscount = { code: string; percent: number; kind: 'timebonus' | 'welcome'; expiresAt: Date }

/**
 * Whether this member's `code` is reserved by a checkout in progress or used by a paid
 * purchase (decision 040). A reservation of a payment that failed, expired or was canceled
 * no longer counts (it is deleted then; reserveDiscount takes a stale one over).
 */
async function used(tx: ScopedTx, scope: Scope, userId: string, code: string | readonly string[]): Promise<boolean> {
  const codes = typeof code === 'string' ? [code] : [...code]
  const rows = await tx.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM "DiscountRedemption" r JOIN "Payment" p ON p."tenantId" = r."tenantId" AND p.id = r."paymentId"
    WHERE r."tenantId" = ${scope.tenantId} AND r."userId" = ${userId} AND r.code = ANY(${codes}) AND p.status::text = ANY(${[...LIVE_STATUSES]})`
  return (rows[0]?.n ?? 0) > 0
}

/** The first-purchase discounts: one of them at a time (a checkout with either holds both). */
const INTRODUCTORY = [TIME_BONUS_CODE, WELCOME_CODE] as const

/**
 * Reserves `code` for this member's payment `paymentId` (unique per site, code and member):
 * false when a checkout in progress or a paid purchase holds it. A reservation of a failed,
 * expired or canceled payment is taken over. The caller holds the member's row lock.
 */
export async function reserveDiscount(tx: ScopedTx, scope: Scope, userId: string, code: string, paymentId: string): Promise<boolean> {
  const rows = await tx.$queryRaw<{ paymentId: string }[]>`
    INSERT INTO "DiscountRedemption" ("poolId", "tenantId", code, "userId", "paymentId") VALUES (${scope.poolId}, ${scope.tenantId}, ${code}, ${userId}, ${paymentId})
    ON CONFLICT ("poolId", "tenantId", code, "userId") DO UPDATE SET "paymentId" = EXCLUDED."paymentId", "createdAt" = now()
    WHERE NOT EXISTS (SELECT 1 FROM "Payment" p WHERE p."poolId" = "DiscountRedemption"."poolId" AND p."tenantId" = "DiscountRedemption"."tenantId" AND p.id = "DiscountRedemption"."paymentId" AND p.status::text = ANY(${[...LIVE_STATUSES]}))
    RETURNING "paymentId"`
  return rows[0]?.paymentId === paymentId
}

/** Gives a failed, expired or canceled payment's discount back. */
export async function releaseDiscountIn(tx: ScopedTx, scope: Scope, paymentId: string): Promise<void> {
  await tx.$executeRaw`DELETE FROM "DiscountRedemption" WHERE "tenantId" = ${scope.tenantId} AND "paymentId" = ${paymentId}`
}

/**
 * The delete form's offer (company.deleteDiscount): a random code of this member alone,
 * issued when the member asks for it in the delete form, valid STAY_DAYS, once. Asking again
 * returns the same code.
 */
export async function issueStayCode(tx: ScopedTx, scope: Scope, userId: string, percent: number, now = new Date()): Promise<string> {
  const earlier = await tx.discountCode.findFirst({ where: { tenantId: scope.tenantId, userId, code: { startsWith: STAY_PREFIX } }, select: { code: true } })
  if (earlier) return earlier.code
  const code = `${STAY_PREFIX}${randomBytes(6).toString('hex').toUpperCase()}`
  await tx.discountCode.create({ data: { tenantId: scope.tenantId, code, userId, percentage: percent, expiresAt: new Date(now.getTime() + STAY_DAYS * 86_400_000) } })
  return code
}

/** The time bonus while it runs for this member, else null. */
export async function timeBonusFor(tx: ScopedTx, scope: Scope, member: Member, now = new Date()): Promise<ActiveDiscount | null> {
  if (member.paidUser) return null
  const expiresAt = new Date(member.signupDate.getTime() + TIME_BONUS_SECONDS * 1000)
  if (expiresAt <= now) return null
  if (await used(tx, scope, member.id, INTRODUCTORY)) return null
  return { code: TIME_BONUS_CODE, percent: TIME_BONUS_PERCENT, kind: 'timebonus', expiresAt }
}

/** The welcome discount while it runs (first purchase only), else null. Without `tx`: not checked against reservations. */
export function welcomeDiscountFor(site: Pick<TenantConfig, 'welcomeDiscountHours'>, member: Member, now = new Date()): ActiveDiscount | null {
  if (member.paidUser) return null
  const expiresAt = new Date(member.signupDate.getTime() + site.welcomeDiscountHours * 3_600_000)
  return expiresAt > now ? { code: WELCOME_CODE, percent: WELCOME_PERCENT, kind: 'welcome', expiresAt } : null
}

/** The discount a purchase gets without a typed code: the time bonus, else the welcome discount. */
export async function activeDiscountFor(tx: ScopedTx, scope: Scope, site: Pick<TenantConfig, 'welcomeDiscountHours'>, member: Member, now = new Date()): Promise<ActiveDiscount | null> {
  const bonus = await timeBonusFor(tx, scope, member, now)
  if (bonus) return bonus
  const welcome = welcomeDiscountFor(site, member, now)
  return welcome && !(await used(tx, scope, member.id, INTRODUCTORY)) ? welcome : null
}

export type CodeCheck =
  | { ok: true; code: string; percent: number }
  | { ok: false; reason: 'not_found' | 'used' | 'expired' | 'not_applicable' }

export type Order = { country: string | null; currency: string; amount: number; method: string | null }

/** A typed code (SPEC §5: 'Code niet gevonden', 'Code reeds gebruikt'), checked against the order. */
export async function checkDiscountCode(tx: ScopedTx, scope: Scope, site: DiscountSite, member: Member, typed: string, order: Order, now = new Date()): Promise<CodeCheck> {
  const code = typed.trim().toUpperCase()
  if (code === TIME_BONUS_CODE || code === WELCOME_CODE) {
    if (await used(tx, scope, member.id, INTRODUCTORY)) return { ok: false, reason: 'used' }
    const active = code === TIME_BONUS_CODE ? await timeBonusFor(tx, scope, member, now) : welcomeDiscountFor(site, member, now)
    return active ? { ok: true, code, percent: active.percent } : { ok: false, reason: 'expired' }
  }
  const row = await tx.discountCode.findUnique({ where: { tenantId_code: { tenantId: scope.tenantId, code } } })
  if (!row || row.status !== 'active' || (row.userId && row.userId !== member.id)) return { ok: false, reason: 'not_found' }
  if (await used(tx, scope, member.id, code)) return { ok: false, reason: 'used' }
  // A one-time code is taken by anyone's checkout in progress or paid purchase (decision 040).
  // Its row stays locked until the checkout's transaction ends: two members cannot both take it.
  if (row.oneTime) {
    await tx.$queryRaw`SELECT id FROM "DiscountCode" WHERE "tenantId" = ${scope.tenantId} AND id = ${row.id} FOR UPDATE`
    const taken = await tx.$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM "DiscountRedemption" r JOIN "Payment" p ON p."tenantId" = r."tenantId" AND p.id = r."paymentId"
      WHERE r."tenantId" = ${scope.tenantId} AND r.code = ${code} AND p.status::text = ANY(${[...LIVE_STATUSES]})`
    if ((taken[0]?.n ?? 0) > 0) return { ok: false, reason: 'used' }
  }
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
