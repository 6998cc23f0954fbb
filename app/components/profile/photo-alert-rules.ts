// When the profile-photo alert shows (SPEC §2): logged-in members without a main image,
// except on the pages listed there, until dismissed. Pure: unit-tested.

export const PHOTO_ALERT_DISMISSED_KEY = 'photo-alert-dismissed'

/** SPEC §2: profile, signup, activate-done, premium, notifications, directdebit, settings (and the photo page itself). */
export const PHOTO_ALERT_EXCLUDED_PATHS = ['/profile', '/profile/photos', '/signup', '/activate/done', '/premium', '/notifications', '/directdebit', '/settings'] as const

export function photoAlertExcluded(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  return PHOTO_ALERT_EXCLUDED_PATHS.some((p) => path === p || path.startsWith(`${p}/`))
}

type AlertInput = { member: { thumb: string | null; photoInReview?: boolean } | null; pathname: string; dismissedAt: string | null }

export function photoAlertVisible(input: AlertInput): boolean {
  return input.member !== null && input.member.thumb === null && !input.dismissedAt && !photoAlertExcluded(input.pathname)
}

/**
 * What the alert says: 'missing' (add a photo), or 'inReview' when a photo was uploaded and
 * waits for the operator; telling that member they have no photo contradicts what they just did.
 */
export function photoAlertKind(input: AlertInput): 'missing' | 'inReview' | null {
  if (!photoAlertVisible(input)) return null
  return input.member?.photoInReview ? 'inReview' : 'missing'
}
