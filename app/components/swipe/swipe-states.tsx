import { Link, useRevalidator } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { formatHms, useCountdown } from './countdown.tsx'

/** Today's likes are used: come back after the site's next local midnight. */
export function SwipeLimit({ limit, secondsLeft }: { limit: number; secondsLeft: number }) {
  const { t } = useTranslation('swipe')
  const revalidator = useRevalidator()
  // At midnight the server hands out the new day's likes.
  const left = useCountdown(secondsLeft, () => revalidator.revalidate())
  return (
    <section className="swipe-state card" aria-labelledby="swipe-limit-title">
      <div className="swipe-state__icon" aria-hidden="true">
        ⏳
      </div>
      <h2 id="swipe-limit-title">{t('limit.title')}</h2>
      <p>{t('limit.text', { count: limit })}</p>
      <p className="swipe-state__timer" role="timer" aria-live="off">
        {t('limit.timeLeft', { time: formatHms(left) })}
      </p>
      <Link to="/members" className="button button--primary">
        {t('search')}
      </Link>
    </section>
  )
}

/** Nobody left to show for now. */
export function SwipeEmpty() {
  const { t } = useTranslation('swipe')
  return (
    <section className="swipe-state card" aria-labelledby="swipe-empty-title">
      <div className="swipe-state__icon" aria-hidden="true">
        ✨
      </div>
      <h2 id="swipe-empty-title">{t('empty.title')}</h2>
      <p>{t('empty.text')}</p>
      <Link to="/members" className="button button--primary">
        {t('search')}
      </Link>
    </section>
  )
}

/** The profile stays disabled until the e-mail address is confirmed (SPEC §4). */
export function SwipeNotConfirmed() {
  const { t } = useTranslation('swipe')
  return (
    <section className="swipe-state card" aria-labelledby="swipe-confirm-title">
      <div className="swipe-state__icon" aria-hidden="true">
        ✉
      </div>
      <h2 id="swipe-confirm-title">{t('notConfirmed.title')}</h2>
      <p>{t('notConfirmed.text')}</p>
      <Link to="/complete-signup" className="button button--primary">
        {t('notConfirmed.link')}
      </Link>
    </section>
  )
}
