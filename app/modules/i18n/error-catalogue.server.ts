// The common catalogue's error texts of a locale, as the root loader sends them for meta
// functions (app/modules/site/error-meta.ts). One object per locale, built once.
import type { Locale } from '../../../tenants/schema.ts'
import { RESOURCES } from './resources.ts'

const cache = new Map<Locale, { errors: unknown }>()

export function errorCatalogue(locale: Locale): { errors: unknown } {
  let texts = cache.get(locale)
  if (!texts) {
    texts = { errors: (RESOURCES[locale].common as { errors?: unknown }).errors }
    cache.set(locale, texts)
  }
  return texts
}
