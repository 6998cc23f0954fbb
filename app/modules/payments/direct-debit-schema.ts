// The direct debit form (SPEC §3): otp, account_holder, iban, street, house_number, zip,
// city, phone and the authorisation. Messages are translation keys.
import { z } from 'zod'
import { isValidIban } from './iban.ts'

const required = (max: number) => z.string({ error: 'payments:directDebit.required' }).trim().min(1, 'payments:directDebit.required').max(max)

export const DirectDebitSchema = z.object({
  intent: z.literal('pay'),
  bundle: z.string().max(60),
  key: z.uuid(),
  otp: z.string({ error: 'payments:directDebit.codeInvalid' }).trim().regex(/^\d{6}$/, 'payments:directDebit.codeInvalid'),
  account_holder: required(70),
  iban: required(40).refine(isValidIban, 'payments:directDebit.ibanInvalid'),
  street: required(100),
  house_number: required(12),
  zip: required(12),
  city: required(60),
  phone: required(20).regex(/^\+?[0-9 ()-]{6,20}$/, 'payments:directDebit.required'),
  authorise: z.literal('on', { error: 'payments:directDebit.authoriseRequired' }),
})
