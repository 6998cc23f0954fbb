// Notes about a member or a fictional profile, for the next chatter (issue #21). Pool-scoped;
// written on the operator's handle, so only a profile of their pools can get one.
import type { ScopedTx } from '../db/scoped.server.ts'
import { auditIn, type AuditActor } from '../operators/audit.server.ts'

export const NOTE_MAX = 2000

export async function addNote(tx: ScopedTx, actor: AuditActor & { name: string }, profileId: number, body: string): Promise<boolean> {
  const text = body.trim().slice(0, NOTE_MAX)
  if (!text) return false
  const profile = await tx.profile.findFirst({ where: { id: profileId }, select: { poolId: true } })
  if (!profile) return false
  const note = await tx.operatorNote.create({ data: { poolId: profile.poolId, profileId, body: text, operatorId: actor.id, operatorName: actor.name }, select: { id: true } })
  await auditIn(tx, actor, { action: 'inbox.note', poolId: profile.poolId, targetType: 'profile', targetId: profileId, after: { noteId: note.id, body: text } })
  return true
}
