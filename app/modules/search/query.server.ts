// The search query: one SQL statement per page, parameters only (Prisma.sql fragments).
// Members with an approved main photo first, then the most recently active (issue #16).
// It walks a per-gender partial index on (poolId, hasPhoto DESC, lastActiveAt DESC, id DESC,
// country, region, birthDate, appearance) WHERE status = 'active' AND NOT invisible AND
// gender = ... in order: poolId is an equality, the cursor a row comparison on (hasPhoto,
// lastActiveAt, id), the
// other filters are checked inside the index, and ORDER BY matches it, so Postgres stops
// after LIMIT rows and never sorts. Why partial indexes: with row-level security only
// leakproof operators may be index conditions, and enum comparison (status, gender) is not;
// a partial index's predicate is still proven by them.
import { Prisma } from '~/generated/prisma/client.ts'
import type { Gender } from '~/generated/prisma/enums.ts'
import type { Scope, ScopedTx } from '../db/scoped.server.ts'
import type { SearchCriteria } from './criteria.server.ts'
import type { Cursor } from './cursor.server.ts'

export type FoundProfile = {
  id: number
  name: string
  birthDate: Date
  country: string
  region: string | null
  city: string | null
  fictional: boolean
  lastActiveAt: Date
  hasPhoto: boolean
  thumbFilename: string | null
}

export type FindOptions = {
  /** The searching member's profile: never shown to themself, nor to or from members they blocked. */
  viewerId: number | null
  after: Cursor | null
  limit: number
  /** Ids already on the page (similar members). */
  excludeIds?: number[]
  /** Only members with an approved main photo (the swipe game shows a face). */
  withMainPhoto?: boolean
  /**
   * The swipe game (needs viewerId): not members the viewer likes, nor members the viewer
   * voted on in the game: a like for ever, a skip only when given at or after `skippedSince`.
   */
  unvoted?: { skippedSince: Date }
}

function conditions(scope: Scope, c: SearchCriteria, gender: Prisma.Sql, options: FindOptions): Prisma.Sql {
  const parts: Prisma.Sql[] = [
    Prisma.sql`p."poolId" = ${scope.poolId}`,
    Prisma.sql`p.status = 'active'`,
    gender,
    Prisma.sql`NOT p.invisible`,
    c.countries.length === 1 ? Prisma.sql`p.country = ${c.countries[0]}` : Prisma.sql`p.country = ANY(${c.countries}::text[])`,
  ]
  if (c.region) parts.push(Prisma.sql`p.region = ${c.region}`)
  if (c.bornOnOrBefore) parts.push(Prisma.sql`p."birthDate" <= ${c.bornOnOrBefore}::date`)
  if (c.bornAfter) parts.push(Prisma.sql`p."birthDate" > ${c.bornAfter}::date`)
  if (c.appearance) parts.push(Prisma.sql`p.appearance = ${c.appearance}`)
  if (options.viewerId !== null) {
    const viewer = options.viewerId
    parts.push(Prisma.sql`p.id <> ${viewer}`)
    // Blocks in both directions, looked up once per statement (an InitPlan), by index.
    parts.push(Prisma.sql`p.id <> ALL (ARRAY(
      SELECT b."blockerId" FROM "Block" b WHERE b."poolId" = ${scope.poolId} AND b."blockedId" = ${viewer}
      UNION ALL
      SELECT b."blockedId" FROM "Block" b WHERE b."poolId" = ${scope.poolId} AND b."blockerId" = ${viewer}))`)
  }
  if (options.excludeIds?.length) parts.push(Prisma.sql`p.id <> ALL (${options.excludeIds}::int[])`)
  // Profile.hasPhoto is "has an approved main photo", kept by a trigger on Photo.
  if (options.withMainPhoto) parts.push(Prisma.sql`p."hasPhoto"`)
  if (options.unvoted && options.viewerId !== null) {
    const viewer = options.viewerId
    // Anti-joins by primary key, per row the index walk reaches: (poolId, likerId, likedId)
    // and (poolId, profileId, targetId).
    parts.push(Prisma.sql`NOT EXISTS (SELECT 1 FROM "Like" l
      WHERE l."poolId" = ${scope.poolId} AND l."likerId" = ${viewer} AND l."likedId" = p.id)`)
    parts.push(Prisma.sql`NOT EXISTS (SELECT 1 FROM "Swipe" s
      WHERE s."poolId" = ${scope.poolId} AND s."profileId" = ${viewer} AND s."targetId" = p.id
        AND (s.vote = 'like' OR s."createdAt" >= ${options.unvoted.skippedSince.toISOString()}::timestamp))`)
  }
  return Prisma.join(parts, ' AND ')
}

// Row comparison in the index's order (every column descending; false < true).
const keyset = (after: Cursor | null) =>
  after
    ? Prisma.sql` AND (p."hasPhoto", p."lastActiveAt", p.id) < (${after.hasPhoto}::boolean, ${after.lastActiveAt.toISOString()}::timestamp, ${after.id}::int)`
    : Prisma.empty

const oneGender = (g: Gender) => Prisma.sql`p.gender = ${g}::"Gender"`

/**
 * The statement itself (exported for the benchmark's EXPLAIN): one ordered, limited branch
 * per gender. Two branches are merged by the caller, not by an ORDER BY over their union:
 * with row-level security the planner cannot see through the enum conditions and would
 * sort the whole pool instead of walking two indexes.
 */
export function searchStatement(scope: Scope, c: SearchCriteria, options: FindOptions): Prisma.Sql {
  const branches = c.genders.map(
    (g) => Prisma.sql`(SELECT p.id, p.name, p."birthDate", p.country, p.region, p.city, p.fictional, p."lastActiveAt", p."hasPhoto",
        (SELECT ph."thumbFilename" FROM "Photo" ph
          WHERE ph."poolId" = ${scope.poolId} AND ph."profileId" = p.id AND ph."isMain" AND ph.status = 'active'
          ORDER BY ph.position LIMIT 1) AS "thumbFilename"
      FROM "Profile" p
      WHERE ${conditions(scope, c, oneGender(g), options)}${keyset(options.after)}
      ORDER BY p."hasPhoto" DESC, p."lastActiveAt" DESC, p.id DESC
      LIMIT ${options.limit})`,
  )
  return Prisma.join(branches, ' UNION ALL ')
}

const newestFirst = (a: FoundProfile, b: FoundProfile) =>
  Number(b.hasPhoto) - Number(a.hasPhoto) || b.lastActiveAt.getTime() - a.lastActiveAt.getTime() || b.id - a.id

/** Profiles matching the criteria, with a photo first, then most recently active, after the cursor. */
export async function findProfiles(tx: ScopedTx, scope: Scope, criteria: SearchCriteria, options: FindOptions): Promise<FoundProfile[]> {
  if (criteria.genders.length === 0 || criteria.countries.length === 0 || options.limit <= 0) return []
  const rows = await tx.$queryRaw<FoundProfile[]>(searchStatement(scope, criteria, options))
  return rows.sort(newestFirst).slice(0, options.limit)
}

/** Counted per gender too, so each count can walk its gender's index; each stops after the cap. */
export function countStatement(scope: Scope, c: SearchCriteria, options: Pick<FindOptions, 'viewerId'>, cap: number): Prisma.Sql {
  const counts = c.genders.map((g) => {
    const where = conditions(scope, c, oneGender(g), { ...options, after: null, limit: 0 })
    return Prisma.sql`(SELECT count(*) FROM (SELECT 1 FROM "Profile" p WHERE ${where} LIMIT ${cap + 1}) counted)`
  })
  return Prisma.sql`SELECT (${Prisma.join(counts, ' + ')})::int AS n`
}

/** Matches up to `cap`; cap + 1 means "more than cap". */
export async function countProfiles(tx: ScopedTx, scope: Scope, criteria: SearchCriteria, options: Pick<FindOptions, 'viewerId'>, cap: number): Promise<number> {
  if (criteria.genders.length === 0 || criteria.countries.length === 0) return 0
  const rows = await tx.$queryRaw<{ n: number }[]>(countStatement(scope, criteria, options, cap))
  return rows[0]?.n ?? 0
}
