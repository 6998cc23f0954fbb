// The language a visitor or member chooses (the language menu, /lang-config, PUT /api/user):
// remembered in the locale cookie for this browser and, for a logged-in member, saved to the
// account, so the next login (on any device) restores it (loginCookies).
import type { AppLoadContext } from '@remix-run/node'
import { localeCookie } from '../i18n/locale.server.ts'
import { saveLanguage } from './login.server.ts'

type LanguageContext = Pick<AppLoadContext, 'db' | 'scope' | 'member' | 'tenant'>

/** The Set-Cookie header for the chosen language, or null when this site does not offer it. */
export async function chooseLanguage({ db, scope, member, tenant }: LanguageContext, language: string): Promise<string | null> {
  const offered = tenant.locales.offered
  if (!(offered as readonly string[]).includes(language)) return null
  if (member) await saveLanguage(db, scope, member.userId, language, offered)
  return localeCookie.serialize(language)
}
