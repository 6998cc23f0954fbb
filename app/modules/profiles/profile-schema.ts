// The profile's attributes (SPEC §3) and the /profile edit schema, shared by the browser
// (Conform's onValidate) and the server. Pure module: no database, safe on the client.
// Messages are translation keys: `validation.*` in common, `profile:*` in the profile namespace.
import { z } from 'zod'
import { GENDERS, SEXUALITIES, ABOUT_MAX_LENGTH, CITY_MAX_LENGTH } from '../accounts/signup-schema.ts'
import { ProfileNameSchema, birthDateSchema, nameDiffersFromEmail } from '../accounts/fields.ts'
import { findRegion, regionsFor } from '../geo/regions.ts'
import { INTERESTS, isInterest } from '../geo/interests.ts'

export { GENDERS, SEXUALITIES, ABOUT_MAX_LENGTH, CITY_MAX_LENGTH }

export const RELATIONSHIP_STATUSES = ['divorced', 'living_together', 'married', 'unmarried', 'single', 'widowed'] as const
export const HAIR_COLOURS = ['blond', 'brown', 'black', 'red', 'grey', 'bald', 'other'] as const
export const EYE_COLOURS = ['blue', 'green', 'brown', 'grey', 'hazel'] as const
export const BODY_TYPES = ['slim', 'normal', 'fat'] as const
export const TATTOOS = ['none', 'some', 'many'] as const
export const REASONS = ['relationship', 'friendship', 'flirt', 'adventure', 'chat'] as const
/** Match finder (SPEC §2): how the member describes their appearance. */
export const APPEARANCES = ['normal', 'sexy'] as const

/** Keys of tenant.visibleProfileFields / visibleProfileNotes (tenants/schema.ts). */
export type ProfileFieldKey =
  | 'gender' | 'sexuality' | 'relationship_status' | 'hair_colour' | 'eye_colour' | 'body_type'
  | 'tattoos' | 'reason' | 'city' | 'region' | 'country'
export type ProfileNoteKey = 'about_me' | 'interests'

/** The attributes chosen from a list, in the order they are shown; labels: profile:attributes.<key>, values: profile:options.<key>.<value>. */
export const CHOICE_ATTRIBUTES = {
  gender: GENDERS,
  sexuality: SEXUALITIES,
  relationship_status: RELATIONSHIP_STATUSES,
  hair_colour: HAIR_COLOURS,
  eye_colour: EYE_COLOURS,
  body_type: BODY_TYPES,
  tattoos: TATTOOS,
  reason: REASONS,
} as const satisfies Partial<Record<ProfileFieldKey, readonly string[]>>
export type ChoiceAttribute = keyof typeof CHOICE_ATTRIBUTES

/** Form field (and Profile column) behind each visible-field key. */
export const FIELD_NAMES = {
  gender: 'gender',
  sexuality: 'sexuality',
  relationship_status: 'relationshipStatus',
  hair_colour: 'hairColour',
  eye_colour: 'eyeColour',
  body_type: 'bodyType',
  tattoos: 'tattoos',
  reason: 'reason',
  city: 'city',
  region: 'region',
  country: 'country',
} as const satisfies Record<ProfileFieldKey, string>

export type ProfileEditRules = {
  minimumAge: number
  /** The countries a member may pick: the site's, plus the one already on the profile. */
  countries: readonly string[]
  /** The stored country, for the region check when the country field is hidden. */
  currentCountry: string
  /** The member's e-mail address: the name must differ from it (SPEC §5). */
  email: string
  visibleFields: readonly ProfileFieldKey[]
  visibleNotes: readonly ProfileNoteKey[]
  today?: () => Date
}

const choice = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error: 'validation.choose' })

/** Required when shown; hidden fields are never required (and the server ignores them). */
function shownAndRequired<T extends z.ZodType>(shown: boolean, schema: T) {
  return shown ? schema : schema.optional()
}

export function profileEditSchema(rules: ProfileEditRules) {
  const shown = (key: ProfileFieldKey) => rules.visibleFields.includes(key)
  return z
    .object({
      name: z.string({ error: 'validation.nameRequired' }).superRefine((value, ctx) => {
        // SPEC §5's "differs from the e-mail" first, as in signup.
        if (!nameDiffersFromEmail(value, rules.email)) {
          ctx.addIssue({ code: 'custom', message: 'validation.nameIsEmail' })
          return
        }
        const parsed = ProfileNameSchema.safeParse(value)
        if (!parsed.success) ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? 'validation.nameRequired' })
      }),
      birthDate: birthDateSchema(rules.minimumAge, rules.today),
      gender: shownAndRequired(shown('gender'), choice(GENDERS)),
      sexuality: shownAndRequired(shown('sexuality'), choice(SEXUALITIES)),
      relationshipStatus: choice(RELATIONSHIP_STATUSES).optional(),
      hairColour: choice(HAIR_COLOURS).optional(),
      eyeColour: choice(EYE_COLOURS).optional(),
      bodyType: choice(BODY_TYPES).optional(),
      tattoos: choice(TATTOOS).optional(),
      reason: choice(REASONS).optional(),
      appearance: choice(APPEARANCES).optional(),
      country: shownAndRequired(
        shown('country'),
        z.string({ error: 'validation.choose' }).refine((c) => rules.countries.includes(c), 'validation.choose'),
      ),
      region: z.string().max(10, 'profile:errors.region').optional(),
      city: z.string().trim().max(CITY_MAX_LENGTH, 'profile:errors.cityTooLong').optional(),
      about: z.string().trim().max(ABOUT_MAX_LENGTH, 'profile:errors.aboutTooLong').optional(),
      interests: z
        .array(z.string())
        .max(INTERESTS.length, 'profile:errors.unknownInterest')
        .refine((keys) => keys.every(isInterest), 'profile:errors.unknownInterest')
        .optional(),
    })
    .refine(
      (value) => {
        // A region of the country it goes with; required wherever that country has regions.
        if (!shown('region')) return true
        const country = shown('country') ? value.country : rules.currentCountry
        if (typeof country !== 'string' || regionsFor(country).length === 0) return true
        return typeof value.region === 'string' && findRegion(country, value.region) !== undefined
      },
      // Checked even when other fields failed, so every error shows at once.
      { path: ['region'], message: 'profile:errors.region', when: () => true },
    )
    .transform((value) => ({ ...value, name: value.name.trim(), interests: [...new Set(value.interests ?? [])] }))
}

export type ProfileEditValues = z.output<ReturnType<typeof profileEditSchema>>

/** The profile as the edit form's default values (strings, and the interests array). */
export type ProfileFormDefaults = {
  name: string
  birthDate: string
  gender: string
  sexuality: string
  relationshipStatus: string
  hairColour: string
  eyeColour: string
  bodyType: string
  tattoos: string
  reason: string
  appearance: string
  country: string
  region: string
  city: string
  about: string
  interests: string[]
}
