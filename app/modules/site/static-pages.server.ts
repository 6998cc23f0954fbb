// Static pages (terms, privacy, ...) come from the `pages` catalogue, translated on the
// server with the site's details filled in, so the browser never loads that catalogue.
import type { TFunction } from 'i18next'
import type { Locale } from '../../../tenants/schema.ts'
import { countryName } from '../geo/countries.ts'
import type { LoadedTenant } from '../tenancy/load-tenants.server.ts'

export const STATIC_PAGES = ['terms', 'privacy', 'cookies', 'ban', 'return-policy', 'faq', 'service', 'complaints'] as const
export type StaticPageName = (typeof STATIC_PAGES)[number]

export const isStaticPage = (value: string | undefined): value is StaticPageName => (STATIC_PAGES as readonly string[]).includes(value ?? '')

export type StaticPageContent = { title: string; intro: string; sections: { heading: string; body: string[] }[] }

export function staticPageContent(page: StaticPageName, tenant: LoadedTenant, t: TFunction, locale: Locale): StaticPageContent {
  const c = tenant.company
  const values = {
    ns: 'pages',
    siteName: tenant.name,
    companyName: c.name,
    companyAddress: c.address,
    companyZip: c.zip,
    companyCity: c.city,
    // The name in the page's language: a legal address never shows a bare code like 'NL'.
    companyCountry: countryName(c.country, locale),
    kvk: c.kvk,
    vatNumbers: c.vatNumbers.join(', '),
    tradenames: c.tradenames.join(', '),
    supportEmail: tenant.supportEmail,
    supportPhone: c.supportPhone,
    refundDays: tenant.refundDays,
    minimumAge: tenant.minimumAge,
  }
  const sections = t(`${page}.sections`, { ...values, returnObjects: true }) as unknown
  return {
    title: t(`${page}.title`, values),
    intro: t(`${page}.intro`, values),
    sections: Array.isArray(sections) ? (sections as StaticPageContent['sections']) : [],
  }
}
