import { PhotoAlert } from '~/components/profile/photo-alert.tsx'
import { TimeBonus } from '~/components/payments/time-bonus.tsx'
import type { TimeBonusView } from '~/modules/payments/time-bonus.server.ts'
import { useRootData } from '~/modules/site/use-root-data.ts'
import { NotificationAlerts } from './notification-alerts.tsx'

/**
 * The notice area of the default layout (SPEC §2's warnings header, issue 22): one compact,
 * dismissible notice at a time instead of a stack that filled a phone's first screen. Every
 * candidate renders in priority order and the stylesheet shows only the first
 * (`.notice ~ .notice`), so dismissing one brings the next, and server and browser agree:
 * 1. the activation reminder, 2. mail switched off (bounce, spam report),
 * 3. turn on push notifications, 4. the welcome bonus, 5. the profile photo.
 */
export function Warnings({ bonus }: { bonus?: TimeBonusView | null }) {
  const { member } = useRootData()
  if (!member) return null
  return (
    <div className="warnings" data-testid="notices">
      <NotificationAlerts />
      {bonus ? <TimeBonus bonus={bonus} /> : null}
      <PhotoAlert />
    </div>
  )
}
