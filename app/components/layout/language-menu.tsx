import { Form, useLocation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { useRootData } from '~/modules/site/use-root-data.ts'
import { Menu } from './menu.tsx'

/** Shown only when the site offers more than one locale (SPEC §2). Works without JS. */
export function LanguageMenu() {
  const { settings, locale } = useRootData()
  const { t } = useTranslation()
  const location = useLocation()
  if (settings.locales.length < 2) return null
  return (
    <Menu className="language-menu" label={t('nav.language')} summary={locale.toUpperCase()}>
      <Form method="post" action="/lang-config" className="menu__list">
        <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
        {settings.locales.map((code) => (
          <button key={code} type="submit" name="locale" value={code} className="menu__item" aria-current={code === locale} lang={code}>
            {t(`languages.${code}`)}
          </button>
        ))}
      </Form>
    </Menu>
  )
}
