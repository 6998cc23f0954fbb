import { Link, useLocation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { PhotoAlert } from '~/components/profile/photo-alert.tsx'
import { useRootData } from '~/root.tsx'

/**
 * The warnings header of the default layout (SPEC §2): the activation reminder for members
 * who have not confirmed their e-mail, and the profile-photo alert. The push and
 * notification alerts join with their issues.
 */
export function Warnings() {
  const { member } = useRootData()
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const showActivation = member?.status === 'not_confirmed' && pathname !== '/complete-signup'
  if (!member) return null
  return (
    <div className="warnings">
      {showActivation ? (
        <div className="container warnings__item" role="status">
          <span>{t('alerts.activation.text')}</span>
          <Link to="/complete-signup" className="button button--light">
            {t('alerts.activation.action')}
          </Link>
        </div>
      ) : null}
      <PhotoAlert />
    </div>
  )
}
