// What the chat routes share (/chats/{id} and /members/{id}/chat): the screen's data and
// sending from its form. Routes stay thin: guard, parse, call these, return.
import { randomUUID } from 'node:crypto'
import { numberFormat } from '../site/formatters.ts'
import { formatLocaleFor } from '../site/format-locale.ts'
import { redirect, type AppLoadContext } from '@remix-run/node'
import type { Member } from '../auth/session.server.ts'
import { readScoped } from '../db/scoped.server.ts'
import { limitHeaders, limitText } from '../limits/answer.server.ts'
import { messageAllowed } from '../limits/apply.server.ts'
import { localized } from '../site/public-settings.server.ts'
import { publishMemberEvent } from '../realtime/member-events.server.ts'
import { countStarted } from './conversations.server.ts'
import { isGiftKind } from '../gifts/catalogue.ts'
import { FREE_CONVERSATIONS } from './rules.ts'
import { sendMessage } from './send.server.ts'
import type { ComposerInfo, SendFailure } from './types.ts'

export type { ComposerInfo, SendFailure }

/** A paid form's key (a UUID from the loader). */
const REQUEST_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const notFound = () => new Response(null, { status: 404, statusText: 'Not Found' })

/** The member's own profile id; a member without a profile has no chats (404). */
export function requireChatter(member: Member): number {
  const id = member.profile?.id
  if (!id) throw notFound()
  return id
}


export async function composerInfo(context: AppLoadContext, member: Member, me: number, options: { newConversation: boolean; fictional: boolean }): Promise<ComposerInfo> {
  const { tenant, scope, reads, locale } = context
  const { country, started } = await readScoped(reads, scope, async (tx) => ({
    country: (await tx.profile.findFirst({ where: { poolId: scope.poolId, id: me }, select: { country: true } }))?.country ?? null,
    started: options.newConversation && !member.paidUser ? await countStarted(tx, scope, me) : 0,
  }))
  const minimum = !member.paidUser && country ? tenant.minimumMessageCosts[country as keyof typeof tenant.minimumMessageCosts] : undefined
  const fallback = tenant.locales.default
  return {
    maxLength: tenant.messageLength,
    cost: tenant.credits.message,
    priceFrom: minimum ? numberFormat(formatLocaleFor(locale, tenant.countries), { style: 'currency', currency: minimum.currency }).format(minimum.costs / 100) : null,
    gifts: { kinds: tenant.gifts, price: tenant.credits.gift, requestKey: randomUUID() },
    limitReached: options.newConversation && !member.paidUser && started >= FREE_CONVERSATIONS,
    requestKey: randomUUID(),
    fictional: options.fictional
      ? { icon: tenant.fictional.icon, label: localized(tenant.fictional.singular, locale, fallback), warning: localized(tenant.fictional.warning, locale, fallback) }
      : null,
  }
}


/**
 * The chat form's POST, and the gift form's (`gift`: a kind of the site's catalogue; from
 * the chat or the profile): a redirect to the conversation when sent, the reason and what
 * was typed when not.
 */
export async function sendFromForm(request: Request, context: AppLoadContext, member: Member, me: number, recipientId: number): Promise<Response> {
  return sendFormData(await request.formData().catch(() => null), context, member, me, recipientId)
}

/** The same, for a route that read the form itself (the member profile's gift form). */
export async function sendFormData(form: FormData | null, context: AppLoadContext, member: Member, me: number, recipientId: number): Promise<Response> {
  const raw = form?.get('body')
  const body = typeof raw === 'string' ? raw : ''
  const { db, scope, tenant, t } = context
  const giftField = form?.get('gift')
  const gift = typeof giftField === 'string' ? giftField : null
  if (gift !== null && !(isGiftKind(gift) && tenant.gifts.includes(gift))) return Response.json({ error: 'gift_unknown', body } satisfies SendFailure, { status: 400 })
  const keyField = form?.get('key')
  const requestKey = typeof keyField === 'string' && REQUEST_KEY.test(keyField) ? keyField.toLowerCase() : undefined
  const allowed = await messageAllowed(scope.tenantId, member.userId, context.clientIp)
  if (!allowed.ok) return Response.json({ error: 'limited', body, message: limitText(t, allowed.retryAfter) } satisfies SendFailure, { status: 429, headers: limitHeaders(allowed.retryAfter) })
  const result = await sendMessage(db, scope, {
    sender: { userId: member.userId, profileId: me, paidUser: member.paidUser },
    recipientId,
    body,
    ...(gift ? { gift } : {}),
    cost: gift ? tenant.credits.gift : tenant.credits.message,
    maxLength: tenant.messageLength,
    language: context.locale,
    hold: tenant.holdMessages,
    ...(requestKey ? { requestKey } : {}),
  })
  if (!result.ok) {
    const status = result.reason === 'not_found' ? 404 : result.reason === 'insufficient' ? 402 : result.reason === 'conversation_limit' ? 403 : 400
    return Response.json({ error: result.reason, body, ...(gift ? { gift: true } : {}) } satisfies SendFailure, { status })
  }
  throw redirect(`/chats/${result.conversationId}`)
}

/** After the member read a conversation: their partner's "read" marks, live. */
export async function announceRead(poolId: string, partnerId: number, conversationId: number, me: number): Promise<void> {
  await publishMemberEvent(poolId, partnerId, { type: 'read', conversation: conversationId, by: me })
}
