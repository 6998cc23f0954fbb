// The complaint form's fields, shared by the page (Conform) and the server. Messages are
// translation keys (account:complaint.errors.*).
import { z } from 'zod'
import { EmailSchema } from '../accounts/fields.ts'

const text = (min: number, max: number) =>
  z
    .string({ error: 'account:complaint.errors.required' })
    .trim()
    .min(min, { error: min <= 1 ? 'account:complaint.errors.required' : 'account:complaint.errors.tooShort' })
    .max(max, { error: 'account:complaint.errors.tooLong' })

export const COMPLAINT_LIMITS = { name: 100, subject: 150, message: 5000, messageMin: 20, transaction: 100 } as const

export const ComplaintSchema = z.object({
  name: text(1, COMPLAINT_LIMITS.name),
  email: EmailSchema,
  subject: text(1, COMPLAINT_LIMITS.subject),
  message: text(COMPLAINT_LIMITS.messageMin, COMPLAINT_LIMITS.message),
  transaction: z.string().trim().max(COMPLAINT_LIMITS.transaction, { error: 'account:complaint.errors.tooLong' }).optional(),
})

export type ComplaintInput = z.infer<typeof ComplaintSchema>
