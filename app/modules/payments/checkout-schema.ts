// The checkout form (/credits/{id}/{method?}). No price or credit count: those come from the
// tenant config on the server. `key` is the browser's idempotency key for this purchase.
import { z } from 'zod'
import { PAYMENT_METHODS } from '../../../tenants/schema.ts'

export const CheckoutSchema = z.object({
  method: z.enum(PAYMENT_METHODS, { error: 'payments:errors.method' }),
  issuer: z.string().regex(/^[A-Za-z0-9_]{1,40}$/).optional(),
  code: z.string().trim().max(40).optional(),
  key: z.uuid(),
  acknowledge: z.literal('on').optional(),
})

/** Field error keys of a refused discount code (SPEC §5). */
export const CODE_ERRORS = {
  not_found: 'payments:errors.codeNotFound',
  used: 'payments:errors.codeUsed',
  expired: 'payments:errors.codeExpired',
  not_applicable: 'payments:errors.codeNotApplicable',
} as const
