// Direct debit (SPEC §2, §3, §5, §8 /directdebit): a one-time code by e-mail, the account
// holder and a valid IBAN, the authorisation; then a SEPA mandate at Mollie and a recurring
// payment on it. Refused for a member blocked for direct debit (an earlier chargeback or a
// failed debit) and beyond the site's 30-day limit.
import { randomInt, randomUUID } from 'node:crypto'
import type { TenantConfig } from '../../../tenants/schema.ts'
import { sha256 } from '../auth/tokens.server.ts'
import { TOKEN_TTL_MS } from '../auth/tokens.server.ts'
import type { Db } from '../db/client.server.ts'
import { withScope, type Scope, type ScopedTx } from '../db/scoped.server.ts'
import { sendMail, type MailContext } from '../mail/send.server.ts'
import { customerFor } from './customers.server.ts'
import { normalizeIban } from './iban.ts'
import { mollieFor } from './mollie.server.ts'
import { bundlePrice, discountFor, lockMember } from './purchase.server.ts'
import { discounted, reserveDiscount } from './discounts.server.ts'
import { assertDirectDebitAllowed } from './direct-debit-rules.server.ts'
import { repeatOrder } from './recurring.server.ts'

type Site = Pick<TenantConfig, 'slug' | 'name' | 'payments' | 'creditBundles' | 'countries' | 'welcomeDiscountHours'>

const codeHash = (userId: string, code: string) => sha256(`direct_debit:${userId}:${code}`)

/** Mails the member a 6-digit code, valid 15 minutes, replacing any earlier one. */
export async function sendDirectDebitCode(mail: MailContext, input: { userId: string; link: string }): Promise<void> {
  const { db, scope } = mail
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
  const user = await withScope(db, scope, async (tx) => {
    const now = new Date()
    await tx.token.updateMany({ where: { poolId: scope.poolId, tenantId: scope.tenantId, userId: input.userId, purpose: 'direct_debit', usedAt: null }, data: { usedAt: now } })
    await tx.token.create({ data: { poolId: scope.poolId, tenantId: scope.tenantId, userId: input.userId, purpose: 'direct_debit', tokenHash: codeHash(input.userId, code), expiresAt: new Date(now.getTime() + TOKEN_TTL_MS.direct_debit) } })
    return tx.user.findFirst({ where: { poolId: scope.poolId, tenantId: scope.tenantId, id: input.userId }, select: { email: true, profile: { select: { name: true } } } })
  })
  if (!user) return
  await sendMail(mail, { to: user.email, kind: 'direct_debit_code', link: input.link, values: { name: user.profile?.name ?? '', code } })
}

/** Uses the code once. A wrong code voids the open one: one guess per mail. */
async function useCode(tx: ScopedTx, scope: Scope, userId: string, code: string): Promise<boolean> {
  const now = new Date()
  const token = /^\d{6}$/.test(code) ? await tx.token.findUnique({ where: { poolId_tenantId_tokenHash: { poolId: scope.poolId, tenantId: scope.tenantId, tokenHash: codeHash(userId, code) } } }) : null
  if (token && token.userId === userId && token.purpose === 'direct_debit' && !token.usedAt && token.expiresAt > now) {
    const claimed = await tx.token.updateMany({ where: { id: token.id, usedAt: null }, data: { usedAt: now } })
    if (claimed.count === 1) return true
  }
  await tx.token.updateMany({ where: { poolId: scope.poolId, tenantId: scope.tenantId, userId, purpose: 'direct_debit', usedAt: null }, data: { usedAt: now } })
  return false
}

export type DirectDebitInput = { userId: string; bundleId: string; country: string | null; code: string; accountHolder: string; iban: string; idempotencyKey: string; origin: string }
export type DirectDebitResult = { ok: true; paymentId: string } | { ok: false; reason: 'code' | 'blocked' | 'limit' | 'unknown_bundle' | 'unavailable' | 'provider' }

export async function payByDirectDebit(db: Db, site: Site, scope: Scope, input: DirectDebitInput, now = new Date()): Promise<DirectDebitResult> {
  const mollie = mollieFor(site)
  if (!mollie) return { ok: false, reason: 'unavailable' }
  const bundle = bundlePrice(site, input.bundleId, input.country)
  if (!bundle) return { ok: false, reason: 'unknown_bundle' }
  if (bundle.currency !== 'EUR') return { ok: false, reason: 'unavailable' }
  const check = await withScope(db, scope, async (tx) => {
    // One submission of this member at a time: a double click waits, then finds the first's row.
    const member = await lockMember(tx, scope, input.userId)
    if (!member) return 'unavailable' as const
    const retry = await tx.payment.findUnique({ where: { poolId_tenantId_userId_idempotencyKey: { poolId: scope.poolId, tenantId: scope.tenantId, userId: input.userId, idempotencyKey: input.idempotencyKey } } })
    if (retry) return retry.id
    // The time bonus or welcome discount, as with every other method (decision 040).
    const discount = await discountFor(tx, scope, site, member, null, { country: input.country, currency: bundle.currency, amount: bundle.amount, method: 'sdd' })
    const percent = discount.ok ? discount.percent : 0
    const code = discount.ok ? discount.code : null
    const amount = discounted(bundle.amount, percent)
    const refused = await assertDirectDebitAllowed(tx, scope, site, input.userId, amount, now)
    if (refused) return refused
    if (!(await useCode(tx, scope, input.userId, input.code))) return 'code' as const
    // The row now, inside the lock: repeatOrder below continues it (same idempotency key).
    const id = randomUUID()
    await tx.payment.create({ data: { id, poolId: scope.poolId, tenantId: scope.tenantId, userId: input.userId, bundleId: bundle.id, credits: bundle.credits, amount, currency: bundle.currency, method: 'sdd', sequence: 'recurring', idempotencyKey: input.idempotencyKey, discountCode: code, discountPercent: percent } })
    if (code && !(await reserveDiscount(tx, scope, input.userId, code, id))) throw new Error(`discount ${code} was taken under the member's lock`)
    return 'ok' as const
  })
  if (check === 'blocked' || check === 'limit' || check === 'code' || check === 'unavailable') return { ok: false, reason: check }
  if (check !== 'ok') return { ok: true, paymentId: check }
  try {
    const customerId = await customerFor(db, mollie, scope, input.userId)
    const mandate = await mollie.customerMandates.create({
      customerId,
      method: 'directdebit' as never,
      consumerName: input.accountHolder,
      consumerAccount: normalizeIban(input.iban),
      signatureDate: now.toISOString().slice(0, 10),
      mandateReference: `${site.slug.toUpperCase()}-${input.idempotencyKey.slice(0, 8)}`,
      idempotencyKey: `mandate-${input.idempotencyKey}`,
    } as never)
    const result = await repeatOrder(db, site, scope, { userId: input.userId, bundleId: bundle.id, mandateId: mandate.id, country: input.country, idempotencyKey: input.idempotencyKey, origin: input.origin })
    return result.ok ? result : { ok: false, reason: result.reason === 'unknown_bundle' ? 'unknown_bundle' : 'provider' }
  } catch (error) {
    console.error(`payments: ${scope.tenantId}: direct debit failed`, error)
    return { ok: false, reason: 'provider' }
  }
}
