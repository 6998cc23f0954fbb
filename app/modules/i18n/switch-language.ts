// A language change decided on the server, applied in the browser without a half-translated render.
import type { i18n } from 'i18next'

/** Loads every namespace in use for `locale`, then switches to it (no half-translated render). */
export async function switchLanguage(instance: i18n, locale: string): Promise<void> {
  if (instance.language === locale) return
  await instance.loadLanguages(locale)
  await instance.changeLanguage(locale)
}
