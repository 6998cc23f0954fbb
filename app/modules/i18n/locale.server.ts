// Which language a request is served in: ?lng=, then the locale cookie, then SPEC §7's
// domain_language rule (first two letters, if the site offers it), then the site default.
// Accept-Language is deliberately not used: browsers would override the Dutch default.
import { createCookie } from '@remix-run/node'
import { RemixI18Next } from 'remix-i18next/server'
import type { Locale, TenantConfig } from '../../../tenants/schema.ts'
import { RESOURCES } from './resources.ts'

export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60

export const localeCookie = createCookie('lng', {
  path: '/',
  sameSite: 'lax',
  httpOnly: false,
  maxAge: LOCALE_COOKIE_MAX_AGE,
})

type SiteLocales = Pick<TenantConfig, 'slug' | 'locales' | 'domainLanguage'>

/** SPEC §7: the domain's language, by its first two letters, when the site offers it. */
export function domainLocale(site: SiteLocales): Locale {
  const short = site.domainLanguage.slice(0, 2).toLowerCase()
  return (site.locales.offered as string[]).includes(short) ? (short as Locale) : site.locales.default
}

const detectors = new Map<string, RemixI18Next>()

function detectorFor(site: SiteLocales): RemixI18Next {
  const key = `${site.slug}:${site.locales.offered.join(',')}:${site.domainLanguage}`
  let detector = detectors.get(key)
  if (!detector) {
    detector = new RemixI18Next({
      detection: {
        supportedLanguages: [...site.locales.offered],
        fallbackLanguage: site.locales.default,
        cookie: localeCookie,
        searchParamKey: 'lng',
        order: ['searchParams', 'cookie', 'custom'],
        findLocale: async () => domainLocale(site),
      },
      i18next: { resources: RESOURCES, defaultNS: 'common' },
    })
    detectors.set(key, detector)
  }
  return detector
}

export type LocaleDecision = { locale: Locale; setCookie: string | null }

export async function decideLocale(request: Request, site: SiteLocales): Promise<LocaleDecision> {
  const detected = await detectorFor(site).getLocale(request)
  const locale = ((site.locales.offered as string[]).includes(detected) ? detected : site.locales.default) as Locale
  const current = (await localeCookie.parse(request.headers.get('Cookie'))) as unknown
  // Remember the language once chosen (or first derived from the domain), for 365 days.
  const setCookie = current === locale ? null : await localeCookie.serialize(locale)
  return { locale, setCookie }
}
