import { redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { withSiteDescription } from '~/modules/site/page-meta.ts'
import { useLoaderData } from '@remix-run/react'
import { ChatScreen } from '~/components/chat/chat-screen.tsx'
import { requireMember } from '~/modules/auth/guards.server.ts'
import { findConversation } from '~/modules/chat/conversations.server.ts'
import { composerInfo, notFound, requireChatter, sendFromForm } from '~/modules/chat/page.server.ts'
import { readScoped } from '~/modules/db/scoped.server.ts'
import type { I18nHandle } from '~/modules/i18n/namespaces.ts'
import { parseProfileId } from '~/modules/profiles/member-profile.server.ts'
import { reachableProfile } from '~/modules/reach/reach.server.ts'
import { toProfileCard } from '~/modules/profiles/showcase.server.ts'
import { attentionOf } from '~/modules/site/attention.ts'
import { errorMeta } from '~/modules/site/error-meta.ts'
import { pageTitle } from '~/modules/site/title.ts'
import chatCss from '~/styles/chat.css?url'
import giftsCss from '~/styles/gifts.css?url'
import type { LayoutHandle } from './_default.tsx'
import { limitPageHeaders } from '~/modules/limits/headers.ts'

// Chat with a member (SPEC §2 /members/{id}/chat): an existing conversation opens at
// /chats/{id}; otherwise an empty one, created by the first message sent. A member out of
// reach (blocked, invisible without a conversation, another pool) is the site's 404.
export const handle: I18nHandle & LayoutHandle = { i18n: ['chat', 'profile'], layout: 'chat' }

// A refused send (429) keeps its Retry-After (Remix passes only cookies on by itself).
export const headers = limitPageHeaders

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: chatCss }, { rel: 'stylesheet', href: giftsCss }]

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const member = requireMember(context, request)
  const me = requireChatter(member)
  const targetId = parseProfileId(params.id)
  if (targetId === null) throw notFound()
  const { reads, scope, tenant } = context
  const found = await readScoped(reads, scope, async (tx) => {
    const existing = await findConversation(tx, scope, me, targetId)
    if (existing) return { conversationId: existing.id }
    if (!(await reachableProfile(tx, scope, me, targetId))) return null
    const p = await tx.profile.findFirstOrThrow({
      where: { poolId: scope.poolId, id: targetId },
      select: {
        id: true, name: true, birthDate: true, country: true, region: true, city: true, fictional: true,
        photos: { where: { poolId: scope.poolId, isMain: true, status: 'active' }, select: { thumbFilename: true }, take: 1 },
      },
    })
    return { partner: toProfileCard({ ...p, thumbFilename: p.photos[0]?.thumbFilename ?? null }, tenant.cdnPrefix, new Date()) }
  })
  if (!found) throw notFound()
  if ('conversationId' in found) throw redirect(`/chats/${found.conversationId}`)
  const composer = await composerInfo(context, member, me, { newConversation: true, fictional: found.partner.fictional })
  return { partner: found.partner, composer, siteName: tenant.name }
}

export async function action({ params, request, context }: ActionFunctionArgs) {
  const member = requireMember(context, request)
  const me = requireChatter(member)
  const targetId = parseProfileId(params.id)
  if (targetId === null) throw notFound()
  return sendFromForm(request, context, member, me, targetId)
}

const pageMeta: MetaFunction<typeof loader> = ({ data, error, matches }) =>
  data ? [{ name: 'robots', content: 'noindex' }, { title: pageTitle(data.siteName, data.partner.name, attentionOf(matches)) }] : errorMeta({ error, matches })

export default function ChatWithMemberPage() {
  const { partner, composer } = useLoaderData<typeof loader>()
  return <ChatScreen partner={partner} messages={[]} composer={composer} />
}

export const meta: MetaFunction<typeof loader> = (args) => withSiteDescription(args, pageMeta(args))
