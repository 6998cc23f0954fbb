// Calendar days in a site's time zone (tenant config `timeZone`): the swipe game's quota
// resets at the site's local midnight, not at UTC midnight.
import { dateTimeFormat } from '../site/formatters.ts'

function parts(at: Date, timeZone: string): { year: number; month: number; day: number; hour: number; minute: number; second: number } {
  const fields = dateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at)
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(fields.find((f) => f.type === type)?.value)
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute'), second: get('second') }
}

/** The local calendar date at `at`, as YYYY-MM-DD. */
export function localDate(at: Date, timeZone: string): string {
  const p = parts(at, timeZone)
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`
}

/** How far the zone is ahead of UTC at `at`, in milliseconds. */
function offsetMs(at: Date, timeZone: string): number {
  const p = parts(at, timeZone)
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second)
  return asUtc - Math.floor(at.getTime() / 1000) * 1000
}

/** The instant the next local day begins (local midnight after `at`), daylight saving included. */
export function startOfNextLocalDay(at: Date, timeZone: string): Date {
  const p = parts(at, timeZone)
  const midnightAsUtc = Date.UTC(p.year, p.month - 1, p.day + 1)
  // Guess with the offset now, then correct with the offset at the guess (a DST change in between).
  let guess = midnightAsUtc - offsetMs(at, timeZone)
  guess = midnightAsUtc - offsetMs(new Date(guess), timeZone)
  return new Date(guess)
}
