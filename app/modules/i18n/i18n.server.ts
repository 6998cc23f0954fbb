// Translations on the server. Catalogues never change while a process runs, so there is one
// i18next instance per (locale, fallback), built on first use and shared by every request;
// requests only read from it. The document's catalogues are serialised once per locale and
// set of namespaces.
import { createInstance, type i18n, type TFunction } from 'i18next'
import { initReactI18next } from 'react-i18next'
import type { Locale } from '../../../tenants/schema.ts'
import { createHash } from 'node:crypto'
import { CLIENT_NAMESPACES, I18N_DATA_ID, type ClientNamespace, type DocumentCatalogues } from './namespaces.ts'
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
const assets = new Map<string, { path: string; json: string }>()
const assetsByPath = new Map<string, string>()

/** URL prefix of the catalogue files (decision 036): content-hashed, immutable. */
export const CATALOGUE_PATH = '/assets/i18n/'

/** One namespace of one locale as a file whose URL names its content's hash. */
export function catalogueAsset(locale: Locale, namespace: ClientNamespace): { path: string; json: string } {
  const key = `${locale}/${namespace}`
  let asset = assets.get(key)
  if (!asset) {
    const json = JSON.stringify(RESOURCES[locale][namespace] ?? {})
    const hash = createHash('sha256').update(json).digest('base64url').slice(0, 12)
    asset = { path: `${CATALOGUE_PATH}${locale}/${namespace}.${hash}.json`, json }
    assets.set(key, asset)
    assetsByPath.set(asset.path, json)
  }
  return asset
}

/** The catalogue file at `path`, or undefined (an old hash, an unknown name). */
export function catalogueAt(path: string): string | undefined {
  if (!path.startsWith(CATALOGUE_PATH)) return undefined
  const found = assetsByPath.get(path)
  if (found !== undefined) return found
  // Not asked for by a document of this process yet: find it by its name.
  const match = /^\/assets\/i18n\/([a-z]{2})\/([a-z]+)\.[A-Za-z0-9_-]{12}\.json$/.exec(path)
  if (!match || !(match[1]! in RESOURCES) || !(CLIENT_NAMESPACES as readonly string[]).includes(match[2]!)) return undefined
  const asset = catalogueAsset(match[1] as Locale, match[2] as ClientNamespace)
  return asset.path === path ? asset.json : undefined
}

/**
 * The JSON the document carries for the browser's first render (a <script
 * type="application/json">): the locale and, per namespace its matched routes need, the
 * URL of that catalogue's file, which the document preloads and the browser reads before
 * it hydrates (app/entry.client.tsx). `<` is escaped so no text can close the script element.
 */
export function documentCatalogues(locale: Locale, namespaces: readonly ClientNamespace[]): string {
  const key = `${locale}:${namespaces.join(',')}`
  let json = documents.get(key)
  if (json === undefined) {
    const payload: DocumentCatalogues = { locale, urls: Object.fromEntries(namespaces.map((ns) => [ns, catalogueAsset(locale, ns).path])) }
    json = JSON.stringify(payload).replace(/</g, '\\u003c')
    documents.set(key, json)
  }
  return json
}

export { I18N_DATA_ID }
