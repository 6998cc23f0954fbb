// What the chat pages send to the browser: types only, in a plain module (STYLE: data-transfer types).
import type { ProfileCard } from '../profiles/showcase.server.ts'

export type ChatMessage = {
  id: string
  mine: boolean
  body: string
  createdAt: string
  read: boolean
  delivered: boolean
  /** When, as the page shows it: formatted on the server in the site's time zone, so the browser renders the same text. */
  time?: string
}
export type ChatSummary = { id: number; partner: ProfileCard; lastMessage: ChatMessage | null; unread: number; lastMessageAt: string }
/** `olderHidden`: there are older messages than the ones given (SPEC §2: free members see a limited history). */
export type ChatView = { id: number; partner: ProfileCard; partnerGone: boolean; messages: ChatMessage[]; olderHidden: boolean }

export type ComposerInfo = {
  maxLength: number
  cost: number
  /** Unpaid members: the per-country minimum price of a message (SPEC §5), formatted. */
  priceFrom: string | null
  /** A free member who may start no more conversations (only on a new conversation). */
  limitReached: boolean
  fictional: { icon: string; label: string; warning: string } | null
}

export type SendFailure = { error: 'empty' | 'too_long' | 'insufficient' | 'conversation_limit' | 'not_found' | 'limited'; body: string; message?: string }
