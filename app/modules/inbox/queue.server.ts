// The inbox queue (issue #21): conversations whose member waits for a fictional profile's
// answer, oldest first, within the chatter's sites and languages. Reads run on the
// operator's handle, so the database admits only their pools (decision 023); the member's
// site and the language narrow it further here.
import { Prisma } from '~/generated/prisma/client.ts'
import type { ScopedTx } from '../db/scoped.server.ts'

/** Who is asking: their sites (slugs), pools and languages (empty: any). */
export type QueueViewer = { id: string; sites: readonly string[]; pools: readonly string[]; languages: readonly string[] }
export type QueueFilter = { site?: string | null; language?: string | null }

function conditions(viewer: QueueViewer, filter: QueueFilter = {}): Prisma.Sql {
  const parts = [
    Prisma.sql`c."operatorWaitingSince" IS NOT NULL`,
    Prisma.sql`c."operated"`,
    Prisma.sql`c."poolId" = ANY (${[...viewer.pools]}::text[])`,
    Prisma.sql`m."tenantId" = ANY (${[...viewer.sites]}::text[])`,
  ]
  // A conversation without a known language waits for everyone.
  if (viewer.languages.length > 0) parts.push(Prisma.sql`(c."operatorLanguage" IS NULL OR c."operatorLanguage" = ANY (${[...viewer.languages]}::text[]))`)
  if (filter.site) parts.push(Prisma.sql`m."tenantId" = ${filter.site}`)
  if (filter.language) parts.push(Prisma.sql`c."operatorLanguage" = ${filter.language}`)
  return Prisma.join(parts, ' AND ')
}

const FROM = Prisma.sql`
  FROM "Conversation" c
  JOIN "Profile" m ON m."poolId" = c."poolId" AND m."id" = c."operatorWaitingFor"`

export type WaitingSummary = { count: number; oldest: Date | null }

/** The console header's figures: how many wait, since when the oldest. */
export async function waitingSummary(tx: ScopedTx, viewer: QueueViewer): Promise<WaitingSummary> {
  if (viewer.pools.length === 0) return { count: 0, oldest: null }
  const [row] = await tx.$queryRaw<{ count: number; oldest: Date | null }[]>`
    SELECT count(*)::int AS "count", min(c."operatorWaitingSince") AS "oldest" ${FROM} WHERE ${conditions(viewer)}`
  return { count: row?.count ?? 0, oldest: row?.oldest ?? null }
}

export type QueueItem = {
  id: number
  poolId: string
  tenantId: string
  waitingSince: Date
  language: string | null
  memberId: number
  memberName: string
  profileId: number
  profileName: string
  claimedBy: string | null
  claimedByName: string | null
  claimedUntil: Date | null
  lastMessage: string | null
}

/** The queue, oldest wait first; a claim that has run out counts as free. */
export async function listQueue(tx: ScopedTx, viewer: QueueViewer, filter: QueueFilter = {}, now = new Date(), take = 100): Promise<QueueItem[]> {
  if (viewer.pools.length === 0) return []
  const rows = await tx.$queryRaw<QueueItem[]>`
    SELECT c."id", c."poolId", m."tenantId", c."operatorWaitingSince" AS "waitingSince", c."operatorLanguage" AS "language",
           m."id" AS "memberId", m."name" AS "memberName", f."id" AS "profileId", f."name" AS "profileName",
           CASE WHEN c."claimedUntil" > ${now} THEN c."claimedBy" END AS "claimedBy",
           CASE WHEN c."claimedUntil" > ${now} THEN o."name" END AS "claimedByName",
           CASE WHEN c."claimedUntil" > ${now} THEN c."claimedUntil" END AS "claimedUntil",
           (SELECT left(msg."body", 140) FROM "Message" msg
             WHERE msg."poolId" = c."poolId" AND msg."conversationId" = c."id" AND msg."senderId" = m."id"
             ORDER BY msg."createdAt" DESC LIMIT 1) AS "lastMessage"
    ${FROM}
    JOIN "Profile" f ON f."poolId" = c."poolId" AND f."id" = CASE WHEN c."profileAId" = m."id" THEN c."profileBId" ELSE c."profileAId" END
    LEFT JOIN "Operator" o ON o."id" = c."claimedBy"
    WHERE ${conditions(viewer, filter)}
    ORDER BY c."operatorWaitingSince" ASC, c."id" ASC
    LIMIT ${take}`
  return rows
}
