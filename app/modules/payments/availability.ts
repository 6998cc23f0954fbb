// Whether this site can take payments. Offers only a purchase can honour (the welcome
// discount on /pricing, the discount offered in the delete form) are shown only when it
// can: a promise the checkout cannot keep is worse than none (docs/decisions/015-payments.md).
import type { TenantConfig } from '../../../tenants/schema.ts'

type PaymentSite = Pick<TenantConfig, 'slug' | 'payments'>

/** The environment variable that holds the site's Mollie API key. */
export function mollieKeyEnv(site: PaymentSite): string {
  return site.payments.mollieKeyEnv ?? `MOLLIE_API_KEY_${site.slug.toUpperCase().replace(/-/g, '_')}`
}

/**
 * On when the site sells credits and has a way to: its own key, or (outside production, see
 * mollie.server.ts) the local sandbox's endpoint. Read per call: tests and start-up set them.
 */
export function paymentsEnabled(site: PaymentSite): boolean {
  if (!site.payments.enabled) return false
  const env: Record<string, string | undefined> = typeof process === 'undefined' ? {} : process.env
  return Boolean(env[mollieKeyEnv(site)] || env.MOLLIE_API_ENDPOINT)
}

/** The delete form's discount offer in percent (company.deleteDiscount); 0 shows none. */
export function deleteDiscountOffer(site: PaymentSite & Pick<TenantConfig, 'company'>): number {
  return paymentsEnabled(site) ? site.company.deleteDiscount : 0
}
