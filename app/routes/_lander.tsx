import { Outlet } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { LanderLayout } from '~/components/layout/layouts.tsx'
import type { I18nHandle } from '~/modules/i18n/namespaces.ts'
import landerCss from '~/styles/landers.css?url'

// The layout module (shared with the other layouts) names 'profile' for the like pop-up.
export const handle: I18nHandle = { i18n: ['profile'] }

export const links = () => [{ rel: 'stylesheet', href: landerCss }]

// The lander layout (SPEC §2): the logo bar only, for /landers/* and the member landings.
export default function LanderLayoutRoute() {
  return (
    <LanderLayout>
      <Outlet />
    </LanderLayout>
  )
}

export function ErrorBoundary() {
  return (
    <LanderLayout>
      <GeneralErrorBoundary />
    </LanderLayout>
  )
}
