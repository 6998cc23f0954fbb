// The member's report form (decision 053): shared by the page (conform's client check) and
// the server. Plain module: no server imports.
import { z } from 'zod'

export const REPORT_REASONS = ['scam', 'fake', 'harassment', 'underage', 'spam', 'other'] as const
export type ReportReasonKey = (typeof REPORT_REASONS)[number]
export const REPORT_NOTE_MAX = 500

export const ReportFormSchema = z.object({
  reason: z.enum(REPORT_REASONS, { error: 'profile:report.errors.reason' }),
  note: z.string().trim().max(REPORT_NOTE_MAX, 'profile:report.errors.noteLong').optional(),
  message: z
    .string()
    .regex(/^[0-9a-f-]{36}$/i)
    .optional(),
})
