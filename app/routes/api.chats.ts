import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireMember } from '~/modules/auth/guards.server.ts'
import { countUnreadMessages, listChats, type ChatSummary } from '~/modules/chat/conversations.server.ts'
import { readScoped } from '~/modules/db/scoped.server.ts'
import { countNewLikes } from '~/modules/likes/likes.server.ts'

// SPEC §7 GET /api/chats: `chats`, each with conversation, profile, num_unread_messages and
// messages (the last one here; the conversation page has the rest), plus the totals of
// unread messages and new likes (the periodic refresh's badges). `?totals=1` answers only
// the totals: the refresh on every page needs no list.

const apiChat = (chat: ChatSummary) => ({
  conversation: { id: chat.id, last_message_at: chat.lastMessageAt },
  profile: chat.partner,
  num_unread_messages: chat.unread,
  messages: chat.lastMessage ? [{ id: chat.lastMessage.id, mine: chat.lastMessage.mine, body: chat.lastMessage.body, created_at: chat.lastMessage.createdAt, read: chat.lastMessage.read }] : [],
})

export async function loader({ request, context }: LoaderFunctionArgs) {
  const member = requireMember(context, request)
  const me = member.profile?.id
  const headers = { 'Cache-Control': 'no-store' }
  // The credits badge and premium state ride along: the periodic refresh keeps them current too.
  const account = { credits: member.credits, paid_user: member.paidUser }
  if (!me) return Response.json({ chats: [], unread_messages: 0, new_likes: 0, ...account }, { headers })
  const { reads, scope, tenant } = context
  const totalsOnly = new URL(request.url).searchParams.get('totals') === '1'
  const body = await readScoped(reads, scope, async (tx) => ({
    ...(totalsOnly ? {} : { chats: (await listChats(tx, scope, me, tenant.cdnPrefix)).map(apiChat) }),
    unread_messages: await countUnreadMessages(tx, scope, me),
    new_likes: await countNewLikes(tx, scope, me),
    ...account,
  }))
  return Response.json(body, { headers })
}
