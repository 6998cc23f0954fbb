// Demo members for a pool: deterministic profiles with a generated avatar, a few with an
// account on their home site. Idempotent: re-running creates only what is missing.
//
// There is no natural key on Profile, so the seed owns the profiles whose userId is null or
// whose user's e-mail ends with DEMO_EMAIL_DOMAIN. Per home tenant it counts those and
// creates the tenant's next demo profiles by index (tenant t owns the indices i with
// i % tenantIds.length === t), so the same index always yields the same member.
import { randomUUID } from 'node:crypto'
import type { Db } from '../../app/modules/db/client.server.ts'
import { withScope, type ScopedTx } from '../../app/modules/db/scoped.server.ts'
import { regionsFor } from '../../app/modules/geo/regions.ts'
import type { MediaStorage } from '../../app/modules/media/storage.server.ts'
import { writeAvatar } from './avatars.ts'
import {
  ABOUT_FRAGMENTS,
  COUNTRY_WEIGHTS,
  FIRST_NAMES,
  REGION_WEIGHTS,
  citiesFor,
  createRng,
  type SeedGender,
  type SeedLocale,
} from './seed-data.ts'

export const DEMO_PROFILE_COUNT = 300
export const DEMO_EMAIL_DOMAIN = '@demo.invalid'

const DAY_MS = 24 * 60 * 60 * 1000
/** Avatars rendered at once; sharp works on the libuv thread pool (4 threads by default). */
const AVATAR_CONCURRENCY = 4

export type SeedPoolOptions = {
  poolId: string
  /** The pool's sites; profile i gets tenantIds[i % tenantIds.length] as home site. */
  tenantIds: string[]
  countries: string[]
  locale: SeedLocale
  count: number
  /** Where the avatars go; Photo.filename is the storage key (no pool name in it). */
  storage: MediaStorage
  now?: Date
}

export type DemoProfile = {
  index: number
  name: string
  gender: SeedGender
  sexuality: 'hetero' | 'gay' | 'lesbian' | 'bi'
  birthDate: Date
  country: string
  region: string | null
  city: string | null
  about: string
  fictional: boolean
  lastActiveAt: Date
  createdAt: Date
  /** E-mail of the member's account on the home site, or null for a profile without one. */
  accountEmail: string | null
  avatarSeed: string
  /** Every fourth member also has an approved private photo (a second avatar from this seed). */
  privatePhotoSeed: string | null
}

function ageFor(r: number, pick: (min: number, max: number) => number): number {
  if (r < 0.12) return pick(18, 24)
  if (r < 0.8) return pick(25, 45)
  if (r < 0.94) return pick(46, 55)
  return pick(56, 65)
}

function displayName(first: string, birthYear: number, rng: ReturnType<typeof createRng>): string {
  const r = rng.next()
  if (r < 0.78) return first
  const yy = String(birthYear % 100).padStart(2, '0')
  if (r < 0.88) return `${first}_${yy}`
  if (r < 0.94) return `${first}${rng.int(1, 99)}`
  return rng.pick([`${first.toLowerCase()}_${yy}`, `${first}.x`, `${first}${yy}`, `xx${first}xx`])
}

/** The local part of a demo e-mail address: ASCII, lower case. */
export function emailLocalPart(name: string): string {
  const ascii = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9._-]/g, '')
    .replace(/^[._-]+|[._-]+$/g, '')
  return ascii || 'member'
}

/** Demo member number `index` of a pool. Pure: the same input gives the same member. */
export function demoProfile(opts: {
  poolId: string
  locale: SeedLocale
  countries: readonly string[]
  index: number
  now: Date
}): DemoProfile {
  const { index, now } = opts
  const rng = createRng(`demo-profile:${opts.poolId}:${index}`)
  const gender: SeedGender = rng.chance(0.55) ? 'woman' : 'man'
  const first = rng.pick(FIRST_NAMES[opts.locale][gender])

  const s = rng.next()
  const sexuality: DemoProfile['sexuality'] =
    gender === 'woman' ? (s < 0.82 ? 'hetero' : s < 0.94 ? 'bi' : 'lesbian') : s < 0.87 ? 'hetero' : s < 0.94 ? 'bi' : 'gay'

  const age = ageFor(rng.next(), rng.int)
  // `age` years ago minus 1..364 days: exactly `age` years old today.
  const birthDate = new Date(
    Date.UTC(now.getUTCFullYear() - age, now.getUTCMonth(), now.getUTCDate()) - rng.int(1, 364) * DAY_MS,
  )
  const name = displayName(first, birthDate.getUTCFullYear(), rng)

  if (opts.countries.length === 0) throw new Error('seedPool: countries is empty')
  const countryWeights = Object.fromEntries(opts.countries.map((c) => [c, COUNTRY_WEIGHTS[c] ?? 1]))
  const country = rng.weighted(countryWeights)
  const regions = regionsFor(country)
  let region: string | null = null
  let city: string | null = null
  if (regions.length > 0) {
    const weights = REGION_WEIGHTS[country]
    region = rng.weighted(Object.fromEntries(regions.map((r) => [r.code, weights?.[r.code] ?? 1])))
    const cities = citiesFor(country, region)
    city = cities.length > 0 ? rng.pick(cities) : (regions.find((r) => r.code === region)?.name ?? null)
  }

  const about = rng.sample(ABOUT_FRAGMENTS[opts.locale], rng.int(1, 3)).join(' ')
  const fictional = rng.chance(0.1)
  // Spread over the last 14 days (more of them recently), at millisecond resolution.
  const lastActiveAt = new Date(now.getTime() - Math.floor(rng.next() ** 1.5 * 14 * DAY_MS))
  const createdAt = new Date(Math.min(lastActiveAt.getTime(), now.getTime() - rng.int(14, 540) * DAY_MS))
  const accountEmail = rng.chance(0.1) ? `${emailLocalPart(name)}.${index}${DEMO_EMAIL_DOMAIN}` : null

  return {
    index,
    name,
    gender,
    sexuality,
    birthDate,
    country,
    region,
    city,
    about,
    fictional,
    lastActiveAt,
    createdAt,
    accountEmail,
    avatarSeed: `${opts.poolId}:${index}`,
    privatePhotoSeed: index % 4 === 1 ? `${opts.poolId}:${index}:private` : null,
  }
}

/** The indices (below `count`) whose home site is tenantIds[t]. */
export function tenantIndices(count: number, tenantCount: number, t: number): number[] {
  const out: number[] = []
  for (let i = t; i < count; i += tenantCount) out.push(i)
  return out
}

async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const i = next++
      results[i] = await fn(items[i] as T)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return results
}

/** Seeded profiles of one home tenant (run inside that tenant's scope). */
function countSeeded(tx: ScopedTx, tenantId: string): Promise<number> {
  return tx.profile.count({
    where: { tenantId, OR: [{ userId: null }, { user: { is: { email: { endsWith: DEMO_EMAIL_DOMAIN } } } }] },
  })
}

type Avatar = { filename: string; thumbFilename: string }
type SeededMember = { profile: DemoProfile; avatar: Avatar; privatePhoto: Avatar | null }

/** Inserts the given members (with their accounts and photos) for one tenant. */
async function insertMembers(
  tx: ScopedTx,
  scope: { tenantId: string; poolId: string },
  locale: SeedLocale,
  members: readonly SeededMember[],
): Promise<void> {
  const { tenantId, poolId } = scope

  // Accounts: create the missing ones; reuse a left-over demo account without a profile;
  // leave the member without an account when its e-mail is already taken by a profile.
  const emails = members.flatMap((m) => (m.profile.accountEmail ? [m.profile.accountEmail] : []))
  const userIdByEmail = new Map<string, string>()
  if (emails.length > 0) {
    const known = await tx.user.findMany({
      where: { tenantId, email: { in: emails } },
      select: { id: true, email: true, profile: { select: { id: true } } },
    })
    const taken = new Set<string>()
    for (const u of known) {
      if (u.profile) taken.add(u.email)
      else userIdByEmail.set(u.email, u.id)
    }
    const fresh = members.flatMap(({ profile: p }) =>
      p.accountEmail && !taken.has(p.accountEmail) && !userIdByEmail.has(p.accountEmail)
        ? [{ id: randomUUID(), email: p.accountEmail, createdAt: p.createdAt }]
        : [],
    )
    if (fresh.length > 0) {
      await tx.user.createMany({
        data: fresh.map((u) => ({
          id: u.id,
          poolId,
          tenantId,
          email: u.email,
          passwordHash: null,
          status: 'active' as const,
          locale,
          signupDate: u.createdAt,
        })),
      })
      for (const u of fresh) userIdByEmail.set(u.email, u.id)
    }
  }

  const rows = await tx.profile.createManyAndReturn({
    data: members.map(({ profile: p }) => ({
      poolId,
      tenantId,
      userId: p.accountEmail ? (userIdByEmail.get(p.accountEmail) ?? null) : null,
      name: p.name,
      gender: p.gender,
      sexuality: p.sexuality,
      birthDate: p.birthDate,
      country: p.country,
      region: p.region,
      city: p.city,
      about: p.about,
      status: 'active' as const,
      fictional: p.fictional,
      liveCam: p.fictional,
      lastActiveAt: p.lastActiveAt,
      createdAt: p.createdAt,
    })),
    select: { id: true, name: true, birthDate: true, lastActiveAt: true },
  })

  // Match the returned ids to members by content rather than relying on RETURNING order.
  const key = (name: string, birthDate: Date, lastActiveAt: Date) =>
    `${name}|${birthDate.toISOString().slice(0, 10)}|${lastActiveAt.getTime()}`
  const idsByKey = new Map<string, number[]>()
  for (const r of rows) {
    const k = key(r.name, r.birthDate, r.lastActiveAt)
    idsByKey.set(k, [...(idsByKey.get(k) ?? []), r.id])
  }
  const photos = members.flatMap(({ profile: p, avatar, privatePhoto }) => {
    const profileId = idsByKey.get(key(p.name, p.birthDate, p.lastActiveAt))?.shift()
    if (profileId === undefined) throw new Error(`seedPool: no id returned for demo profile ${p.index}`)
    const main = {
      poolId,
      profileId,
      filename: avatar.filename,
      thumbFilename: avatar.thumbFilename,
      status: 'active' as const,
      isMain: true,
      isPrivate: false,
      position: 0,
      createdAt: p.createdAt,
    }
    // An approved private photo: locked for premium viewers where the site charges for it.
    if (!privatePhoto) return [main]
    return [main, { ...main, filename: privatePhoto.filename, thumbFilename: privatePhoto.thumbFilename, isMain: false, isPrivate: true, position: 1 }]
  })
  await tx.photo.createMany({ data: photos })
}

/**
 * Tops the pool up to `count` demo profiles (spread over its tenants), with avatars in
 * the media storage. Returns how many were created and how many seeded ones existed.
 */
export async function seedPool(db: Db, opts: SeedPoolOptions): Promise<{ created: number; existing: number }> {
  const now = opts.now ?? new Date()
  const { poolId, tenantIds } = opts
  if (tenantIds.length === 0) throw new Error(`seedPool(${poolId}): tenantIds is empty`)
  let created = 0
  let existing = 0

  for (const [t, tenantId] of tenantIds.entries()) {
    const scope = { tenantId, poolId }
    const wanted = tenantIndices(opts.count, tenantIds.length, t)

    for (let attempt = 1; ; attempt++) {
      const have = await withScope(db, scope, (tx) => countSeeded(tx, tenantId))
      if (have >= wanted.length) {
        existing += have
        break
      }
      // Render outside the transaction (slow, idempotent), then insert under a lock.
      const members = await mapLimit(wanted.slice(have), AVATAR_CONCURRENCY, async (index) => {
        const profile = demoProfile({ poolId, locale: opts.locale, countries: opts.countries, index, now })
        const avatar = await writeAvatar({ storage: opts.storage, seed: profile.avatarSeed, gender: profile.gender, initials: '' })
        const privatePhoto = profile.privatePhotoSeed
          ? await writeAvatar({ storage: opts.storage, seed: profile.privatePhotoSeed, gender: profile.gender, initials: '' })
          : null
        return { profile, avatar, privatePhoto }
      })
      const done = await withScope(
        db,
        scope,
        async (tx) => {
          // One seeder per tenant at a time; the count must not move between check and insert.
          await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`demo-seed:${poolId}:${tenantId}`}))`
          if ((await countSeeded(tx, tenantId)) !== have) return false
          await insertMembers(tx, scope, opts.locale, members)
          return true
        },
        { timeout: 60_000 },
      )
      if (done) {
        existing += have
        created += members.length
        break
      }
      if (attempt >= 3) throw new Error(`seedPool(${poolId}/${tenantId}): demo profiles keep changing while seeding`)
    }
  }
  return { created, existing }
}
