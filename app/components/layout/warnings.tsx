import { PhotoAlert } from '~/components/profile/photo-alert.tsx'
import { useRootData } from '~/modules/site/use-root-data.ts'
import { NotificationAlerts } from './notification-alerts.tsx'

/**
 * The warnings header of the default layout (SPEC §2): the activation reminder for members
 * who have not confirmed their e-mail, the disabled-notifications and push alerts
 * (notification-alerts.tsx), and the profile-photo alert.
 */
export function Warnings() {
  const { member } = useRootData()
  if (!member) return null
  return (
    <div className="warnings">
      <NotificationAlerts />
      <PhotoAlert />
    </div>
  )
}
