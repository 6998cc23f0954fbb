// What asks for the member's attention (SPEC §2): unread messages and new likes. Counted by
// the default layout's loader; shown as badges in the top navigation and, summed, in front
// of the page title. Messages arrive with chat and add their count here.
export type Attention = { newLikes: number; unreadMessages: number }

export const NO_ATTENTION: Attention = { newLikes: 0, unreadMessages: 0 }

/** The route whose loader counts attention. */
export const ATTENTION_ROUTE = 'routes/_default'

export function attentionTotal(attention: Attention | null | undefined): number {
  return attention ? attention.newLikes + attention.unreadMessages : 0
}

function isAttention(value: unknown): value is Attention {
  if (typeof value !== 'object' || value === null) return false
  const v = value as Record<string, unknown>
  return typeof v.newLikes === 'number' && typeof v.unreadMessages === 'number'
}

/** From a meta function's matches: the attention total for the title prefix. */
export function attentionOf(matches: readonly { id: string; data?: unknown }[]): number {
  const data = matches.find((m) => m.id === ATTENTION_ROUTE)?.data
  const attention = typeof data === 'object' && data !== null ? (data as { attention?: unknown }).attention : null
  return isAttention(attention) ? attentionTotal(attention) : 0
}

/** SPEC §2: the unread badge shows 99+ above 99. */
export function badgeText(count: number): string {
  return count > 99 ? '99+' : String(count)
}

/**
 * The conversation open on the page a request is for (`/chats/{id}`), or null: its messages
 * are on screen, so the badges and the title count do not include them.
 */
export function openConversationOf(pathname: string): number | null {
  const match = /^\/chats\/([1-9][0-9]{0,9})\/?$/.exec(pathname)
  if (!match) return null
  const id = Number(match[1])
  return id <= 2_147_483_647 ? id : null
}
