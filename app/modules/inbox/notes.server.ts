// Notes about a member or a fictional profile, for the next chatter (issue #21). Pool-scoped;
// written on the operator's handle, so only a profile of their pools can get one, and only
// one of the two sides of a conversation of their sites.
import type { ScopedTx } from '../db/scoped.server.ts'
import { auditIn, type AuditActor } from '../operators/audit.server.ts'

export const NOTE_MAX = 2000

/**
 * A note on `profileId`, one of the two sides of the conversation the chatter works on; that
 * conversation's member must be of one of `sites` (the chatter's). Any other profile of the
 * pool (a sibling site's member) gets none.
 */
export async function addNote(tx: ScopedTx, actor: AuditActor & { name: string }, at: { conversationId: number; profileId: number; sites: readonly string[] }, body: string): Promise<boolean> {
  const text = body.trim().slice(0, NOTE_MAX)
  if (!text) return false
  const { profileId } = at
  const conv = await tx.conversation.findFirst({ where: { id: at.conversationId, operated: true }, select: { poolId: true, profileAId: true, profileBId: true } })
  if (!conv || (conv.profileAId !== profileId && conv.profileBId !== profileId)) return false
  const member = await tx.profile.findFirst({ where: { poolId: conv.poolId, id: { in: [conv.profileAId, conv.profileBId] }, fictional: false }, select: { tenantId: true } })
  if (!member || !at.sites.includes(member.tenantId)) return false
  const profile = { poolId: conv.poolId }
  const note = await tx.operatorNote.create({ data: { poolId: profile.poolId, profileId, body: text, operatorId: actor.id, operatorName: actor.name }, select: { id: true } })
  await auditIn(tx, actor, { action: 'inbox.note', poolId: profile.poolId, targetType: 'profile', targetId: profileId, after: { noteId: note.id, body: text } })
  return true
}
