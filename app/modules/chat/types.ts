// What the chat pages send to the browser: types only, in a plain module (STYLE: data-transfer types).
import type { GiftOffer } from '../gifts/catalogue.ts'
import type { ProfileCard } from '../profiles/showcase.server.ts'

export type ChatMessage = {
  id: string
  mine: boolean
  body: string
  /** A gift's catalogue key (decision 017): the message is that gift, without text. */
  gift: string | null
  /** A photo of the sender's (fictional) profile sent by an operator (decision 024): its URL. */
  photo?: string | null
  createdAt: string
  read: boolean
  delivered: boolean
  /** The member's own message a moderator holds ('held': being checked) or rejected (decision 053). */
  held?: 'held' | 'rejected'
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
  /** The site's gifts and their one price (gift_credits). */
  gifts: GiftOffer
  /** A free member who may start no more conversations (only on a new conversation). */
  limitReached: boolean
  fictional: { icon: string; label: string; warning: string } | null
  /** This form's key, made by the loader: a resubmission is charged once (decision 040). */
  requestKey: string
}

/** `gift`: the refused send was a gift (the buy-credits alert says so). */
export type SendFailure = { error: 'empty' | 'too_long' | 'insufficient' | 'conversation_limit' | 'not_found' | 'limited' | 'gift_unknown'; body: string; message?: string; gift?: boolean }
