// Notification preferences (SPEC §3): each kind on or off per channel, and the reasons e-mail
// was switched off for an address by its mailbox rather than by the member.
export const NOTIFICATION_KINDS = ['new_conversations', 'new_messages', 'like', 'unread_message_reminders', 'promotions', 'weekly_updates', 'news', 'reminders'] as const
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]
export const CHANNELS = ['email', 'push'] as const
export type Channel = (typeof CHANNELS)[number]

/** fbl: a spam complaint (feedback loop); bounce: the address bounced; listunsubscribe: the mail client's unsubscribe. */
export const DISABLED_REASONS = ['fbl', 'bounce', 'listunsubscribe'] as const
export type DisabledReason = (typeof DISABLED_REASONS)[number]

/** Bulk kinds: their mails carry List-Unsubscribe (RFC 8058 one-click). */
export const BULK_KINDS: readonly NotificationKind[] = ['unread_message_reminders', 'promotions', 'weekly_updates', 'news', 'reminders']

export const isKind = (value: string): value is NotificationKind => (NOTIFICATION_KINDS as readonly string[]).includes(value)
export const isReason = (value: string): value is DisabledReason => (DISABLED_REASONS as readonly string[]).includes(value)

/** The client's push state (SPEC §4): unknown until asked, subscribed, or denied by the browser. */
export type PushState = 'unknown' | 'subscribed' | 'denied'

/** SPEC §4, §9: the periodic refresh of user, chats and likes. */
export const REFRESH_MS = 60_000
export const REFRESH_PUSH_MS = 300_000
export const REFRESH_FIRST_MS = 5_000

/** Messages the service worker posts to open pages (SPEC §7). */
export type ServiceWorkerMessage = { type: 'NEW_PUSH_MESSAGE'; payload: PushPayload } | { type: 'NEW_PUSH_CLICK'; checkUrl: string; openUrl: string }

export type PushPayload = { title: string; body: string; url: string; tag: string; kind: string; icon?: string }
