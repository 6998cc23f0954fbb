import { Link, useLocation } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useRootData } from '~/modules/site/use-root-data.ts'
import { PHOTO_ALERT_DISMISSED_KEY, photoAlertKind } from './photo-alert-rules.ts'

function readDismissed(): string | null {
  try {
    return window.localStorage.getItem(PHOTO_ALERT_DISMISSED_KEY)
  } catch {
    return null // Storage blocked: show it, it just will not be remembered.
  }
}

/**
 * The profile-photo alert (SPEC §2) for the default layout's warnings header: logged-in
 * members without a main photo, except on the pages SPEC lists. Dismissal is stored as a
 * timestamp (SPEC §4) and hides it for good. Like the entry warning it appears after
 * hydration, once storage has been read, so a dismissed alert never flashes.
 */
export function PhotoAlert() {
  const { member } = useRootData()
  const { pathname } = useLocation()
  const { t } = useTranslation('profile')
  const [dismissedAt, setDismissedAt] = useState<string | null | undefined>(undefined)

  useEffect(() => {
    setDismissedAt(readDismissed())
  }, [])

  const kind = dismissedAt === undefined ? null : photoAlertKind({ member, pathname, dismissedAt })
  if (!kind) return null
  const dismiss = () => {
    const now = String(Date.now())
    try {
      window.localStorage.setItem(PHOTO_ALERT_DISMISSED_KEY, now)
    } catch {
      // Nothing to remember it in: hidden for this page view only.
    }
    setDismissedAt(now)
  }
  return (
    <div className="container warnings__item notice photo-alert" role="status" data-alert="photo">
      <span>{kind === 'inReview' ? t('photoAlert.inReview') : t('photoAlert.text')}</span>
      <span className="photo-alert__actions">
        <Link to="/profile/photos" className="button button--light">
          {kind === 'inReview' ? t('photoAlert.viewPhotos') : t('photoAlert.action')}
        </Link>
        <button type="button" className="button button--ghost notice__close" onClick={dismiss} aria-label={t('photoAlert.dismiss')} title={t('photoAlert.dismiss')}>
          <span aria-hidden="true">×</span>
        </button>
      </span>
    </div>
  )
}
