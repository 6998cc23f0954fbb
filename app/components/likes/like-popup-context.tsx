import { createContext, useContext } from 'react'
import type { ProfileCard } from '~/modules/profiles/showcase.server.ts'

/** What the like/match pop-up shows (SPEC §2): 'New like!' or 'It's a Match'. */
export type LikePopupRequest = { kind: 'like' | 'match'; profile: ProfileCard }

export type LikePopupApi = {
  /** Opens the pop-up (or queues it behind the one that is open). */
  show(request: LikePopupRequest): void
}

export const LikePopupContext = createContext<LikePopupApi | null>(null)

const NONE: LikePopupApi = { show: () => undefined }

/** The pop-up of the layout; outside one (tests, other layouts) showing does nothing. */
export function useLikePopup(): LikePopupApi {
  return useContext(LikePopupContext) ?? NONE
}
