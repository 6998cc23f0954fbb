// Auto-assignment of the inbox (issue #21), as support inboxes do it (Rocket.Chat's
// auto-selection, Chatwoot's round robin, Live Helper Chat's per-operator maximum): a
// waiting conversation nobody holds goes to an available, online chatter of its pool or site
// and language, the one with the fewest open conversations (then the one longest without a
// new one), never above their maximum. Offline chatters (no console request for
// ONLINE_MINUTES) and unavailable ones get none. Runs as the `inbox-assign` job: woken when
// a member writes to a fictional profile or a chatter becomes available, and every minute.
import type { Db } from '../db/client.server.ts'
import { withScope, type ScopedTx } from '../db/scoped.server.ts'
import { enqueue, wake } from '../jobs/runner.server.ts'
import type { LoadedTenant } from '../tenancy/load-tenants.server.ts'
import { claimConversation } from './claims.server.ts'
import { publishAssigned, publishQueueChanged } from './events.server.ts'

export const ONLINE_MINUTES = 2

export type Candidate = { id: string; email: string; role: 'chatter'; allSites: boolean; pools: string[]; sites: string[]; languages: string[]; maxChats: number; open: number; lastAssignedAt: Date | null }

export type Waiting = { id: number; tenantId: string; language: string | null }

/** The chatter a conversation goes to, or null (pure: the rule, tested on its own). */
export function pickChatter(conversation: Waiting, poolId: string, candidates: readonly Candidate[]): Candidate | null {
  const fits = candidates.filter(
    (c) =>
      c.open < c.maxChats &&
      (c.allSites || c.pools.includes(poolId) || c.sites.includes(conversation.tenantId)) &&
      (c.languages.length === 0 || conversation.language === null || c.languages.includes(conversation.language)),
  )
  fits.sort((a, b) => a.open - b.open || (a.lastAssignedAt?.getTime() ?? 0) - (b.lastAssignedAt?.getTime() ?? 0) || a.id.localeCompare(b.id))
  return fits[0] ?? null
}

async function candidatesIn(tx: ScopedTx, now: Date): Promise<Candidate[]> {
  return tx.$queryRaw<Candidate[]>`
    SELECT o."id", o."email", o."role"::text AS "role", o."allSites", coalesce(o."pools", '{}') AS "pools", coalesce(o."sites", '{}') AS "sites",
           coalesce(o."languages", '{}') AS "languages", o."maxChats", o."lastAssignedAt",
           (SELECT count(*)::int FROM "Conversation" c WHERE c."claimedBy" = o."id" AND c."claimedUntil" > ${now}) AS "open"
      FROM "Operator" o
     WHERE o."status" = 'active' AND o."role" = 'chatter' AND o."available" AND o."lastSeenAt" > ${new Date(now.getTime() - ONLINE_MINUTES * 60_000)}`
}

/** One pass over every pool; returns the assignments made. */
export async function assignWaiting(db: Db, tenants: readonly LoadedTenant[], now = new Date()): Promise<{ conversation: number; operatorId: string; poolId: string }[]> {
  const made: { conversation: number; operatorId: string; poolId: string }[] = []
  for (const poolId of [...new Set(tenants.map((t) => t.pool))]) {
    const assigned = await withScope(db, { tenantId: '', poolId }, async (tx) => {
      // One assigner per pool at a time (several nodes run the job).
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('inbox-assign'), hashtext(${poolId}))`
      const candidates = await candidatesIn(tx, now)
      if (candidates.length === 0) return []
      const waiting = await tx.$queryRaw<Waiting[]>`
        SELECT c."id", m."tenantId", c."operatorLanguage" AS "language"
          FROM "Conversation" c JOIN "Profile" m ON m."poolId" = c."poolId" AND m."id" = c."operatorWaitingFor"
         WHERE c."poolId" = ${poolId} AND c."operated" AND c."operatorWaitingSince" IS NOT NULL
           AND (c."claimedBy" IS NULL OR c."claimedUntil" IS NULL OR c."claimedUntil" <= ${now})
         ORDER BY c."operatorWaitingSince", c."id" LIMIT 200`
      const out: { conversation: number; operatorId: string; poolId: string }[] = []
      for (const conversation of waiting) {
        const chatter = pickChatter(conversation, poolId, candidates)
        if (!chatter) continue
        const actor = { id: chatter.id, email: chatter.email, role: chatter.role, ip: 'auto-assignment', maxChats: chatter.maxChats, sites: [conversation.tenantId] }
        const claimed = await claimConversation(tx, actor, conversation.id, { now, mustWait: true, audit: false })
        if (!claimed.ok) continue
        chatter.open += 1
        chatter.lastAssignedAt = now
        await tx.operator.update({ where: { id: chatter.id }, data: { lastAssignedAt: now } })
        await tx.$executeRaw`
          INSERT INTO "OperatorAudit" ("operatorId", "operatorEmail", "role", "action", "tenantId", "poolId", "targetType", "targetId", "ip")
          VALUES (${chatter.id}, ${chatter.email}, 'chatter'::"OperatorRole", 'inbox.assign', ${conversation.tenantId}, ${poolId}, 'conversation', ${String(conversation.id)}, 'auto-assignment')`
        out.push({ conversation: conversation.id, operatorId: chatter.id, poolId })
      }
      return out
    })
    made.push(...assigned)
    if (assigned.length > 0) await publishQueueChanged(poolId)
  }
  await Promise.all(made.map((a) => publishAssigned(a.operatorId, a.conversation)))
  return made
}

/** After a commit that may have made work for an available chatter. */
export async function wakeAssignment(): Promise<void> {
  try {
    await enqueue('inbox-assign', {}, { singletonKey: 'inbox-assign', singletonSeconds: 1 })
    wake('inbox-assign')
  } catch {
    // Jobs do not run on this node (a script or a test): the minute's pass picks it up.
  }
}
