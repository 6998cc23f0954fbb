import { Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { LanguageMenu } from './language-menu.tsx'
import { Logo } from './logo.tsx'

/** Top navigation for visitors: logo to index, Login, language menu (SPEC §2). */
export function TopNav() {
  const { t } = useTranslation()
  return (
    <header className="top-nav">
      <nav className="container top-nav__inner" aria-label={t('nav.main')}>
        <Logo />
        <div className="top-nav__actions">
          <LanguageMenu />
          <Link to="/login" className="button button--light">
            {t('nav.login')}
          </Link>
        </div>
      </nav>
    </header>
  )
}
