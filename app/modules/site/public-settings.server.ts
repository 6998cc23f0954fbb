// What the browser may know about a site: SPEC §3 Settings in snake_case. Nothing secret
// (payment keys, private VAPID keys, company-internal values) is ever included here.
import type { Locale } from '../../../tenants/schema.ts'
import { deleteDiscountOffer } from '../payments/availability.ts'
import type { LoadedTenant } from '../tenancy/load-tenants.server.ts'
import { vapidKeysFor } from '../notifications/vapid.server.ts'

export function localized(text: Partial<Record<Locale, string>>, locale: Locale, fallback: Locale): string {
  return text[locale] ?? text[fallback] ?? Object.values(text)[0] ?? ''
}

export function publicSettings(tenant: LoadedTenant, locale: Locale) {
  const fallback = tenant.locales.default
  return {
    name: tenant.name,
    slug: tenant.slug,
    domain: tenant.domains[0],
    domain_language: tenant.domainLanguage,
    locales: tenant.locales.offered,
    default_locale: tenant.locales.default,
    index_title: localized(tenant.indexTitle, locale, fallback),
    description: localized(tenant.description, locale, fallback),
    cdn_prefix: tenant.cdnPrefix,
    countries: tenant.countries,
    visible_profile_fields: tenant.visibleProfileFields,
    visible_profile_notes: tenant.visibleProfileNotes,
    search_fields: tenant.searchFields,
    message_credits: tenant.credits.message,
    photo_credits: tenant.credits.photo,
    gift_credits: tenant.credits.gift,
    message_length: tenant.messageLength,
    minimum_message_costs: tenant.minimumMessageCosts,
    support_email: tenant.supportEmail,
    enable_site_entry_popup: tenant.siteEntryPopup.enabled ? 'yes' : 'no',
    site_entry_popup_countries: tenant.siteEntryPopup.countries,
    fictional_icon: tenant.fictional.icon,
    fictional_warning: localized(tenant.fictional.warning, locale, fallback),
    fictional_singular: localized(tenant.fictional.singular, locale, fallback),
    fictional_plural: localized(tenant.fictional.plural, locale, fallback),
    signups: tenant.signups,
    logged_out_search: tenant.loggedOutSearch,
    logged_out_search_trafficsource: tenant.loggedOutSearchTrafficsource,
    member_resell: tenant.memberResell,
    minimum_age: tenant.minimumAge,
    refund_days: tenant.refundDays,
    theme: tenant.theme,
    /** SPEC §3 "push public key": the site's VAPID public key (web push), null until loaded. */
    push_public_key: vapidKeysFor(tenant.slug)?.publicKey ?? null,
  }
}

export type PublicSettings = ReturnType<typeof publicSettings>

export function companyInfo(tenant: LoadedTenant) {
  const c = tenant.company
  return {
    name: c.name,
    address: c.address,
    zip: c.zip,
    city: c.city,
    country: c.country,
    kvk: c.kvk,
    tradenames: c.tradenames,
    vat_numbers: c.vatNumbers,
    // SPEC §3: phone handling strips dashes and spaces (for tel: links); display keeps them.
    support_phone: c.supportPhone,
    support_phone_dial: c.supportPhone.replace(/[\s-]/g, ''),
    // 0 until a purchase can honour it (payments, #9): no client may offer it before.
    delete_discount: deleteDiscountOffer(tenant),
  }
}

export type CompanyInfo = ReturnType<typeof companyInfo>
