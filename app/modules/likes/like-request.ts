// The browser side of POST /api/likes: used by every like button, the pop-up and the swipe
// game's fallbacks. Without JavaScript the same forms post natively and are redirected back.
import type { LikeOrigin } from '~/generated/prisma/enums.ts'
import type { ProfileCard } from '../profiles/showcase.server.ts'

import { AuthenticationRequired, clientFetch } from '../http/client-fetch.ts'

export type LikeIntent = 'like' | 'unlike'
export type LikeOriginName = LikeOrigin

export type LikeResponse =
  | { ok: true; liked: boolean; match: boolean; profile: ProfileCard | null }
  | { ok: false; error: 'not_found' | 'not_confirmed' | 'authentication_required' | 'invalid_request' | 'failed'; message?: string }

export const LIKES_API = '/api/likes'

/** The translation key (common namespace) that explains a refused like to the member. */
export function likeErrorKey(error: (LikeResponse & { ok: false })['error']): string {
  return `likeButton.errors.${error === 'not_found' || error === 'not_confirmed' ? error : 'failed'}`
}

export async function sendLike(input: { profileId: number; intent: LikeIntent; origin: LikeOriginName }): Promise<LikeResponse> {
  const body = new URLSearchParams({ profileId: String(input.profileId), intent: input.intent, origin: input.origin })
  try {
    // Not retried: a like sent twice would toggle nothing, but an unlike could cross a like.
    const response = await clientFetch(LIKES_API, { method: 'POST', body })
    const json = (await response.json().catch(() => null)) as LikeResponse | null
    return json ?? { ok: false, error: 'failed' }
  } catch (error) {
    return { ok: false, error: error instanceof AuthenticationRequired ? 'authentication_required' : 'failed' }
  }
}
