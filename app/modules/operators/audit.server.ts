// The operators' audit log (decision 023): who (operator, role), what (action), where
// (site, pool), on what (target), before and after where data changed, when and from which
// address. Written in the transaction of the action it records, so an action without its
// row cannot commit. Append-only: the runtime role has no UPDATE or DELETE on the table and
// a trigger refuses both. Inserted without RETURNING: only admins may read rows back.
import type { Prisma } from '~/generated/prisma/client.ts'
import type { ScopedTx } from '../db/scoped.server.ts'
import type { OperatorRole } from './roles.ts'

export type AuditActor = { id: string; email: string; role: OperatorRole; ip: string }

export type AuditEntry = {
  /** `area.verb`: inbox.claim, inbox.reply, photo.approve, operator.invite, ... */
  action: string
  tenantId?: string | null
  poolId?: string | null
  targetType?: string | null
  targetId?: string | number | null
  before?: unknown
  after?: unknown
}

const json = (value: unknown): string | null => (value === undefined || value === null ? null : JSON.stringify(value))

export async function auditIn(tx: ScopedTx | Prisma.TransactionClient, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO "OperatorAudit" ("operatorId", "operatorEmail", "role", "action", "tenantId", "poolId", "targetType", "targetId", "before", "after", "ip")
    VALUES (${actor.id}, ${actor.email}, ${actor.role}::"OperatorRole", ${entry.action}, ${entry.tenantId ?? null}, ${entry.poolId ?? null},
            ${entry.targetType ?? null}, ${entry.targetId === undefined || entry.targetId === null ? null : String(entry.targetId)},
            ${json(entry.before)}::jsonb, ${json(entry.after)}::jsonb, ${actor.ip.slice(0, 64) || null})`
}

export type AuditFilter = {
  operatorId?: string
  action?: string
  tenantId?: string
  targetType?: string
  targetId?: string
  from?: Date
  to?: Date
  /** Rows older than this id (paging, newest first). */
  before?: bigint
}

export type AuditRow = {
  id: string
  at: Date
  operatorEmail: string
  role: OperatorRole
  action: string
  tenantId: string | null
  poolId: string | null
  targetType: string | null
  targetId: string | null
  before: unknown
  after: unknown
  ip: string | null
}

/** Newest first; the caller's transaction carries the admin's scope (RLS decides what is seen). */
export async function listAudit(tx: ScopedTx, filter: AuditFilter, take = 50): Promise<AuditRow[]> {
  const rows = await tx.operatorAudit.findMany({
    where: {
      ...(filter.operatorId ? { operatorId: filter.operatorId } : {}),
      ...(filter.action ? { action: { startsWith: filter.action } } : {}),
      ...(filter.tenantId ? { tenantId: filter.tenantId } : {}),
      ...(filter.targetType ? { targetType: filter.targetType } : {}),
      ...(filter.targetId ? { targetId: filter.targetId } : {}),
      ...(filter.from || filter.to ? { at: { ...(filter.from ? { gte: filter.from } : {}), ...(filter.to ? { lt: filter.to } : {}) } } : {}),
      ...(filter.before ? { id: { lt: filter.before } } : {}),
    },
    orderBy: { id: 'desc' },
    take,
  })
  return rows.map((r) => ({ ...r, id: r.id.toString() }))
}
