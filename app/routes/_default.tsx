import type { LoaderFunctionArgs } from '@remix-run/node'
import { Outlet, useMatches, type ShouldRevalidateFunction } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { ChatLayout, DefaultLayout } from '~/components/layout/layouts.tsx'
import { countUnreadMessages } from '~/modules/chat/conversations.server.ts'
import { readScoped } from '~/modules/db/scoped.server.ts'
import { countNewLikes } from '~/modules/likes/likes.server.ts'
import { openConversationOf, type Attention } from '~/modules/site/attention.ts'
import { timeBonusView } from '~/modules/payments/time-bonus.server.ts'
import { useLoaderData } from '@remix-run/react'
import type { I18nHandle } from '~/modules/i18n/namespaces.ts'
import { WarningNotice } from '~/components/safety/warning-notice.tsx'

export const handle: I18nHandle = { i18n: ['profile'] }

// The default layout (SPEC §2). Its loader counts what asks for the member's attention
// (badges and the title prefix): two indexed counts (new likes, unread messages) in the
// request's read transaction, so it runs on every navigation.
export async function loader({ context, request }: LoaderFunctionArgs) {
  const { member, reads, scope } = context
  const profileId = member?.profile?.id
  // Credits and premium come with the request's member (loaded with the session): current
  // after every revalidation, where the root's copy is not (the root does not revalidate).
  const account = member ? { credits: member.credits, paidUser: member.paidUser } : null
  if (!profileId) return { attention: null, account }
  // A moderator's warning (decision 053), loaded with the session: no statement of its own.
  const warning = member?.profile?.warning ?? null
  // A reply arriving in the open conversation is read there: no badge for it (the live
  // revalidation runs this count beside the page's own mark-read).
  const open = openConversationOf(new URL(request.url).pathname)
  const attention: Attention = await readScoped(reads, scope, async (tx) => ({
    newLikes: await countNewLikes(tx, scope, profileId),
    unreadMessages: await countUnreadMessages(tx, scope, profileId, open),
  }))
  // SPEC §4 time bonus: only in a new, unpaid member's first four hours (no query otherwise).
  const timeBonus = await timeBonusView(context)
  return { attention, account, ...(timeBonus ? { timeBonus } : {}), ...(warning ? { warning } : {}) }
}

export const shouldRevalidate: ShouldRevalidateFunction = () => true

/** A page of this layout that wants the chat layout (full height, no footer) says so in its handle. */
export type LayoutHandle = { layout?: 'chat' }

export default function DefaultLayoutRoute() {
  const chat = useMatches().some((m) => (m.handle as LayoutHandle | undefined)?.layout === 'chat')
  const Layout = chat ? ChatLayout : DefaultLayout
  const data = useLoaderData<typeof loader>()
  const timeBonus = 'timeBonus' in data ? (data.timeBonus ?? null) : null
  const warning = 'warning' in data ? data.warning : undefined
  return (
    <Layout bonus={timeBonus}>
      {warning ? <WarningNotice id={warning.id} reason={warning.reason} /> : null}
      <Outlet />
    </Layout>
  )
}

/** An error in any page of this layout keeps the navigation and the footer around it. */
export function ErrorBoundary() {
  return (
    <DefaultLayout>
      <GeneralErrorBoundary />
    </DefaultLayout>
  )
}
