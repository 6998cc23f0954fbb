// Translations on the server. Catalogues never change while a process runs, so there is one
// i18next instance per (locale, fallback), built on first use and shared by every request;
// requests only read from it. The document's catalogues are serialised once per locale and
// set of namespaces.
import { createInstance, type i18n, type TFunction } from 'i18next'
import { initReactI18next } from 'react-i18next'
import type { Locale } from '../../../tenants/schema.ts'
import { I18N_DATA_ID, type ClientNamespace, type DocumentCatalogues } from './namespaces.ts'
import { NAMESPACES, RESOURCES } from './resources.ts'

const instances = new Map<string, i18n>()

/** The shared instance for `locale`, falling back to `fallback` for a missing key. */
export function serverI18n(locale: Locale, fallback: Locale | false = false): i18n {
  const key = `${locale}>${fallback || ''}`
  let instance = instances.get(key)
  if (!instance) {
    instance = createInstance()
    const resources = fallback && fallback !== locale ? { [locale]: RESOURCES[locale], [fallback]: RESOURCES[fallback] } : { [locale]: RESOURCES[locale] }
    void instance.use(initReactI18next).init({
      lng: locale,
      fallbackLng: fallback,
      resources,
      ns: [...NAMESPACES],
      defaultNS: 'common',
      initImmediate: false,
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
      returnNull: false,
    })
    instances.set(key, instance)
  }
  return instance
}

/** A request's translator: the site's default locale fills any key its locale lacks. */
export function translatorFor(locale: Locale, tenant: { locales: { default: Locale } }): TFunction {
  return serverI18n(locale, tenant.locales.default).t
}

const documents = new Map<string, string>()

/**
 * The JSON the document carries for the browser's first render (a <script
 * type="application/json">): the locale and the namespaces its matched routes need.
 * `<` is escaped so no text can close the script element.
 */
export function documentCatalogues(locale: Locale, namespaces: readonly ClientNamespace[]): string {
  const key = `${locale}:${namespaces.join(',')}`
  let json = documents.get(key)
  if (json === undefined) {
    const payload: DocumentCatalogues = { locale, resources: Object.fromEntries(namespaces.map((ns) => [ns, RESOURCES[locale][ns]])) }
    json = JSON.stringify(payload).replace(/</g, '\\u003c')
    documents.set(key, json)
  }
  return json
}

export { I18N_DATA_ID }
