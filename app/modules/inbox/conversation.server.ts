// One conversation as a chatter sees it (issue #21): the member (profile, photos, country,
// local time, credits and paid status; never the e-mail address or payments), the whole
// history with gifts, photos and the photos the member unlocked, the fictional profile
// itself, the notes on both, the site's disclosure as the member sees it, saved replies.
// Read on the operator's handle: another pool's conversation is simply not found.
import type { TFunction } from 'i18next'
import type { Locale } from '../../../tenants/schema.ts'
import { LOCALES } from '../../../tenants/schema.ts'
import type { ScopedTx } from '../db/scoped.server.ts'
import { serverI18n } from '../i18n/i18n.server.ts'
import { ageOn } from '../profiles/age.ts'
import type { LoadedTenant } from '../tenancy/load-tenants.server.ts'
import { fillCanned } from './canned.ts'

/** The member's clock: a main time zone per country, else the member's site's. */
const ZONES: Record<string, string> = {
  NL: 'Europe/Amsterdam', BE: 'Europe/Brussels', DE: 'Europe/Berlin', AT: 'Europe/Vienna', CH: 'Europe/Zurich', FR: 'Europe/Paris', IT: 'Europe/Rome',
  ES: 'Europe/Madrid', PL: 'Europe/Warsaw', GB: 'Europe/London', IE: 'Europe/Dublin', US: 'America/New_York', CA: 'America/Toronto',
  AU: 'Australia/Sydney', NZ: 'Pacific/Auckland', LU: 'Europe/Luxembourg', DK: 'Europe/Copenhagen', SE: 'Europe/Stockholm', NO: 'Europe/Oslo', PT: 'Europe/Lisbon',
}

export function localTime(country: string, fallbackZone: string, now: Date, locale: string): { time: string; zone: string } {
  const zone = ZONES[country] ?? fallbackZone
  return { time: new Intl.DateTimeFormat(locale, { timeZone: zone, weekday: 'short', hour: '2-digit', minute: '2-digit' }).format(now), zone }
}

const PHOTO_SELECT = { id: true, thumbFilename: true, filename: true, isPrivate: true, isMain: true, status: true } as const

/** The site's honest answer in the member's language, as the member would read it. */
export function honestAnswer(site: LoadedTenant, language: string | null, profileName: string): string {
  const locale = (LOCALES as readonly string[]).includes(language ?? '') ? (language as Locale) : site.locales.default
  const t: TFunction = serverI18n(locale, site.locales.default).t
  return t('honestAnswer', { ns: 'chat', site: site.name, name: profileName, label: site.fictional.singular[locale] ?? site.fictional.singular[site.locales.default] ?? '' })
}

/**
 * `sites`: the operator's sites (reach.sites), never the whole registry: the database admits
 * the operator's pools, and a conversation of a member of a sibling site is not theirs.
 */
export async function loadConversationView(tx: ScopedTx, input: { conversationId: number; operatorId: string; sites: readonly LoadedTenant[]; locale: string; now?: Date }) {
  const now = input.now ?? new Date()
  const conv = await tx.conversation.findFirst({
    where: { id: input.conversationId, operated: true },
    select: { id: true, poolId: true, profileAId: true, profileBId: true, operatorWaitingSince: true, operatorLanguage: true, claimedBy: true, claimedUntil: true, createdAt: true },
  })
  if (!conv) return null
  const sides = await tx.profile.findMany({
    where: { poolId: conv.poolId, id: { in: [conv.profileAId, conv.profileBId] } },
    select: {
      id: true, name: true, fictional: true, tenantId: true, status: true, gender: true, birthDate: true, country: true, region: true, city: true, about: true, aboutTexts: true,
      relationshipStatus: true, bodyType: true, hairColour: true, eyeColour: true, interests: true, createdAt: true, lastActiveAt: true,
      photos: { where: { poolId: conv.poolId, status: 'active' }, select: PHOTO_SELECT, orderBy: [{ isMain: 'desc' }, { position: 'asc' }] },
    },
  })
  const profile = sides.find((p) => p.fictional)
  const member = sides.find((p) => !p.fictional)
  if (!profile || !member) return null
  const site = input.sites.find((t) => t.slug === member.tenantId)
  if (!site) return null
  const [standing] = await tx.$queryRaw<{ credits: number; paidUser: boolean; signupDate: Date; locale: string | null }[]>`SELECT * FROM dating_member_standing(${[member.id]}::int[])`
  const messages = await tx.message.findMany({
    where: { poolId: conv.poolId, conversationId: conv.id },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: 200,
    select: { id: true, senderId: true, body: true, gift: true, photoId: true, credits: true, createdAt: true, readAt: true, deliveredAt: true },
  })
  const unlocked = await tx.photoUnlock.findMany({ where: { poolId: conv.poolId, viewerId: member.id, photo: { profileId: profile.id } }, select: { photoId: true, credits: true, createdAt: true } })
  const notes = await tx.operatorNote.findMany({ where: { poolId: conv.poolId, profileId: { in: [member.id, profile.id] } }, orderBy: { createdAt: 'desc' }, take: 50 })
  const language = conv.operatorLanguage ?? standing?.locale ?? site.locales.default
  const canned = await tx.cannedReply.findMany({ where: { tenantId: site.slug, language }, orderBy: { title: 'asc' }, take: 100 })
  const locale = (LOCALES as readonly string[]).includes(language) ? (language as Locale) : site.locales.default
  const photoUrl = (key: string) => `/media/${key}`
  const photos = (rows: typeof member.photos) => rows.map((p) => ({ id: p.id, thumb: photoUrl(p.thumbFilename), url: photoUrl(p.filename), private: p.isPrivate, main: p.isMain }))
  const allPhotos = new Map([...member.photos, ...profile.photos].map((p) => [p.id, p]))
  const claimActive = conv.claimedUntil !== null && conv.claimedUntil > now ? conv.claimedBy : null
  const claimer = claimActive && claimActive !== input.operatorId ? await tx.operator.findUnique({ where: { id: claimActive }, select: { name: true } }) : null
  return {
    id: conv.id,
    poolId: conv.poolId,
    waitingSince: conv.operatorWaitingSince?.toISOString() ?? null,
    language,
    claim: claimActive ? { mine: claimActive === input.operatorId, by: claimer?.name ?? null, until: conv.claimedUntil!.toISOString() } : null,
    site: {
      slug: site.slug,
      name: site.name,
      gifts: site.gifts,
      maxLength: site.messageLength,
      // The disclosure exactly as the member sees it on the site, in the member's language.
      disclosure: { icon: site.fictional.icon, label: site.fictional.singular[locale] ?? site.fictional.singular[site.locales.default] ?? '', warning: site.fictional.warning[locale] ?? site.fictional.warning[site.locales.default] ?? '' },
      honestAnswer: honestAnswer(site, language, profile.name),
    },
    member: {
      id: member.id, name: member.name, age: ageOn(member.birthDate, now), gender: member.gender, country: member.country, region: member.region, city: member.city,
      about: member.about, attributes: { relationshipStatus: member.relationshipStatus, bodyType: member.bodyType, hairColour: member.hairColour, eyeColour: member.eyeColour },
      interests: member.interests, status: member.status, memberSince: member.createdAt.toISOString(),
      localTime: localTime(member.country, site.timeZone, now, input.locale),
      credits: standing?.credits ?? null, paid: standing?.paidUser ?? null,
      photos: photos(member.photos),
    },
    profile: {
      id: profile.id, name: profile.name, age: ageOn(profile.birthDate, now), country: profile.country, city: profile.city, status: profile.status,
      about: (profile.aboutTexts as Record<string, string> | null)?.[language] ?? profile.about,
      photos: photos(profile.photos),
    },
    messages: messages.reverse().map((m) => {
      const photo = m.photoId !== null ? allPhotos.get(m.photoId) : undefined
      return {
        id: m.id, from: m.senderId === profile.id ? ('profile' as const) : ('member' as const), body: m.body, gift: m.gift, credits: m.credits,
        photo: photo ? photoUrl(photo.thumbFilename) : null, createdAt: m.createdAt.toISOString(), read: m.readAt !== null, delivered: m.deliveredAt !== null,
      }
    }),
    unlocked: unlocked.map((u) => ({ photoId: u.photoId, credits: u.credits, at: u.createdAt.toISOString(), thumb: allPhotos.get(u.photoId) ? photoUrl(allPhotos.get(u.photoId)!.thumbFilename) : null })),
    notes: notes.map((n) => ({ id: n.id, about: n.profileId === member.id ? ('member' as const) : ('profile' as const), body: n.body, by: n.operatorName, at: n.createdAt.toISOString() })),
    canned: canned.map((c) => ({ id: c.id, title: c.title, body: fillCanned(c.body, { profile: profile.name, member: member.name }) })),
  }
}

export type ConversationView = NonNullable<Awaited<ReturnType<typeof loadConversationView>>>
