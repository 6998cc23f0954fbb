// Admins manage operators (decision 023): invite, change role, assignment, languages and
// maximum, disable (every session ends at once), reset the second factor, send a new invite
// link. An admin grants only what they hold themselves (all sites only from an admin with
// all sites), never changes their own role or status (the last admin cannot lock out the
// network), and every change is audited with before and after.
import { z } from 'zod'
import { LOCALES } from '../../../tenants/schema.ts'
import type { ScopedTx } from '../db/scoped.server.ts'
import { auditIn, type AuditActor } from './audit.server.ts'
import type { Assignment } from './accounts.server.ts'
import { OPERATOR_ROLES } from './roles.ts'
import type { Reach } from './scope.server.ts'
import type { SignedInOperator } from './session.server.ts'

const list = (value: FormDataEntryValue[] | undefined) => (value ?? []).map(String)

/** The form's fields (checkbox lists come as repeated fields). */
export const OperatorFormSchema = z.object({
  name: z.string().trim().min(1, 'operators.nameRequired').max(80),
  role: z.enum(OPERATOR_ROLES),
  allSites: z.boolean(),
  pools: z.array(z.string().max(40)).max(50),
  sites: z.array(z.string().max(40)).max(200),
  languages: z.array(z.enum(LOCALES)).max(LOCALES.length),
  maxChats: z.coerce.number({ message: 'operators.maxChatsRange' }).int('operators.maxChatsRange').min(1, 'operators.maxChatsRange').max(50, 'operators.maxChatsRange'),
})

export function readOperatorForm(form: FormData) {
  return OperatorFormSchema.safeParse({
    name: form.get('name') ?? '',
    role: form.get('role'),
    allSites: form.get('allSites') === 'on',
    pools: list(form.getAll('pools')),
    sites: list(form.getAll('sites')),
    languages: list(form.getAll('languages')),
    maxChats: form.get('maxChats') ?? '5',
  })
}

/** What the admin may grant of the requested assignment; null when it asks for more. */
export function grantable(admin: Pick<SignedInOperator, 'allSites'>, reach: Reach, requested: Assignment): Assignment | null {
  if (requested.allSites) return admin.allSites ? { ...requested, pools: [], sites: [] } : null
  if (requested.pools.some((p) => !reach.pools.includes(p))) return null
  if (requested.sites.some((s) => !reach.sites.some((t) => t.slug === s))) return null
  return requested
}

const SNAPSHOT = { name: true, role: true, status: true, allSites: true, pools: true, sites: true, languages: true, maxChats: true } as const

export type OperatorChange = Assignment & { name: string; role: (typeof OPERATOR_ROLES)[number]; maxChats: number }

export async function updateOperatorIn(tx: ScopedTx, actor: AuditActor, id: string, change: OperatorChange): Promise<'ok' | 'not_found' | 'self'> {
  const before = await tx.operator.findUnique({ where: { id }, select: SNAPSHOT })
  if (!before) return 'not_found'
  if (id === actor.id && change.role !== before.role) return 'self'
  const after = await tx.operator.update({ where: { id }, data: change, select: SNAPSHOT })
  // A narrower assignment or another role: open sessions start over with it.
  if (before.role !== after.role) await tx.operatorSession.deleteMany({ where: { operatorId: id } })
  await auditIn(tx, actor, { action: 'operator.update', targetType: 'operator', targetId: id, before, after })
  return 'ok'
}

export async function setOperatorStatusIn(tx: ScopedTx, actor: AuditActor, id: string, status: 'active' | 'disabled'): Promise<'ok' | 'not_found' | 'self'> {
  if (id === actor.id) return 'self'
  const before = await tx.operator.findUnique({ where: { id }, select: { status: true, passwordHash: true } })
  if (!before || before.status === 'invited') return 'not_found'
  await tx.operator.update({ where: { id }, data: { status, available: false } })
  if (status === 'disabled') {
    await tx.operatorSession.deleteMany({ where: { operatorId: id } })
    // Their open claims go back to the queue.
    await tx.conversation.updateMany({ where: { claimedBy: id }, data: { claimedBy: null, claimedUntil: null } })
  }
  await auditIn(tx, actor, { action: status === 'disabled' ? 'operator.disable' : 'operator.enable', targetType: 'operator', targetId: id, before: { status: before.status }, after: { status } })
  return 'ok'
}

/** The operator sets up the authenticator app again at the next sign-in. */
export async function resetSecondFactorIn(tx: ScopedTx, actor: AuditActor, id: string): Promise<boolean> {
  const updated = await tx.operator.updateMany({ where: { id }, data: { totpSecret: null, totpLastStep: null, recoveryCodes: [] } })
  if (updated.count !== 1) return false
  await tx.operatorSession.deleteMany({ where: { operatorId: id } })
  await auditIn(tx, actor, { action: 'operator.totp_reset', targetType: 'operator', targetId: id })
  return true
}
