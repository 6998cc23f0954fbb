// All translation catalogues. nl is the base: every other locale must have its keys
// (app/modules/i18n/catalogues.test.ts). Brand names are interpolated, never written here.
import type { Locale } from '../../../tenants/schema.ts'
import deCommon from '../../locales/de/common.json'
import dePages from '../../locales/de/pages.json'
import enCommon from '../../locales/en/common.json'
import enPages from '../../locales/en/pages.json'
import esCommon from '../../locales/es/common.json'
import esPages from '../../locales/es/pages.json'
import frCommon from '../../locales/fr/common.json'
import frPages from '../../locales/fr/pages.json'
import itCommon from '../../locales/it/common.json'
import itPages from '../../locales/it/pages.json'
import nlCommon from '../../locales/nl/common.json'
import nlPages from '../../locales/nl/pages.json'
import plCommon from '../../locales/pl/common.json'
import plPages from '../../locales/pl/pages.json'

export const NAMESPACES = ['common', 'pages'] as const
export type Namespace = (typeof NAMESPACES)[number]
export type Catalogue = Record<string, unknown>

export const RESOURCES: Record<Locale, Record<Namespace, Catalogue>> = {
  nl: { common: nlCommon, pages: nlPages },
  en: { common: enCommon, pages: enPages },
  de: { common: deCommon, pages: dePages },
  es: { common: esCommon, pages: esPages },
  fr: { common: frCommon, pages: frPages },
  it: { common: itCommon, pages: itPages },
  pl: { common: plCommon, pages: plPages },
}

export const BASE_LOCALE: Locale = 'nl'
