// Field rules shared by signup, login, reset and settings. Messages are translation keys
// (namespace common, `validation.*`), translated where the errors are shown.
import { z } from 'zod'
import { ageOn } from '../profiles/age.ts'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './password-rules.ts'

export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase()
}

export const EmailSchema = z
  .string({ error: 'validation.emailRequired' })
  .trim()
  .min(1, 'validation.emailRequired')
  .max(254, 'validation.emailInvalid')
  .pipe(z.email({ error: 'validation.emailInvalid' }))
  .transform(normalizeEmail)

export const PasswordSchema = z
  .string({ error: 'validation.passwordRequired' })
  .min(PASSWORD_MIN_LENGTH, 'validation.passwordTooShort')
  .max(PASSWORD_MAX_LENGTH, 'validation.passwordTooLong')

export const ProfileNameSchema = z
  .string({ error: 'validation.nameRequired' })
  .trim()
  .min(3, 'validation.nameTooShort')
  .max(30, 'validation.nameTooLong')
  // SPEC §5: must not begin with @.
  .refine((name) => !name.startsWith('@'), 'validation.nameStartsWithAt')
  .refine((name) => /^[\p{L}\p{N}_.\- ]+$/u.test(name), 'validation.nameCharacters')

/**
 * SPEC §5: the profile name must differ from the e-mail address. Use in superRefine.
 * The whole address only: many members use their own first name before the @ ("Sanne"
 * with sanne@...), and that is a fine profile name (issue #16).
 */
export function nameDiffersFromEmail(name: string | undefined, email: string | undefined): boolean {
  if (!name || !email) return true
  return name.trim().toLowerCase() !== normalizeEmail(email)
}

/** A date of birth (YYYY-MM-DD) of someone at least `minimumAge` and at most 100 years old. */
export function birthDateSchema(minimumAge: number, today = () => new Date()) {
  return z
    .string({ error: 'validation.birthDateRequired' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.birthDateInvalid')
    .transform((value, ctx) => {
      const date = new Date(`${value}T00:00:00Z`)
      if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) {
        ctx.addIssue({ code: 'custom', message: 'validation.birthDateInvalid' })
        return z.NEVER
      }
      const age = ageOn(date, today())
      if (age < minimumAge) {
        ctx.addIssue({ code: 'custom', message: 'validation.birthDateTooYoung', params: { minimumAge } })
        return z.NEVER
      }
      if (age > 100) {
        ctx.addIssue({ code: 'custom', message: 'validation.birthDateInvalid' })
        return z.NEVER
      }
      return date
    })
}
