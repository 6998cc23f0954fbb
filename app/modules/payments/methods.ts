// SPEC §3's payment methods and what each is at Mollie: several card brands are Mollie's
// one `creditcard` method. `countries` lists where a method works (the member's payment
// country); none means everywhere; `currencies` the currencies it takes.
import type { PaymentMethod } from '../../../tenants/schema.ts'

export type MollieMethod = 'ideal' | 'creditcard' | 'bancontact' | 'paypal' | 'applepay' | 'banktransfer' | 'directdebit' | 'sofort' | 'giropay' | 'eps' | 'przelewy24' | 'blik' | 'paysafecard'

type MethodInfo = { mollie: MollieMethod; label: string; countries?: readonly string[]; currencies?: readonly string[] }

const SEPA = ['NL', 'BE', 'DE', 'AT', 'FR', 'IT', 'ES', 'IE', 'PL', 'CH', 'GB'] as const

export const METHODS: Record<PaymentMethod, MethodInfo> = {
  ideal: { mollie: 'ideal', label: 'iDEAL', countries: ['NL'], currencies: ['EUR'] },
  bancontact: { mollie: 'bancontact', label: 'Bancontact', countries: ['BE'], currencies: ['EUR'] },
  creditcard: { mollie: 'creditcard', label: 'Creditcard' },
  visa: { mollie: 'creditcard', label: 'Visa' },
  mastercard: { mollie: 'creditcard', label: 'Mastercard' },
  maestro: { mollie: 'creditcard', label: 'Maestro' },
  cartebancaire: { mollie: 'creditcard', label: 'Carte Bancaire', countries: ['FR'] },
  nexi: { mollie: 'creditcard', label: 'Nexi', countries: ['IT'] },
  paypal: { mollie: 'paypal', label: 'PayPal' },
  applepay: { mollie: 'applepay', label: 'Apple Pay' },
  paysafecard: { mollie: 'paysafecard', label: 'paysafecard' },
  sofort: { mollie: 'sofort', label: 'SOFORT', countries: ['DE', 'AT', 'BE', 'NL', 'IT', 'ES'], currencies: ['EUR'] },
  giropay: { mollie: 'giropay', label: 'giropay', countries: ['DE'], currencies: ['EUR'] },
  eps: { mollie: 'eps', label: 'eps', countries: ['AT'], currencies: ['EUR'] },
  prezelewy24: { mollie: 'przelewy24', label: 'Przelewy24', countries: ['PL'], currencies: ['PLN', 'EUR'] },
  blik: { mollie: 'blik', label: 'BLIK', countries: ['PL'], currencies: ['PLN'] },
  sct: { mollie: 'banktransfer', label: 'Overboeking', countries: SEPA, currencies: ['EUR'] },
  sdd: { mollie: 'directdebit', label: 'SEPA Direct Debit', countries: SEPA, currencies: ['EUR'] },
}

/** The site's methods that work for a member paying from `country` in `currency`, in the site's order. */
export function methodsFor(enabled: readonly PaymentMethod[], country: string | null, currency: string): PaymentMethod[] {
  return enabled.filter((id) => {
    const info = METHODS[id]
    if (info.currencies && !info.currencies.includes(currency)) return false
    if (info.countries && country && !info.countries.includes(country)) return false
    return true
  })
}

export function isPaymentMethod(value: string): value is PaymentMethod {
  return Object.hasOwn(METHODS, value)
}

/** Methods named in words rather than a brand: their label is translated (payments:methods.*). */
const WORDED: readonly string[] = ['creditcard', 'sct', 'sdd']

/**
 * What a member reads for a method (checkout, transaction detail): the brand as it writes
 * itself (iDEAL, PayPal), else the translation; an unknown stored value stays as it is.
 */
export function methodLabel(method: string, t: (key: string) => string): string {
  if (WORDED.includes(method)) return t(`payments:methods.${method}`)
  return isPaymentMethod(method) ? METHODS[method].label : method
}
