import type { LikedCard } from '~/modules/likes/likes.server.ts'
import type { LikesListItem } from './liked-member-card.tsx'

/**
 * The like dates as the site shows them, formatted once on the server in the site's time
 * zone, so the page the browser hydrates says exactly what the server rendered.
 */
export function withLikeDates(items: readonly LikedCard[], locale: string, timeZone: string): LikesListItem[] {
  const format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone })
  return items.map((item) => ({ ...item, date: format.format(new Date(item.at)) }))
}
