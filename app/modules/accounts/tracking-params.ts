// The traffic source's query parameters. Kept apart from the signup schema (zod) so a page
// with a signup link does not load the whole form validation.
/** SPEC §3 tracking data, read from the signup URL's query (see tracking.server.ts). */
export const TRACKING_KEYS = ['network', 'ref', 'sub1', 'sub2', 'sub3'] as const
export type TrackingKey = (typeof TRACKING_KEYS)[number]
export type Tracking = Partial<Record<TrackingKey, string>>

/** The part of a query string that carries the traffic source along to /signup. */
export function trackingSearch(search: string): string {
  const params = new URLSearchParams(search)
  const kept = new URLSearchParams()
  for (const key of TRACKING_KEYS) {
    const value = params.get(key)
    if (value) kept.set(key, value)
  }
  const s = kept.toString()
  return s ? `?${s}` : ''
}
