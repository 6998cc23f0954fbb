// Operator accounts (decision 023): never members, one table across the network. The first
// admin comes from `npm run operator:add`; admins invite the rest from the console (a link
// that sets the password, valid 7 days, shown once to the inviting admin).
import { randomBytes } from 'node:crypto'
import { z } from 'zod'
import type { Db } from '../db/client.server.ts'
import type { ScopedTx } from '../db/scoped.server.ts'
import { normalizeEmail } from '../accounts/fields.ts'
import { hashPassword } from '../auth/password.server.ts'
import { sha256 } from '../auth/tokens.server.ts'
import { PASSWORD_MAX_LENGTH } from '../accounts/password-rules.ts'
import { LOCALES } from '../../../tenants/schema.ts'
import { auditIn, type AuditActor } from './audit.server.ts'
import { OPERATOR_ROLES, type OperatorRole } from './roles.ts'
import { destroyOperatorSessions } from './session.server.ts'

/** Operators choose longer passwords than members: they hold everyone's data. */
export const OPERATOR_PASSWORD_MIN = 12
export const INVITE_DAYS = 7

export const OperatorPasswordSchema = z.string().min(OPERATOR_PASSWORD_MIN, 'console:errors.passwordShort').max(PASSWORD_MAX_LENGTH, 'console:errors.passwordLong')

export type Assignment = { allSites: boolean; pools: string[]; sites: string[]; languages: string[] }

export const AssignmentSchema = z.object({
  allSites: z.boolean(),
  pools: z.array(z.string().regex(/^[a-z0-9-]{1,40}$/)).max(50),
  sites: z.array(z.string().regex(/^[a-z0-9-]{1,40}$/)).max(200),
  languages: z.array(z.enum(LOCALES)).max(LOCALES.length),
})

/** Creates an active operator with a password (the command line's first admin). */
export async function createOperator(
  db: Db,
  input: { email: string; name: string; role: OperatorRole; password: string; assignment: Assignment; maxChats?: number },
): Promise<{ id: string } | { error: 'exists' }> {
  const email = normalizeEmail(input.email)
  const passwordHash = await hashPassword(input.password)
  return db.$transaction(async (tx) => {
    if (await tx.operator.findUnique({ where: { email }, select: { id: true } })) return { error: 'exists' as const }
    const created = await tx.operator.create({
      data: { email, name: input.name, role: input.role, status: 'active', passwordHash, ...input.assignment, maxChats: input.maxChats ?? 5 },
      select: { id: true, email: true, role: true },
    })
    await auditIn(tx, { id: created.id, email: created.email, role: created.role, ip: 'command line' }, { action: 'operator.create', targetType: 'operator', targetId: created.id, after: { email, role: input.role, ...input.assignment } })
    return { id: created.id }
  })
}

export type InviteInput = { email: string; name: string; role: OperatorRole; assignment: Assignment; maxChats: number }

/** An invited operator (no password yet) and the raw invite token, shown once. */
export async function inviteOperatorIn(tx: ScopedTx, actor: AuditActor, input: InviteInput, now = new Date()): Promise<{ id: string; token: string } | { error: 'exists' }> {
  const email = normalizeEmail(input.email)
  if (await tx.operator.findUnique({ where: { email }, select: { id: true } })) return { error: 'exists' }
  const token = randomBytes(24).toString('base64url')
  const created = await tx.operator.create({
    data: {
      email, name: input.name, role: input.role, status: 'invited', ...input.assignment, maxChats: input.maxChats,
      inviteHash: sha256(token), inviteExpiresAt: new Date(now.getTime() + INVITE_DAYS * 86_400_000), createdById: actor.id,
    },
    select: { id: true },
  })
  await auditIn(tx, actor, { action: 'operator.invite', targetType: 'operator', targetId: created.id, after: { email, name: input.name, role: input.role, ...input.assignment, maxChats: input.maxChats } })
  return { id: created.id, token }
}

/** A new invite link for an operator (a forgotten password): the old password stops working. */
export async function reinviteOperatorIn(tx: ScopedTx, actor: AuditActor, operatorId: string, now = new Date()): Promise<string | null> {
  const token = randomBytes(24).toString('base64url')
  const updated = await tx.operator.updateMany({
    where: { id: operatorId, status: { not: 'disabled' } },
    data: { status: 'invited', passwordHash: null, inviteHash: sha256(token), inviteExpiresAt: new Date(now.getTime() + INVITE_DAYS * 86_400_000) },
  })
  if (updated.count !== 1) return null
  await tx.operatorSession.deleteMany({ where: { operatorId } })
  await auditIn(tx, actor, { action: 'operator.reinvite', targetType: 'operator', targetId: operatorId })
  return token
}

export async function findInvite(db: Db, token: string, now = new Date()): Promise<{ id: string; email: string; name: string } | null> {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return null
  const row = await db.operator.findUnique({ where: { inviteHash: sha256(token) }, select: { id: true, email: true, name: true, status: true, inviteExpiresAt: true } })
  return row && row.status === 'invited' && row.inviteExpiresAt && row.inviteExpiresAt > now ? { id: row.id, email: row.email, name: row.name } : null
}

/** Sets the password of an invited operator (the token is used up in the same statement). */
export async function acceptInvite(db: Db, token: string, password: string, ip: string, now = new Date()): Promise<{ id: string } | null> {
  const invite = await findInvite(db, token, now)
  if (!invite) return null
  const passwordHash = await hashPassword(password)
  return db.$transaction(async (tx) => {
    const updated = await tx.operator.updateMany({ where: { id: invite.id, inviteHash: sha256(token), status: 'invited' }, data: { passwordHash, status: 'active', inviteHash: null, inviteExpiresAt: null } })
    if (updated.count !== 1) return null
    const row = await tx.operator.findUniqueOrThrow({ where: { id: invite.id }, select: { id: true, email: true, role: true } })
    await auditIn(tx, { id: row.id, email: row.email, role: row.role, ip }, { action: 'operator.accept_invite', targetType: 'operator', targetId: row.id })
    return { id: row.id }
  })
}

/** Changes the own password; every other session of the operator ends. */
export async function changeOperatorPassword(db: Db, actor: AuditActor, password: string, keepSession: string): Promise<void> {
  const passwordHash = await hashPassword(password)
  await db.$transaction(async (tx) => {
    await tx.operator.update({ where: { id: actor.id }, data: { passwordHash } })
    await auditIn(tx, actor, { action: 'operator.password', targetType: 'operator', targetId: actor.id })
  })
  await destroyOperatorSessions(db, actor.id, keepSession)
}

export const isRole = (value: string): value is OperatorRole => (OPERATOR_ROLES as readonly string[]).includes(value)
