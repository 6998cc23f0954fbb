// The member profile page (/members/{id}, SPEC §2, §4, §6): who may see a profile, and
// which of its fields and photos they see. Whatever may not be seen is "not found", so
// a blocked or hidden member cannot tell a block or invisible mode from a deleted account.
import { readScoped, type Reader, type Scope } from '../db/scoped.server.ts'
import { hasConversation, isBlocked } from '../reach/reach.server.ts'
import { regionLabelFor, type RegionLabel } from '../geo/countries.ts'
import { isInterest } from '../geo/interests.ts'
import { findRegion } from '../geo/regions.ts'
import { photoUrls } from '../media/urls.ts'
import { unlockedPhotoIds } from '../photos/unlock.server.ts'
import { ageOn } from './age.ts'
import { CHOICE_ATTRIBUTES, FIELD_NAMES, type ChoiceAttribute, type ProfileFieldKey, type ProfileNoteKey } from './profile-schema.ts'

/** Who is looking: a visitor (null), or a member with their own profile (if any) and tier. */
export type Viewer = { profileId: number | null; paidUser: boolean } | null

export type ProfilePhoto = {
  id: number
  url: string
  thumbUrl: string
  main: boolean
  private: boolean
  /** Only on the owner's own view: not yet approved. */
  inspection: boolean
  /** A private photo the (premium) viewer has not unlocked: no URLs, an unlock button instead (decision 017). */
  locked: boolean
}

export type MemberProfileView = {
  id: number
  name: string
  age: number
  fictional: boolean
  /** The viewer is the owner. */
  own: boolean
  /** Owner only: why others may not see it right now. */
  ownNotice: 'invisible' | 'disabled' | null
  country: string | null
  /** label: the country's word for a region (SPEC §9), common regionLabel.<label>. */
  region: { code: string; name: string; label: RegionLabel } | null
  city: string | null
  about: string | null
  /** Visible choice attributes with a value, in display order. */
  attributes: { key: ChoiceAttribute; value: string }[]
  interests: string[]
  photos: ProfilePhoto[]
  /** Approved photos of the member (public and private); for the owner, all shown photos. */
  photoCount: number
  /** Approved photos the viewer does not get to see (login or premium shows them). */
  hiddenPhotoCount: number
}

export type VisibilityRules = {
  visibleFields: readonly ProfileFieldKey[]
  visibleNotes: readonly ProfileNoteKey[]
  cdnPrefix: string
  /** The site's photo_credits: what unlocking a private photo costs; 0 opens them to premium members. */
  photoCredits?: number
}

/** A route parameter as a profile id: a positive integer Postgres can hold, or null. */
export function parseProfileId(value: string | undefined): number | null {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) return null
  const id = Number(value)
  return id <= 2_147_483_647 ? id : null
}

type PhotoRow = { id: number; filename: string; thumbFilename: string; status: 'inspection' | 'active' | 'rejected'; isMain: boolean; isPrivate: boolean }

/**
 * SPEC §6: visitors and free members see the main photo (approved, not private) and a count;
 * premium members every approved photo, private ones included; the owner their own photos,
 * those under inspection too. Rejected photos are never shown here.
 */
export function visiblePhotos(rows: readonly PhotoRow[], who: 'owner' | 'premium' | 'free' | 'visitor'): { shown: PhotoRow[]; approved: number } {
  const approved = rows.filter((p) => p.status === 'active')
  if (who === 'owner') return { shown: rows.filter((p) => p.status !== 'rejected'), approved: approved.length }
  if (who === 'premium') return { shown: approved, approved: approved.length }
  return { shown: approved.filter((p) => p.isMain && !p.isPrivate).slice(0, 1), approved: approved.length }
}

/** The profile as this viewer may see it, or null: not found (404) for every reason. */
export async function loadMemberProfile(
  db: Reader,
  scope: Scope,
  input: { profileId: number; viewer: Viewer; rules: VisibilityRules; today?: Date },
): Promise<MemberProfileView | null> {
  const { profileId, viewer, rules } = input
  return readScoped(db, scope, async (tx) => {
    // Inside the scope a profile of another pool is simply not there.
    const profile = await tx.profile.findFirst({
      where: { poolId: scope.poolId, id: profileId, status: { not: 'deleted' } },
      include: {
        photos: {
          where: { poolId: scope.poolId, status: { not: 'rejected' } },
          orderBy: [{ isMain: 'desc' }, { position: 'asc' }, { id: 'asc' }],
          select: { id: true, filename: true, thumbFilename: true, status: true, isMain: true, isPrivate: true },
        },
      },
    })
    if (!profile) return null
    const own = viewer?.profileId === profile.id
    if (!own) {
      // Disabled: not confirmed yet (or switched off); only the owner sees it.
      if (profile.status !== 'active') return null
      if (viewer?.profileId && (await isBlocked(tx, scope, viewer.profileId, profile.id))) return null
      if (profile.invisible && !(viewer?.profileId && (await hasConversation(tx, scope, viewer.profileId, profile.id)))) return null
    }

    const who = own ? 'owner' : !viewer ? 'visitor' : viewer.paidUser ? 'premium' : 'free'
    const { shown, approved } = visiblePhotos(profile.photos, who)
    // Premium members unlock private photos one by one unless the site charges nothing for it.
    const mustUnlock = who === 'premium' && (rules.photoCredits ?? 0) > 0
    const unlocked = mustUnlock && viewer?.profileId ? await unlockedPhotoIds(tx, scope, viewer.profileId, shown.filter((p) => p.isPrivate).map((p) => p.id)) : new Set<number>()
    const isLocked = (p: PhotoRow) => mustUnlock && p.isPrivate && !unlocked.has(p.id)
    const showField = (key: ProfileFieldKey) => rules.visibleFields.includes(key)
    const attributes: MemberProfileView['attributes'] = []
    for (const key of Object.keys(CHOICE_ATTRIBUTES) as ChoiceAttribute[]) {
      const value = profile[FIELD_NAMES[key]]
      if (showField(key) && typeof value === 'string' && value !== '') attributes.push({ key, value })
    }
    const region = profile.region ? findRegion(profile.country, profile.region) : undefined

    return {
      id: profile.id,
      name: profile.name,
      age: ageOn(profile.birthDate, input.today),
      fictional: profile.fictional,
      own,
      ownNotice: !own ? null : profile.status !== 'active' ? 'disabled' : profile.invisible ? 'invisible' : null,
      country: showField('country') ? profile.country : null,
      region: showField('region') && region ? { code: region.code, name: region.name, label: regionLabelFor(profile.country) } : null,
      city: showField('city') ? profile.city : null,
      about: rules.visibleNotes.includes('about_me') ? profile.about : null,
      attributes,
      interests: rules.visibleNotes.includes('interests') ? profile.interests.filter(isInterest) : [],
      photos: shown.map((p) => ({
        id: p.id,
        ...(isLocked(p) ? { url: '', thumbUrl: '' } : photoUrls(rules.cdnPrefix, p, { own })),
        main: p.isMain,
        private: p.isPrivate,
        inspection: p.status === 'inspection',
        locked: isLocked(p),
      })),
      photoCount: own ? shown.length : approved,
      hiddenPhotoCount: own ? 0 : Math.max(0, approved - shown.length),
    }
  })
}
