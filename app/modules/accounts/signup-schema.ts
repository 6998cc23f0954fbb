// The signup steps' schemas, shared by the browser (Conform's onValidate) and the server
// (the action re-validates every step, including the values carried from earlier steps).
// Messages are translation keys: `validation.*` in common, `signup:*` in the signup namespace.
import type { SubmissionResult } from '@conform-to/react'
import { z } from 'zod'
import { findRegion, regionsFor } from '../geo/regions.ts'
import { EmailSchema, PasswordSchema, ProfileNameSchema, birthDateSchema, nameDiffersFromEmail } from './fields.ts'

export const GENDERS = ['man', 'woman'] as const
export const SEXUALITIES = ['hetero', 'gay', 'lesbian', 'bi'] as const
export const ABOUT_MAX_LENGTH = 1000
/** The city, free text as the member writes it (search and distance go by country and region). */
export const CITY_MAX_LENGTH = 60
/** Letters of any script, with the spaces, hyphens, apostrophes, dots and brackets of place names ('s-Hertogenbosch, St. Gallen). */
const CITY_PATTERN = /^['’]?[\p{L}\p{M}][\p{L}\p{M} '’.\-()]*$/u

/** Optional; trimmed; a place name, not a street address or a link. */
export const citySchema = z
  .string()
  .trim()
  .max(CITY_MAX_LENGTH, 'signup:errors.cityTooLong')
  .refine((v) => v === '' || CITY_PATTERN.test(v), 'signup:errors.cityInvalid')
  .optional()

/** 0 gender/sexuality, 1 birth date/location (country, region, city), 2 account, 3 photo, 4 about me. */
export const SIGNUP_STEPS = [0, 1, 2, 3, 4] as const
export type SignupStep = (typeof SIGNUP_STEPS)[number]
/** Steps after the account exists: the member is logged in. */
export const MEMBER_STEPS: readonly SignupStep[] = [3, 4]

/** Values of steps 0 and 1, carried to later steps as hidden inputs (never the password). */
export const DRAFT_FIELDS = ['gender', 'sexuality', 'birthDate', 'country', 'region', 'city'] as const
export type DraftField = (typeof DRAFT_FIELDS)[number]
/** `signupMessage`: the first message of a signup through a profile (/members/{id}/signup), carried too. */
export type SignupDraft = Partial<Record<DraftField, string>> & { signupMessage?: string }

export const STEP_FIELDS: Record<0 | 1, readonly DraftField[]> = { 0: ['gender', 'sexuality'], 1: ['birthDate', 'country', 'region', 'city'] }

export type SignupRules = { minimumAge: number; countries: readonly string[]; today?: () => Date }

export const Step0Schema = z.object({
  gender: z.enum(GENDERS, { error: 'validation.choose' }),
  sexuality: z.enum(SEXUALITIES, { error: 'validation.choose' }),
})

/** Longest first message the draft carries (the site's message_length is checked by the schema). */
const MESSAGE_CARRY_MAX = 5000

/** A signup through a profile: the first message to that member (SPEC §3 signup_message). */
export type SignupMessageRules = { maxLength: number }

/** Step 0, plus the first message on a signup through a profile. */
export function step0Schema(message?: SignupMessageRules) {
  if (!message) return Step0Schema
  return Step0Schema.extend({
    signupMessage: z
      .string({ error: 'signup:errors.messageEmpty' })
      .trim()
      .min(1, 'signup:errors.messageEmpty')
      .refine((v) => [...v].length <= message.maxLength, 'signup:errors.messageTooLong'),
  })
}

export function step1Schema({ minimumAge, countries, today }: SignupRules) {
  return z
    .object({
      birthDate: birthDateSchema(minimumAge, today),
      country: z.string({ error: 'validation.choose' }).refine((c) => countries.includes(c), 'validation.choose'),
      region: z.string().max(10).optional(),
      city: citySchema,
    })
    .superRefine((value, ctx) => {
      // A region of the chosen country; required wherever the country has regions.
      if (regionsFor(value.country).length === 0) return
      if (!value.region || !findRegion(value.country, value.region)) {
        ctx.addIssue({ code: 'custom', path: ['region'], message: 'signup:errors.regionRequired' })
      }
    })
}

export const Step2Schema = z
  .object({ name: z.string({ error: 'validation.nameRequired' }), email: EmailSchema, password: PasswordSchema })
  .superRefine((value, ctx) => {
    // SPEC §5's "differs from the e-mail" goes first: such a name would otherwise only be
    // told about its characters (an @ is not allowed in names at all).
    if (!nameDiffersFromEmail(value.name, value.email)) {
      ctx.addIssue({ code: 'custom', path: ['name'], message: 'validation.nameIsEmail' })
      return
    }
    const name = ProfileNameSchema.safeParse(value.name)
    if (!name.success) ctx.addIssue({ code: 'custom', path: ['name'], message: name.error.issues[0]?.message ?? 'validation.nameRequired' })
  })
  .transform((value) => ({ ...value, name: value.name.trim() }))

export const Step3Schema = z.object({})

export const Step4Schema = z.object({
  about: z.string().trim().max(ABOUT_MAX_LENGTH, 'signup:errors.aboutTooLong').optional(),
})

export function stepSchema(step: SignupStep, rules: SignupRules) {
  switch (step) {
    case 0:
      return step0Schema()
    case 1:
      return step1Schema(rules)
    case 2:
      return Step2Schema
    case 3:
      return Step3Schema
    case 4:
      return Step4Schema
  }
}

export function parseStep(value: unknown): SignupStep | null {
  const n = typeof value === 'string' && /^[0-4]$/.test(value) ? Number(value) : NaN
  return (SIGNUP_STEPS as readonly number[]).includes(n) ? (n as SignupStep) : null
}

/** The carried values, as posted (strings only, bounded); validated by the step schemas. */
export function readDraft(formData: FormData): SignupDraft {
  const draft: SignupDraft = {}
  for (const field of DRAFT_FIELDS) {
    const value = formData.get(field)
    const max = field === 'city' ? CITY_MAX_LENGTH * 2 : 20
    if (typeof value === 'string' && value !== '' && value.length <= max) draft[field] = value
  }
  const message = formData.get('signupMessage')
  if (typeof message === 'string' && message !== '' && message.length <= MESSAGE_CARRY_MAX) draft.signupMessage = message
  return draft
}

/** The latest date of birth the site accepts, as YYYY-MM-DD (for the date input's max). */
export function latestBirthDate(minimumAge: number, today = new Date()): string {
  const d = new Date(Date.UTC(today.getUTCFullYear() - minimumAge, today.getUTCMonth(), today.getUTCDate()))
  return d.toISOString().slice(0, 10)
}

export { TRACKING_KEYS, trackingSearch, type Tracking, type TrackingKey } from './tracking-params.ts'

/** What the signup action answers (the page's and the modal's forms render from it). */
export type SignupActionData = {
  step: SignupStep
  draft: SignupDraft
  /** Conform's reply for the step's form (errors, and what was typed except the password). */
  result?: SubmissionResult<string[]>
  /** inviteOnly: SPEC §6 refusal; reactivationSent: a deleted account's address (SPEC §4). */
  notice?: 'inviteOnly' | 'reactivationSent' | 'refused'
  /** Over an abuse limit: the translated text with the minutes (status 429). */
  limited?: string
}

/** What /signup's loader gives the wizard (the modal loads the same with a fetcher). */
export type SignupView = {
  allowed: boolean
  initialStep: SignupStep
  countries: string[]
  minimumAge: number
  siteName: string
  /** Where steps 0-2 post: /signup with the traffic source's query kept. */
  action: string
  /** Step 3 for the new member: thumbnails of the photos uploaded so far (not rejected). */
  photos?: { id: number; thumbUrl: string }[]
  /** A signup through a profile: step 0 asks for the first message to this member. */
  message?: SignupMessageRules & { name: string }
}
