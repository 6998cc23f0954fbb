// My profile (/profile, SPEC §2): read the member's own profile for the form, and save a
// submitted form. Only the fields the site shows (tenant visibleProfileFields/-Notes) are
// written: a hidden field keeps its stored value whatever is posted.
import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import type { Db } from '../db/client.server.ts'
import { poolDataChanged } from '../cache/pool-data.server.ts'
import { withScope, type Scope } from '../db/scoped.server.ts'
import type { Prisma } from '~/generated/prisma/client.ts'
import type { LoadedTenant } from '../tenancy/load-tenants.server.ts'
import { FIELD_NAMES, profileEditSchema, type ProfileEditRules, type ProfileEditValues, type ProfileFieldKey, type ProfileFormDefaults } from './profile-schema.ts'

export type EditableProfile = { id: number; defaults: ProfileFormDefaults }

/** The member's own profile on this site, as form defaults; null when the account has none. */
export async function loadEditableProfile(db: Db, scope: Scope, userId: string): Promise<EditableProfile | null> {
  const row = await withScope(db, scope, (tx) =>
    tx.profile.findFirst({ where: { poolId: scope.poolId, tenantId: scope.tenantId, userId, status: { not: 'deleted' } } }),
  )
  if (!row) return null
  return {
    id: row.id,
    defaults: {
      name: row.name,
      birthDate: row.birthDate.toISOString().slice(0, 10),
      gender: row.gender,
      sexuality: row.sexuality,
      relationshipStatus: row.relationshipStatus ?? '',
      hairColour: row.hairColour ?? '',
      eyeColour: row.eyeColour ?? '',
      bodyType: row.bodyType ?? '',
      tattoos: row.tattoos ?? '',
      reason: row.reason ?? '',
      appearance: row.appearance ?? '',
      country: row.country,
      region: row.region ?? '',
      city: row.city ?? '',
      about: row.about ?? '',
      interests: row.interests,
    },
  }
}

/** The validation rules for this site and member. */
export function profileEditRules(
  tenant: Pick<LoadedTenant, 'minimumAge' | 'countries' | 'visibleProfileFields' | 'visibleProfileNotes'>,
  member: { email: string; country: string },
  today?: () => Date,
): ProfileEditRules {
  const countries: string[] = [...tenant.countries]
  // A member of a sibling site in the pool may live in a country this site does not list.
  if (member.country && !countries.includes(member.country)) countries.push(member.country)
  return {
    minimumAge: tenant.minimumAge,
    countries,
    currentCountry: member.country,
    email: member.email,
    visibleFields: tenant.visibleProfileFields,
    visibleNotes: tenant.visibleProfileNotes,
    today,
  }
}

/** The columns to write: the always-shown ones plus the visible fields and notes. */
export function profileUpdateData(value: ProfileEditValues, rules: Pick<ProfileEditRules, 'visibleFields' | 'visibleNotes'>): Prisma.ProfileUpdateManyMutationInput {
  const data: Prisma.ProfileUpdateManyMutationInput = { name: value.name, birthDate: value.birthDate, appearance: value.appearance ?? null }
  const shown = (key: ProfileFieldKey) => rules.visibleFields.includes(key)
  if (shown('gender') && value.gender) data.gender = value.gender
  if (shown('sexuality') && value.sexuality) data.sexuality = value.sexuality
  if (shown('country') && value.country) data.country = value.country
  if (shown('relationship_status')) data.relationshipStatus = value.relationshipStatus ?? null
  if (shown('body_type')) data.bodyType = value.bodyType ?? null
  for (const key of ['hair_colour', 'eye_colour', 'tattoos', 'reason'] as const) {
    if (shown(key)) data[FIELD_NAMES[key]] = value[FIELD_NAMES[key]] ?? null
  }
  if (shown('region')) data.region = value.region ?? null
  // The region belongs to a country: a new country without a shown region drops the old one.
  else if (shown('country') && value.country) data.region = null
  if (shown('city')) data.city = value.city || null
  if (rules.visibleNotes.includes('about_me')) data.about = value.about || null
  if (rules.visibleNotes.includes('interests')) data.interests = value.interests
  return data
}

export type ProfileEditOutcome =
  | { ok: true; reply: SubmissionResult<string[]> }
  /** Field errors: answer with status 400 and this reply (it keeps what was typed). */
  | { ok: false; status: 400; reply: SubmissionResult<string[]> }
  /** The account has no (undeleted) profile on this site. */
  | { ok: false; status: 404 }

/** Validates a posted /profile form and saves the member's own profile. */
export async function saveProfileEdit(db: Db, scope: Scope, input: { userId: string; rules: ProfileEditRules; formData: FormData }): Promise<ProfileEditOutcome> {
  const submission = parseWithZod(input.formData, { schema: profileEditSchema(input.rules) })
  if (submission.status !== 'success') return { ok: false, status: 400, reply: submission.reply() }
  const data = profileUpdateData(submission.value, input.rules)
  const { count } = await withScope(db, scope, (tx) =>
    tx.profile.updateMany({ where: { poolId: scope.poolId, tenantId: scope.tenantId, userId: input.userId, status: { not: 'deleted' } }, data }),
  )
  if (count === 0) return { ok: false, status: 404 }
  // A new name or place shows on the pool's showcase cards (decision 035).
  await poolDataChanged(scope.poolId)
  return { ok: true, reply: submission.reply() }
}
