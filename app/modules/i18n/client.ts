// Translations in the browser: one i18next instance, started from the catalogues the
// document carried; any namespace or language a later page needs is loaded on demand from
// its own hashed (immutable, cacheable) chunk. Components that need a namespace not yet
// here suspend until it arrives; Remix navigations run in a transition, so the current
// page stays on screen meanwhile.
import { createInstance, type BackendModule, type i18n, type ReadCallback, type ResourceKey } from 'i18next'
import { initReactI18next } from 'react-i18next'

const chunks = import.meta.glob<{ default: ResourceKey }>('../../locales/*/{common,signup,account,settings,profile,photos,search,likes,swipe,chat,payments,console}.json')

const chunkBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = chunks[`../../locales/${language}/${namespace}.json`]
    if (!load) {
      callback(null, {})
      return
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    )
  },
}

export function createClientI18n({ locale, resources }: { locale: string; resources: Record<string, unknown> }): i18n {
  const instance = createInstance()
  void instance
    .use(initReactI18next)
    .use(chunkBackend)
    .init({
      lng: locale,
      fallbackLng: false,
      resources: { [locale]: resources as Record<string, ResourceKey> },
      partialBundledLanguages: true,
      ns: Object.keys(resources),
      defaultNS: 'common',
      initImmediate: false,
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
      returnNull: false,
    })
  return instance
}

