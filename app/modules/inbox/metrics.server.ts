// The inbox's figures (issue #21), from the answers themselves (InboxReply), over a window
// (default 24 hours): time to first answer (median, p95: from the member's oldest unanswered
// message to the answer) overall and per site and language, and answers per chatter per
// hour. Read on the operator's handle (only their pools), and only the answers to members
// of their sites count (a sibling site of the pool is not theirs).
import type { ScopedTx } from '../db/scoped.server.ts'

export type WaitFigures = { answers: number; medianSeconds: number | null; p95Seconds: number | null }
export type GroupFigures = WaitFigures & { tenantId: string; language: string | null }
export type ChatterFigures = { operatorId: string; name: string; answers: number; lastHour: number; perHour: number }

export async function inboxMetrics(tx: ScopedTx, reach: { sites: readonly { slug: string }[]; pools: readonly string[] }, options: { hours?: number; now?: Date } = {}) {
  const pools = [...reach.pools]
  const sites = reach.sites.map((s) => s.slug)
  const hours = options.hours ?? 24
  const now = options.now ?? new Date()
  const since = new Date(now.getTime() - hours * 3_600_000)
  const hourAgo = new Date(now.getTime() - 3_600_000)
  const wait = (alias: string) => `EXTRACT(EPOCH FROM (${alias}."answeredAt" - ${alias}."waitingSince"))`
  const [overall] = await tx.$queryRawUnsafe<WaitFigures[]>(
    `SELECT count(*)::int AS "answers",
            percentile_cont(0.5) WITHIN GROUP (ORDER BY ${wait('r')})::float AS "medianSeconds",
            percentile_cont(0.95) WITHIN GROUP (ORDER BY ${wait('r')})::float AS "p95Seconds"
       FROM "InboxReply" r WHERE r."poolId" = ANY($2::text[]) AND r."tenantId" = ANY($3::text[]) AND r."answeredAt" > $1 AND r."waitingSince" IS NOT NULL`,
    since,
    pools,
    sites,
  )
  const groups = await tx.$queryRawUnsafe<GroupFigures[]>(
    `SELECT r."tenantId", r."language", count(*)::int AS "answers",
            percentile_cont(0.5) WITHIN GROUP (ORDER BY ${wait('r')})::float AS "medianSeconds",
            percentile_cont(0.95) WITHIN GROUP (ORDER BY ${wait('r')})::float AS "p95Seconds"
       FROM "InboxReply" r WHERE r."poolId" = ANY($2::text[]) AND r."tenantId" = ANY($3::text[]) AND r."answeredAt" > $1 AND r."waitingSince" IS NOT NULL
      GROUP BY r."tenantId", r."language" ORDER BY r."tenantId", r."language"`,
    since,
    pools,
    sites,
  )
  const chatters = await tx.$queryRawUnsafe<Omit<ChatterFigures, 'perHour'>[]>(
    `SELECT r."operatorId", coalesce(o."name", r."operatorId") AS "name", count(*)::int AS "answers",
            count(*) FILTER (WHERE r."answeredAt" > $2)::int AS "lastHour"
       FROM "InboxReply" r LEFT JOIN "Operator" o ON o."id" = r."operatorId"
      WHERE r."poolId" = ANY($3::text[]) AND r."tenantId" = ANY($4::text[]) AND r."answeredAt" > $1 GROUP BY r."operatorId", o."name" ORDER BY count(*) DESC`,
    since,
    hourAgo,
    pools,
    sites,
  )
  return {
    hours,
    overall: overall ?? { answers: 0, medianSeconds: null, p95Seconds: null },
    groups,
    chatters: chatters.map((c) => ({ ...c, perHour: Math.round((c.answers / hours) * 10) / 10 })),
  }
}
