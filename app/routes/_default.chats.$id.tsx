import { type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { withSiteDescription } from '~/modules/site/page-meta.ts'
import { useLoaderData } from '@remix-run/react'
import { ChatScreen } from '~/components/chat/chat-screen.tsx'
import { requireMember } from '~/modules/auth/guards.server.ts'
import { loadChat, markChatRead, partnerOf } from '~/modules/chat/conversations.server.ts'
import { FREE_HISTORY, FULL_HISTORY } from '~/modules/chat/rules.ts'
import { announceRead, composerInfo, notFound, requireChatter, sendFromForm } from '~/modules/chat/page.server.ts'
import { readScoped, withScope } from '~/modules/db/scoped.server.ts'
import type { I18nHandle } from '~/modules/i18n/namespaces.ts'
import { parseProfileId } from '~/modules/profiles/member-profile.server.ts'
import { attentionOf } from '~/modules/site/attention.ts'
import { errorMeta } from '~/modules/site/error-meta.ts'
import { pageTitle } from '~/modules/site/title.ts'
import chatCss from '~/styles/chat.css?url'
import giftsCss from '~/styles/gifts.css?url'
import type { LayoutHandle } from './_default.tsx'
import { dateTimeFormat } from '~/modules/site/formatters.ts'
import { limitPageHeaders } from '~/modules/limits/headers.ts'
import { formatLocaleFor } from '~/modules/site/format-locale.ts'

// A conversation (SPEC §2 /chats/{id}) in the chat layout. Opening it sets its unread count
// to 0 (SPEC §4): a write, in a transaction of its own, and the partner hears it live.
export const handle: I18nHandle & LayoutHandle = { i18n: ['chat', 'profile'], layout: 'chat' }

// A refused send (429) keeps its Retry-After (Remix passes only cookies on by itself).
export const headers = limitPageHeaders

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: chatCss }, { rel: 'stylesheet', href: giftsCss }]

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const member = requireMember(context, request)
  const me = requireChatter(member)
  const id = parseProfileId(params.id)
  if (id === null) throw notFound()
  const { db, scope, tenant } = context
  // Read only once the conversation turned out to be there for the member (not after a block).
  const { read, chat } = await withScope(db, scope, async (tx) => {
    const chat = await loadChat(tx, scope, me, id, tenant.cdnPrefix, member.paidUser ? FULL_HISTORY : FREE_HISTORY)
    return { chat, read: chat ? await markChatRead(tx, scope, me, id) : 0 }
  })
  if (!chat) throw notFound()
  if (read > 0) await announceRead(scope.poolId, chat.partner.id, chat.id, me)
  const composer = await composerInfo(context, member, me, { newConversation: false, fictional: chat.partner.fictional })
  const when = dateTimeFormat(formatLocaleFor(context.locale, tenant.countries), { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZone: tenant.timeZone })
  const messages = chat.messages.map((m) => ({ ...m, time: when.format(new Date(m.createdAt)) }))
  return { chat: { ...chat, messages }, composer, premium: member.paidUser, siteName: tenant.name }
}

export async function action({ params, request, context }: ActionFunctionArgs) {
  const member = requireMember(context, request)
  const me = requireChatter(member)
  const id = parseProfileId(params.id)
  if (id === null) throw notFound()
  const { scope } = context
  const conversation = await readScoped(context.reads, scope, (tx) =>
    tx.conversation.findFirst({ where: { poolId: scope.poolId, id, OR: [{ profileAId: me }, { profileBId: me }] }, select: { profileAId: true, profileBId: true } }),
  )
  if (!conversation) throw notFound()
  return sendFromForm(request, context, member, me, partnerOf(conversation, me))
}

const pageMeta: MetaFunction<typeof loader> = ({ data, error, matches }) =>
  data ? [{ name: 'robots', content: 'noindex' }, { title: pageTitle(data.siteName, data.chat.partner.name || undefined, attentionOf(matches)) }] : errorMeta({ error, matches })

export default function ChatPage() {
  const { chat, composer, premium } = useLoaderData<typeof loader>()
  return <ChatScreen key={chat.id} partner={chat.partner} messages={chat.messages} olderHidden={chat.olderHidden} premium={premium} partnerGone={chat.partnerGone} composer={composer} />
}

export const meta: MetaFunction<typeof loader> = (args) => withSiteDescription(args, pageMeta(args))
