// Discount codes in the console (issue #23, decision 050): SPEC §3's fields (code, country,
// member, percentage, currency, minimum order value, expiry, payment methods) plus one-time
// or once per member; created, listed with their use counts (paid purchases: the
// DiscountRedemption rows of paid payments), expired. Audited. The delete form's personal code is not made
// here (it is derived per member in the delete flow).
import { z } from 'zod'
import { COUNTRY_CODES } from '../geo/countries.ts'
import type { ScopedTx } from '../db/scoped.server.ts'
import { auditIn, type AuditActor } from '../operators/audit.server.ts'
import type { Reach } from '../operators/scope.server.ts'
import { TIME_BONUS_CODE, WELCOME_CODE } from '../payments/discounts.server.ts'
import { PAYMENT_METHODS, CURRENCIES } from '../../../tenants/schema.ts'

const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : typeof v === 'string' ? v.trim() : v), schema.optional())

export const CodeSchema = z.object({
  site: z.string().min(1, 'codes.siteRequired').max(60),
  code: z.preprocess((v) => (typeof v === 'string' ? v.trim().toUpperCase() : v), z.string().regex(/^[A-Z0-9][A-Z0-9_-]{2,39}$/, 'codes.codeInvalid')),
  percentage: z.coerce.number({ message: 'codes.percentInvalid' }).int('codes.percentInvalid').min(1, 'codes.percentInvalid').max(100, 'codes.percentInvalid'),
  country: optional(z.preprocess((v) => (typeof v === 'string' ? v.toUpperCase() : v), z.enum(COUNTRY_CODES, { message: 'codes.countryInvalid' }))),
  currency: optional(z.preprocess((v) => (typeof v === 'string' ? v.toUpperCase() : v), z.enum(CURRENCIES, { message: 'codes.currencyInvalid' }))),
  minimum: optional(z.string().regex(/^\d{1,6}([.,]\d{1,2})?$/, 'codes.minimumInvalid')),
  expires: optional(z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'codes.expiresInvalid')),
  member: optional(z.string().email('codes.memberInvalid').max(254)),
  methods: z.array(z.enum(PAYMENT_METHODS, { message: 'codes.methodInvalid' })).default([]),
  use: z.enum(['once', 'member'], { message: 'codes.useInvalid' }),
})

export type CodeForm = z.infer<typeof CodeSchema>

export function readCodeForm(form: FormData) {
  return CodeSchema.safeParse({
    site: form.get('site') ?? '',
    code: form.get('code') ?? '',
    percentage: form.get('percentage') ?? '',
    country: form.get('country') ?? '',
    currency: form.get('currency') ?? '',
    minimum: form.get('minimum') ?? '',
    expires: form.get('expires') ?? '',
    member: form.get('member') ?? '',
    methods: form.getAll('methods'),
    use: form.get('use') ?? 'member',
  })
}

export type CreateCodeResult = { ok: true; id: number } | { ok: false; errors: Record<string, string> }

export async function createCodeIn(tx: ScopedTx, actor: AuditActor, reach: Reach, input: CodeForm, now = new Date()): Promise<CreateCodeResult> {
  const site = reach.sites.find((s) => s.slug === input.site)
  if (!site) return { ok: false, errors: { site: 'codes.siteRequired' } }
  if (input.code === TIME_BONUS_CODE || input.code === WELCOME_CODE) return { ok: false, errors: { code: 'codes.reserved' } }
  const errors: Record<string, string> = {}
  const expiresAt = input.expires ? new Date(`${input.expires}T23:59:59.999Z`) : null
  if (expiresAt && (Number.isNaN(expiresAt.getTime()) || expiresAt <= now)) errors.expires = 'codes.expiresPast'
  const offered = site.payments.methods as readonly string[]
  if (input.methods.some((m) => !offered.includes(m))) errors.methods = 'codes.methodInvalid'
  let userId: string | null = null
  if (input.member) {
    const member = await tx.user.findFirst({ where: { poolId: site.pool, tenantId: site.slug, email: input.member.toLowerCase() }, select: { id: true } })
    if (!member) errors.member = 'codes.memberUnknown'
    else userId = member.id
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors }
  const exists = await tx.discountCode.findUnique({ where: { tenantId_code: { tenantId: site.slug, code: input.code } }, select: { id: true } })
  if (exists) return { ok: false, errors: { code: 'codes.exists' } }
  const minimumOrderValue = input.minimum ? Math.round(Number(input.minimum.replace(',', '.')) * 100) : null
  const row = await tx.discountCode.create({
    data: {
      tenantId: site.slug, code: input.code, percentage: input.percentage, country: input.country ?? null, currency: input.currency ?? null,
      minimumOrderValue, expiresAt, paymentMethods: input.methods, userId, oneTime: input.use === 'once', createdBy: actor.id,
    },
    select: { id: true },
  })
  await auditIn(tx, actor, {
    action: 'code.create', tenantId: site.slug, poolId: site.pool, targetType: 'code', targetId: row.id,
    after: { code: input.code, percentage: input.percentage, country: input.country ?? null, currency: input.currency ?? null, minimumOrderValue, expiresAt, methods: input.methods, member: userId, oneTime: input.use === 'once' },
  })
  return { ok: true, id: row.id }
}

/** Every code of the operator's sites (newest first) with its use count. */
export async function listCodes(tx: ScopedTx, reach: Reach, site?: string) {
  const mine = site ? reach.sites.filter((s) => s.slug === site) : reach.sites
  const sites = mine.map((s) => s.slug)
  const pools = [...new Set(mine.map((s) => s.pool))]
  const codes = await tx.discountCode.findMany({ where: { tenantId: { in: sites } }, orderBy: { id: 'desc' }, take: 500 })
  // Uses are paid purchases: a checkout in progress reserves the code (decision 040) but is no use yet.
  const uses = await tx.$queryRaw<{ tenantId: string; code: string; n: number }[]>`
    SELECT r."tenantId", r.code, count(*)::int AS n FROM "DiscountRedemption" r
    JOIN "Payment" p ON p."poolId" = r."poolId" AND p."tenantId" = r."tenantId" AND p.id = r."paymentId"
    WHERE r."poolId" = ANY(${pools}) AND r."tenantId" = ANY(${sites}) AND p.status::text = 'paid'
    GROUP BY r."tenantId", r.code`
  const count = new Map(uses.map((u) => [`${u.tenantId}/${u.code}`, u.n]))
  return codes.map((c) => ({ ...c, uses: count.get(`${c.tenantId}/${c.code}`) ?? 0 }))
}

/** Expire a code now: it stops working at once; its uses stay. */
export async function expireCodeIn(tx: ScopedTx, actor: AuditActor, reach: Reach, id: number, now = new Date()): Promise<boolean> {
  const row = await tx.discountCode.findFirst({ where: { id, tenantId: { in: reach.sites.map((s) => s.slug) } } })
  if (!row || row.status === 'inactive') return false
  await tx.discountCode.updateMany({ where: { id: row.id, tenantId: row.tenantId }, data: { status: 'inactive', expiresAt: row.expiresAt && row.expiresAt < now ? row.expiresAt : now } })
  const site = reach.sites.find((s) => s.slug === row.tenantId)
  await auditIn(tx, actor, { action: 'code.expire', tenantId: row.tenantId, poolId: site?.pool ?? null, targetType: 'code', targetId: row.id, before: { status: row.status, expiresAt: row.expiresAt }, after: { status: 'inactive', expiresAt: now } })
  return true
}
