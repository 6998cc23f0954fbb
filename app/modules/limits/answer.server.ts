// How a refused request is answered: 429 with Retry-After, and a translated text (common
// namespace) that names the minutes. Forms put the text at the form; JSON APIs get it in JSON.
import type { TFunction } from 'i18next'

export const retryMinutes = (retryAfter: number) => Math.max(1, Math.ceil(retryAfter / 60))

export function limitHeaders(retryAfter: number): Record<string, string> {
  return { 'Retry-After': String(retryAfter), 'Cache-Control': 'no-store' }
}

export function limitText(t: TFunction, retryAfter: number): string {
  return t('limits.tooMany', { ns: 'common', minutes: retryMinutes(retryAfter) })
}

/** The JSON answer of an API route over its limit. */
export function limitedJson(t: TFunction, retryAfter: number): Response {
  return Response.json(
    { ok: false, error: 'too_many_requests', retry_after: retryAfter, message: limitText(t, retryAfter) },
    { status: 429, headers: limitHeaders(retryAfter) },
  )
}
