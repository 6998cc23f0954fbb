import { Form, Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { useRootData } from '~/root.tsx'
import { LanguageMenu } from './language-menu.tsx'
import { Logo } from './logo.tsx'

/** SPEC §2: the credits badge shows at 10 or fewer credits; danger colour at 0. */
export const CREDITS_BADGE_THRESHOLD = 10

/**
 * Top navigation (SPEC §2). Visitors: logo to index, Login, language menu. Members: logo to
 * members, search, credits (paid) or Get Premium (unpaid), account menu. Messages and likes
 * join with their issues.
 */
export function TopNav() {
  const { t } = useTranslation()
  const { member } = useRootData()
  return (
    <header className="top-nav">
      <nav className="container top-nav__inner" aria-label={t('nav.main')}>
        <Logo to={member ? '/members' : '/'} />
        <div className="top-nav__actions">
          {member ? (
            <>
              <Link to="/members" className="top-nav__link">
                {t('nav.search')}
              </Link>
              {member.paidUser ? (
                <Link to="/pricing" className="top-nav__link">
                  {t('nav.credits')}
                  {member.credits <= CREDITS_BADGE_THRESHOLD ? (
                    <span className={`badge ${member.credits === 0 ? 'badge--danger' : 'badge--warning'}`}>{member.credits}</span>
                  ) : null}
                </Link>
              ) : (
                <Link to="/pricing" className="button button--light">
                  {t('nav.getPremium')}
                </Link>
              )}
              <LanguageMenu />
              <details className="menu account-menu">
                <summary aria-label={t('nav.account')}>
                  {member.thumb ? <img src={member.thumb} alt="" width={28} height={28} className="avatar" /> : <span className="avatar avatar--empty" aria-hidden="true" />}
                  <span className="account-menu__name">{member.name}</span>
                </summary>
                <div className="menu__list">
                  <Link to="/settings" className="menu__item">
                    {t('nav.settings')}
                  </Link>
                  <Form method="post" action="/logout">
                    <button type="submit" className="menu__item">
                      {t('nav.logout')}
                    </button>
                  </Form>
                </div>
              </details>
            </>
          ) : (
            <>
              <LanguageMenu />
              <Link to="/login" className="button button--light">
                {t('nav.login')}
              </Link>
            </>
          )}
        </div>
      </nav>
    </header>
  )
}
