// Deletion constants, safe for the browser bundle (the settings form uses them).
export const DELETE_REASONS = ['price', 'found_someone', 'not_looking', 'site_problems', 'no_members', 'time', 'other'] as const
export type DeleteReason = (typeof DELETE_REASONS)[number]
export const DELETE_REMARKS_MAX = 1000
export const GRACE_DAYS = 14
export const GRACE_MS = GRACE_DAYS * 24 * 3600_000
