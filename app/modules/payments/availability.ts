// Whether this site can take payments yet. Offers only a purchase can honour (the welcome
// discount on /pricing, the discount offered in the delete form) are shown only when it
// can: a promise the checkout cannot keep is worse than none. The payments issue (#9) makes
// this true for sites with a payment provider: this is the one place to change.
import type { TenantConfig } from '../../../tenants/schema.ts'

export function paymentsEnabled(_site: Pick<TenantConfig, 'slug'>): boolean {
  return false
}

/** The delete form's discount offer in percent (company.deleteDiscount); 0 shows none. */
export function deleteDiscountOffer(site: Pick<TenantConfig, 'slug' | 'company'>): number {
  return paymentsEnabled(site) ? site.company.deleteDiscount : 0
}
