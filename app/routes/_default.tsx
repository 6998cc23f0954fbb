import type { LoaderFunctionArgs } from '@remix-run/node'
import { Outlet, type ShouldRevalidateFunction } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { DefaultLayout } from '~/components/layout/layouts.tsx'
import { readScoped } from '~/modules/db/scoped.server.ts'
import { countNewLikes } from '~/modules/likes/likes.server.ts'
import type { Attention } from '~/modules/site/attention.ts'
import type { I18nHandle } from '~/modules/i18n/namespaces.ts'

export const handle: I18nHandle = { i18n: ['profile'] }

// The default layout (SPEC §2). Its loader counts what asks for the member's attention
// (badges and the title prefix): one indexed count, so it runs on every navigation.
export async function loader({ context }: LoaderFunctionArgs) {
  const { member, reads, scope } = context
  const profileId = member?.profile?.id
  if (!profileId) return { attention: null }
  const newLikes = await readScoped(reads, scope, (tx) => countNewLikes(tx, scope, profileId))
  const attention: Attention = { newLikes, unreadMessages: 0 }
  return { attention }
}

export const shouldRevalidate: ShouldRevalidateFunction = () => true

export default function DefaultLayoutRoute() {
  return (
    <DefaultLayout>
      <Outlet />
    </DefaultLayout>
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
