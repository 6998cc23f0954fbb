// A fresh i18next instance per request (server) or per locale (browser), initialised
// synchronously from in-memory resources so the first render is already translated.
import { createInstance, type i18n, type Resource } from 'i18next'
import { initReactI18next } from 'react-i18next'

export function createI18n(locale: string, resources: Resource, fallback: string | false = false): i18n {
  const instance = createInstance()
  void instance.use(initReactI18next).init({
    lng: locale,
    fallbackLng: fallback,
    resources,
    defaultNS: 'common',
    ns: Object.keys(resources[locale] ?? {}),
    initImmediate: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    returnNull: false,
  })
  return instance
}
