// Fictional profiles, run by operators (issue #21): created in one of the operator's pools
// (its home site one of theirs), edited, paused (not shown, not reachable) and resumed,
// shown among the live cams or not. Always fictional: nothing here can clear the flag and
// the database refuses it anyway (trigger). Every change audited with before and after.
import { z } from 'zod'
import { LOCALES } from '../../../tenants/schema.ts'
import type { ScopedTx } from '../db/scoped.server.ts'
import { COUNTRY_CODES } from '../geo/countries.ts'
import { auditIn, type AuditActor } from '../operators/audit.server.ts'

const adultOn = (date: Date, today = new Date()) => {
  const limit = new Date(Date.UTC(today.getUTCFullYear() - 18, today.getUTCMonth(), today.getUTCDate()))
  return date <= limit && date.getUTCFullYear() >= 1900
}

export const FictionalSchema = z.object({
  name: z.string().trim().min(1, 'profiles.nameRequired').max(40, 'profiles.nameRequired'),
  gender: z.enum(['man', 'woman']),
  birthDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'profiles.birthInvalid').transform((v) => new Date(`${v}T00:00:00Z`)).refine((d) => !Number.isNaN(d.getTime()) && adultOn(d), 'profiles.birthInvalid'),
  country: z.enum(COUNTRY_CODES),
  city: z.string().trim().max(80).optional().transform((v) => v || null),
  about: z.string().trim().max(2000).optional().transform((v) => v || null),
  aboutTexts: z.record(z.enum(LOCALES), z.string().trim().max(2000)).transform((r) => Object.fromEntries(Object.entries(r).filter(([, v]) => v))),
  liveCam: z.boolean(),
})

export type FictionalInput = z.output<typeof FictionalSchema>

export function readFictionalForm(form: FormData) {
  return FictionalSchema.safeParse({
    name: form.get('name') ?? '',
    gender: form.get('gender'),
    birthDate: form.get('birthDate') ?? '',
    country: form.get('country'),
    city: form.get('city') ?? undefined,
    about: form.get('about') ?? undefined,
    aboutTexts: Object.fromEntries(LOCALES.map((l) => [l, String(form.get(`about_${l}`) ?? '')])),
    liveCam: form.get('liveCam') === 'on',
  })
}

const SNAPSHOT = { name: true, gender: true, birthDate: true, country: true, city: true, about: true, aboutTexts: true, liveCam: true, status: true } as const

export async function createFictionalIn(tx: ScopedTx, actor: AuditActor, site: { slug: string; pool: string }, input: FictionalInput): Promise<number> {
  const row = await tx.profile.create({
    data: { poolId: site.pool, tenantId: site.slug, fictional: true, status: 'active', ...input, aboutTexts: input.aboutTexts },
    select: { id: true, ...SNAPSHOT },
  })
  const { id, ...after } = row
  await auditIn(tx, actor, { action: 'profile.create', tenantId: site.slug, poolId: site.pool, targetType: 'profile', targetId: id, after })
  return id
}

export async function updateFictionalIn(tx: ScopedTx, actor: AuditActor, id: number, change: Partial<FictionalInput> & { status?: 'active' | 'disabled' }): Promise<boolean> {
  const before = await tx.profile.findFirst({ where: { id, fictional: true }, select: { poolId: true, tenantId: true, ...SNAPSHOT } })
  if (!before) return false
  const { poolId, tenantId, ...was } = before
  const after = await tx.profile.update({ where: { poolId_id: { poolId, id } }, data: change, select: SNAPSHOT })
  const action = change.status && change.status !== was.status ? (change.status === 'disabled' ? 'profile.pause' : 'profile.resume') : 'profile.update'
  await auditIn(tx, actor, { action, tenantId, poolId, targetType: 'profile', targetId: id, before: was, after })
  return true
}
