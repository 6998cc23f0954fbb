// Photo rules shared by the browser (hints, the uploader's early checks) and the server.
// SPEC §5 and §9: free members hold at most 3 photos, premium members 25.

export const FREE_PHOTO_LIMIT = 3
export const PREMIUM_PHOTO_LIMIT = 25
/** Per file, checked while the request streams in (10 MiB). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024
/** Width times height, read from the image header before anything is decoded. */
export const MAX_PIXELS = 40_000_000
/** Files per request: bounds a request's memory (the uploader sends one file per request). */
export const MAX_FILES_PER_REQUEST = 10

export const MAX_UPLOAD_MB = MAX_UPLOAD_BYTES / (1024 * 1024)
export const MAX_MEGAPIXELS = MAX_PIXELS / 1_000_000

/** Why an operator rejects a photo (Photo.rejectReason); each has `rejectReason.<key>` in photos.json. */
export const PHOTO_REJECT_REASONS = ['not_recognisable', 'not_own', 'explicit', 'minor', 'contact_details', 'quality', 'other'] as const
export type PhotoRejectReason = (typeof PHOTO_REJECT_REASONS)[number]

export const PHOTO_STATUSES = ['inspection', 'active', 'rejected'] as const
export type PhotoStatus = (typeof PHOTO_STATUSES)[number]

/** Keys in the photos namespace: 'In beoordeling' / 'Under inspection', ... */
export const PHOTO_STATUS_LABEL: Record<PhotoStatus, string> = {
  inspection: 'status.inspection',
  active: 'status.active',
  rejected: 'status.rejected',
}

export function photoLimitFor(paidUser: boolean): number {
  return paidUser ? PREMIUM_PHOTO_LIMIT : FREE_PHOTO_LIMIT
}

/** Why one file was refused; each has a message `photos:errors.<reason>` naming the file. */
export const UPLOAD_ERRORS = [
  'tooLarge',
  'empty',
  'notAnImage',
  'unsupported',
  'tooManyPixels',
  'unreadable',
  'limitFree',
  'limitPremium',
  'tooManyFiles',
  'noProfile',
  'tooManyUploads',
  'failed',
] as const
export type UploadError = (typeof UPLOAD_ERRORS)[number]

/** One line per file in the answer to an upload. */
export type UploadOutcome = { name: string; ok: true; photoId: number } | { name: string; ok: false; error: UploadError }
