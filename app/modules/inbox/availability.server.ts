// A chatter's availability for auto-assignment (issue #21): on, they are handed waiting
// conversations up to their maximum while their console is open; off (or signed out), none.
import type { ScopedTx } from '../db/scoped.server.ts'
import { auditIn, type AuditActor } from '../operators/audit.server.ts'

export async function setAvailable(tx: ScopedTx, actor: AuditActor, available: boolean): Promise<void> {
  await tx.operator.update({ where: { id: actor.id }, data: { available, lastSeenAt: new Date() } })
  await auditIn(tx, actor, { action: available ? 'inbox.available' : 'inbox.unavailable', targetType: 'operator', targetId: actor.id })
}
