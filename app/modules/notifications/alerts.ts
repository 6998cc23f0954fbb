// Which notification alerts a page shows (SPEC §2), decided from the member's state and the
// route. Shared by the server (first render) and the browser (push state is only known there).
import type { PushState } from './kinds.ts'

export type AlertMember = {
  status: string
  profileStatus: string | null
  notificationsDisabled: readonly string[]
  pushAlertDismissedAt: string | null
  disabledAlertDismissedAt: string | null
}

export type NotificationAlert = 'push' | 'notifications_disabled' | 'activation'

/** Route names (SPEC §2) by route id. */
export function routeName(routeId: string): string {
  return routeId.replace(/^routes\/_(default|lander)\./, '').replace(/^routes\//, '').replace(/\._index$/, '').replace(/[.$_]+/g, '-').replace(/-+$/, '')
}

const NO_PUSH_ALERT = ['signup', 'notifications', 'activate-done', 'directdebit', 'premium']
const NO_DISABLED_ALERT = ['settings', 'notifications']

export function notificationAlerts(member: AlertMember, route: string, push: { capable: boolean; state: PushState }): NotificationAlert[] {
  const alerts: NotificationAlert[] = []
  const disabled = member.notificationsDisabled.length > 0
  if (member.status === 'not_confirmed' && member.profileStatus === 'disabled' && !disabled) alerts.push('activation')
  if (disabled && !member.disabledAlertDismissedAt && !NO_DISABLED_ALERT.includes(route)) alerts.push('notifications_disabled')
  if (push.capable && push.state === 'unknown' && !member.pushAlertDismissedAt && !NO_PUSH_ALERT.includes(route)) alerts.push('push')
  return alerts
}
