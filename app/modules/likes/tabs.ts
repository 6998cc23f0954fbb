/** The tabs of the likes page (SPEC §2: /likes/{type}); shared by server and browser code. */
export const LIKE_TABS = ['received', 'given', 'matches'] as const
export type LikeTab = (typeof LIKE_TABS)[number]
