// What a member is told right after an action, where they are (issue #16): a short message
// in a toast. Shared by the server (flash cookie) and the browser (after a fetch).

/** Every message a toast may carry: keys of `toast.*` in common.json. */
export const TOAST_KEYS = ['blocked', 'unmatched', 'photoDeleted', 'photoUnlocked', 'reported', 'alreadyReported'] as const
export type ToastKey = (typeof TOAST_KEYS)[number]

export type Toast = { key: ToastKey; values?: { name?: string } }

/** A toast ready to show: its text, and an id that changes with every new message. */
export type ShownToast = { id: string; text: string }
