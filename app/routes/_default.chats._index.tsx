import { redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { withSiteDescription } from '~/modules/site/page-meta.ts'
import { useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { ChatList } from '~/components/chat/chat-list.tsx'
import { requireMember } from '~/modules/auth/guards.server.ts'
import { hideChat, listChats } from '~/modules/chat/conversations.server.ts'
import { requireChatter } from '~/modules/chat/page.server.ts'
import { readScoped, withScope } from '~/modules/db/scoped.server.ts'
import type { I18nHandle } from '~/modules/i18n/namespaces.ts'
import { parseProfileId } from '~/modules/profiles/member-profile.server.ts'
import { attentionOf } from '~/modules/site/attention.ts'
import { localized } from '~/modules/site/public-settings.server.ts'
import { pageTitle } from '~/modules/site/title.ts'
import chatCss from '~/styles/chat.css?url'

// The chat list (SPEC §2 /chats). A plain form post removes a conversation (without
// JavaScript; with it the list calls DELETE /api/chat).
export const handle: I18nHandle = { i18n: ['chat'] }

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: chatCss }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  const member = requireMember(context, request)
  const me = requireChatter(member)
  const { reads, scope, tenant, locale, t } = context
  const chats = await readScoped(reads, scope, (tx) => listChats(tx, scope, me, tenant.cdnPrefix))
  const fallback = tenant.locales.default
  return {
    chats,
    fictional: { icon: tenant.fictional.icon, label: localized(tenant.fictional.singular, locale, fallback), warning: localized(tenant.fictional.warning, locale, fallback) },
    title: t('chat:title'),
    siteName: tenant.name,
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const member = requireMember(context, request)
  const me = requireChatter(member)
  const form = await request.formData().catch(() => null)
  const id = parseProfileId(String(form?.get('conversation') ?? ''))
  if (id !== null) await withScope(context.db, context.scope, (tx) => hideChat(tx, context.scope, me, id))
  throw redirect('/chats')
}

const pageMeta: MetaFunction<typeof loader> = ({ data, matches }) => [{ name: 'robots', content: 'noindex' }, { title: pageTitle(data?.siteName ?? '', data?.title, attentionOf(matches)) }]

export default function ChatsPage() {
  const { chats, fictional } = useLoaderData<typeof loader>()
  const { t } = useTranslation('chat')
  return (
    <div className="container section chats">
      <h1>{t('title')}</h1>
      <p className="lead">{t('intro')}</p>
      <ChatList chats={chats} fictional={fictional} />
    </div>
  )
}

export const meta: MetaFunction<typeof loader> = (args) => withSiteDescription(args, pageMeta(args))
