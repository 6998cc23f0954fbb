import { Link, useLocation, useMatches } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { notificationAlerts, routeName } from '~/modules/notifications/alerts.ts'
import { enablePush, startPush, usePush } from '~/modules/notifications/push-client.ts'
import { useRootData } from '~/modules/site/use-root-data.ts'

async function dismiss(alert: 'push' | 'notifications_disabled'): Promise<void> {
  await fetch('/api/alerts', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ dismiss: alert }),
  }).catch(() => undefined)
}

/**
 * The push-notification and disabled-notifications alerts of the warnings header (SPEC §2),
 * and the activation reminder's rule. Dismissals are stored on the account as timestamps
 * (SPEC §4). The push alert needs the browser's push state, so it appears after hydration.
 */
export function NotificationAlerts() {
  const { member, settings } = useRootData()
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const matches = useMatches()
  const push = usePush()
  const [dismissed, setDismissed] = useState<string[]>([])
  // The activation reminder comes back on the next visit until the address is confirmed.
  const [activationHidden, setActivationHidden] = useState(false)
  useEffect(() => {
    if (member) void startPush()
  }, [member])
  if (!member) return null
  const route = routeName(matches.at(-1)?.id ?? '')
  const alerts = notificationAlerts(
    {
      status: member.status,
      profileStatus: member.profileStatus,
      notificationsDisabled: member.notificationsDisabled,
      pushAlertDismissedAt: member.pushAlertDismissedAt,
      disabledAlertDismissedAt: member.disabledAlertDismissedAt,
    },
    route,
    { capable: push.capable && settings.push_public_key !== null, state: push.state },
  ).filter((a) => !dismissed.includes(a))
  const close = (alert: 'push' | 'notifications_disabled') => {
    setDismissed((d) => [...d, alert])
    void dismiss(alert)
  }
  const reason = member.notificationsDisabled[0] ?? 'bounce'
  return (
    <>
      {alerts.includes('activation') && pathname !== '/complete-signup' && !activationHidden ? (
        <div className="container warnings__item notice" role="status" data-alert="activation">
          <span>{t('alerts.activation.text')}</span>
          <span className="photo-alert__actions">
            <Link to="/complete-signup" className="button button--light">
              {t('alerts.activation.action')}
            </Link>
            <button type="button" className="button button--ghost notice__close" onClick={() => setActivationHidden(true)} aria-label={t('alerts.push.dismiss')} title={t('alerts.push.dismiss')}>
              <span aria-hidden="true">×</span>
            </button>
          </span>
        </div>
      ) : null}
      {alerts.includes('notifications_disabled') ? (
        <div className="container warnings__item notice" role="status" data-alert="notifications-disabled">
          <span>{t('alerts.disabled.text', { reason: t(`alerts.disabled.reasons.${reason}`) })}</span>
          <span className="photo-alert__actions">
            <Link to="/notifications" className="button button--light">
              {t('alerts.disabled.action')}
            </Link>
            <button type="button" className="button button--ghost notice__close" onClick={() => close('notifications_disabled')} aria-label={t('alerts.disabled.dismiss')} title={t('alerts.disabled.dismiss')}>
              <span aria-hidden="true">×</span>
            </button>
          </span>
        </div>
      ) : null}
      {alerts.includes('push') ? (
        <div className="container warnings__item notice" role="status" data-alert="push">
          <span>{t('alerts.push.text')}</span>
          <span className="photo-alert__actions">
            <button type="button" className="button button--light" onClick={() => void enablePush(settings.push_public_key)}>
              {t('alerts.push.action')}
            </button>
            <button type="button" className="button button--ghost notice__close" onClick={() => close('push')} aria-label={t('alerts.push.dismiss')} title={t('alerts.push.dismiss')}>
              <span aria-hidden="true">×</span>
            </button>
          </span>
        </div>
      ) : null}
    </>
  )
}
