import { Form, Link, useLocation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { useRootData } from '~/modules/site/use-root-data.ts'
import { useAccount, useAttention } from '~/components/layout/use-attention.ts'
import { badgeText } from '~/modules/site/attention.ts'
import { LanguageMenu } from './language-menu.tsx'
import { Logo } from './logo.tsx'
import { Menu } from './menu.tsx'

/** SPEC §2: the credits badge shows at 10 or fewer credits; danger colour at 0. */
export const CREDITS_BADGE_THRESHOLD = 10

function creditsBadge(credits: number): string {
  if (credits === 0) return 'badge--danger'
  return credits <= CREDITS_BADGE_THRESHOLD ? 'badge--warning' : 'badge--balance'
}

/**
 * Top navigation (SPEC §2). Visitors: logo to index, Login, language menu. Members: logo to
 * members, search, messages with the unread badge, likes with the new-likes badge, the swipe
 * game, credits (paid) or Get Premium (unpaid), account menu (my profile, settings, logout).
 */
export function TopNav() {
  const { t } = useTranslation()
  const { member } = useRootData()
  // Credits and premium as the layout last counted them (the periodic refresh keeps them current).
  const account = useAccount()
  const { pathname } = useLocation()
  const attention = useAttention()
  const newLikes = attention?.newLikes ?? 0
  const unreadMessages = attention?.unreadMessages ?? 0
  return (
    <header className="top-nav">
      <nav className="container top-nav__inner" aria-label={t('nav.main')}>
        <Logo to={member ? '/members' : '/'} />
        <div className="top-nav__actions">
          {member ? (
            <>
              {/* Search, likes and the swipe game: links here, a tab bar at the bottom on phones. */}
              <div className="top-nav__primary">
                <Link to="/members" className="top-nav__link">
                  <span aria-hidden="true" className="top-nav__icon">
                    ⌕
                  </span>
                  <span className="top-nav__text">{t('nav.search')}</span>
                </Link>
                <Link to="/chats" className="top-nav__link">
                  <span aria-hidden="true" className="top-nav__icon">
                    ✉
                  </span>
                  <span className="top-nav__text">{t('nav.messages')}</span>
                  {unreadMessages > 0 ? (
                    <>
                      <span className="badge badge--unread top-nav__badge" aria-hidden="true" data-testid="messages-badge">
                        {badgeText(unreadMessages)}
                      </span>
                      <span className="visually-hidden">{t('nav.unreadMessages', { count: unreadMessages })}</span>
                    </>
                  ) : null}
                </Link>
                <Link to="/likes" className="top-nav__link">
                  <span aria-hidden="true" className="top-nav__icon">
                    ♥
                  </span>
                  <span className="top-nav__text">{t('nav.likes')}</span>
                  {newLikes > 0 ? (
                    <>
                      <span className="badge badge--unread top-nav__badge" aria-hidden="true" data-testid="likes-badge">
                        {badgeText(newLikes)}
                      </span>
                      <span className="visually-hidden">{t('nav.newLikes', { count: newLikes })}</span>
                    </>
                  ) : null}
                </Link>
                <Link to="/swipe-game" className="top-nav__link">
                  <span aria-hidden="true" className="top-nav__icon">
                    ⇆
                  </span>
                  <span className="top-nav__text">{t('nav.swipe')}</span>
                </Link>
              </div>
              {/* The balance is in sight wherever credits are spent (issue 22): the number always,
                  coloured as SPEC §2's badge at 10 or fewer. */}
              {account?.paidUser ? (
                <Link to="/credits" className="top-nav__link top-nav__credits">
                  <span className="top-nav__text">{t('nav.credits')}</span>
                  <span className={`badge ${creditsBadge(account.credits)}`} data-testid="credits-badge">
                    {account.credits}
                  </span>
                </Link>
              ) : (
                <>
                  {/* SPEC §9: the free messages of a signup through a profile are not announced
                      while signing up; afterwards they are the balance like any other. */}
                  {account && account.credits > 0 && !pathname.startsWith('/signup') ? (
                    <Link to="/pricing" className="top-nav__link top-nav__credits" aria-label={t('nav.balance', { count: account.credits })}>
                      <span className={`badge ${creditsBadge(account.credits)}`} data-testid="credits-badge">
                        {account.credits}
                      </span>
                    </Link>
                  ) : null}
                  <Link to="/premium" className="button button--light top-nav__premium">
                    {t('nav.getPremium')}
                  </Link>
                </>
              )}
              <LanguageMenu />
              <Menu
                className="account-menu"
                label={t('nav.account')}
                summary={
                  <>
                    {member.thumb ? <img src={member.thumb} alt="" width={28} height={28} className="avatar" /> : <span className="avatar avatar--empty" aria-hidden="true" />}
                    <span className="account-menu__name">{member.name}</span>
                  </>
                }
              >
                <div className="menu__list">
                  <Link to="/profile" className="menu__item">
                    {t('nav.myProfile')}
                  </Link>
                  <Link to="/settings" className="menu__item">
                    {t('nav.settings')}
                  </Link>
                  <Link to="/notifications" className="menu__item">
                    {t('nav.notifications')}
                  </Link>
                  <Form method="post" action="/logout">
                    <button type="submit" className="menu__item">
                      {t('nav.logout')}
                    </button>
                  </Form>
                </div>
              </Menu>
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
