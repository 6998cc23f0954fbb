import { Link, useLocation } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import type { TimeBonusView } from '~/modules/payments/time-bonus.server.ts'
import { useCountdown } from '~/components/swipe/countdown.tsx'
import { formatCountdown } from './countdown.tsx'

/** SPEC §9: the modal opens 40 s after entering the members area. */
export const TIME_BONUS_MODAL_DELAY_MS = 40_000
/** Dismissal is stored as a timestamp (SPEC §4). */
export const TIME_BONUS_DISMISSED_KEY = 'timeBonusDismissed'
const MEMBERS_AREA = /^\/(members(\/\d+)?|chats(\/[^/]+)?|likes(\/m\/[^/]+)?|premium)\/?$/

function readDismissed(): string | null {
  try {
    return window.localStorage.getItem(TIME_BONUS_DISMISSED_KEY)
  } catch {
    return null
  }
}

function withTime(text: string, time: string) {
  return text.replace('{{time}}', time)
}

/**
 * The welcome bonus banner (to /credits) and, when the member has no credits and is in the
 * members area, the time-bonus modal after 40 s unless dismissed. Both disappear at zero.
 */
export function TimeBonus({ bonus, banner = true }: { bonus: TimeBonusView; banner?: boolean }) {
  const left = useCountdown(bonus.secondsLeft)
  const { pathname } = useLocation()
  const inArea = MEMBERS_AREA.test(pathname)
  const dialog = useRef<HTMLDialogElement>(null)
  const [dismissed, setDismissed] = useState(true)
  // The banner is drawn by the server; a dismissed one leaves the notice area on hydration.
  const [bannerHidden, setBannerHidden] = useState(false)
  useEffect(() => {
    const stored = readDismissed() !== null
    setDismissed(stored)
    setBannerHidden(stored)
  }, [])
  useEffect(() => {
    if (!inArea || dismissed || bonus.credits > 0) return
    const timer = setTimeout(() => dialog.current?.showModal(), TIME_BONUS_MODAL_DELAY_MS)
    return () => clearTimeout(timer)
  }, [inArea, dismissed, bonus.credits])
  if (left <= 0) return null
  const time = formatCountdown(left)
  const dismiss = () => {
    try {
      window.localStorage.setItem(TIME_BONUS_DISMISSED_KEY, String(Date.now()))
    } catch {
      // Storage blocked: dismissed for this page view only.
    }
    setDismissed(true)
    setBannerHidden(true)
    dialog.current?.close()
  }
  return (
    <>
      {banner && !bannerHidden ? (
        <p className="container warnings__item notice time-bonus-banner" data-testid="time-bonus-banner">
          <Link to="/credits">{withTime(bonus.texts.banner, time)}</Link>
          <button type="button" className="button button--ghost notice__close" onClick={dismiss} aria-label={bonus.texts.close} title={bonus.texts.close}>
            <span aria-hidden="true">×</span>
          </button>
        </p>
      ) : null}
      <dialog ref={dialog} className="modal time-bonus" aria-labelledby="time-bonus-title" data-testid="time-bonus-modal" onCancel={dismiss}>
        <h2 id="time-bonus-title">{bonus.texts.title}</h2>
        <p>{withTime(bonus.texts.actFast, time)}</p>
        <div className="modal__actions">
          <Link to="/credits" className="button button--primary" onClick={dismiss}>
            {bonus.texts.cta}
          </Link>
          <button type="button" className="button button--light" onClick={dismiss}>
            {bonus.texts.close}
          </button>
        </div>
      </dialog>
    </>
  )
}
