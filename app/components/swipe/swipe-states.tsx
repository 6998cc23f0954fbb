import { Link, useRevalidator } from '@remix-run/react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { formatHms, useCountdown } from './countdown.tsx'

/** A state of the game instead of cards: icon, heading, text and where to go from here. */
function SwipeState({ id, icon, title, link, children }: { id: string; icon: string; title: string; link: { to: string; label: string }; children: ReactNode }) {
  return (
    <section className="swipe-state card" aria-labelledby={id}>
      <div className="swipe-state__icon" aria-hidden="true">
        {icon}
      </div>
      <h2 id={id}>{title}</h2>
      {children}
      <Link to={link.to} className="button button--primary">
        {link.label}
      </Link>
    </section>
  )
}

/** Today's likes are used: come back after the site's next local midnight. */
export function SwipeLimit({ limit, secondsLeft }: { limit: number; secondsLeft: number }) {
  const { t } = useTranslation('swipe')
  const revalidator = useRevalidator()
  // At midnight the server hands out the new day's likes.
  const left = useCountdown(secondsLeft, () => revalidator.revalidate())
  return (
    <SwipeState id="swipe-limit-title" icon="⏳" title={t('limit.title')} link={{ to: '/members', label: t('search') }}>
      <p>{t('limit.text', { count: limit })}</p>
      <p className="swipe-state__timer" role="timer" aria-live="off">
        {t('limit.timeLeft', { time: formatHms(left) })}
      </p>
    </SwipeState>
  )
}

/** Nobody left to show for now. */
export function SwipeEmpty() {
  const { t } = useTranslation('swipe')
  return (
    <SwipeState id="swipe-empty-title" icon="✨" title={t('empty.title')} link={{ to: '/members', label: t('search') }}>
      <p>{t('empty.text')}</p>
    </SwipeState>
  )
}

/** The profile stays disabled until the e-mail address is confirmed (SPEC §4). */
export function SwipeNotConfirmed() {
  const { t } = useTranslation('swipe')
  return (
    <SwipeState id="swipe-confirm-title" icon="✉" title={t('notConfirmed.title')} link={{ to: '/complete-signup', label: t('notConfirmed.link') }}>
      <p>{t('notConfirmed.text')}</p>
    </SwipeState>
  )
}
