// The operator console's layout (decision 023): on OPERATOR_HOST this route is pathless and
// every console page is its child (app/routes/console.*.tsx); on a site's host none of them
// exists (server/edge/faces.ts). Header with the role's areas and the inbox's waiting count.
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Outlet, useRevalidator } from '@remix-run/react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { ConsoleHeader } from '~/components/console/console-header.tsx'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { consoleLayoutData } from '~/modules/console/layout-data.server.ts'
import { useConsoleData } from '~/modules/console/use-console-data.ts'
import type { I18nHandle } from '~/modules/i18n/namespaces.ts'
import consoleCss from '~/styles/console.css?url'

export const handle: I18nHandle = { i18n: ['console'] }

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: consoleCss }]

export const meta: MetaFunction = () => [{ name: 'robots', content: 'noindex, nofollow' }]

export async function loader({ context, request }: LoaderFunctionArgs) {
  return consoleLayoutData(context, request)
}

/** Live figures: the console's event stream says when the queue changed; the data reloads. */
function useConsoleEvents(enabled: boolean) {
  const { revalidate } = useRevalidator()
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return
    const source = new EventSource('/events')
    let timer: number | undefined
    const refresh = () => {
      window.clearTimeout(timer)
      // Several events in a burst make one reload.
      timer = window.setTimeout(() => revalidate(), 400)
    }
    source.addEventListener('queue', refresh)
    source.addEventListener('assigned', refresh)
    source.addEventListener('safety', refresh)
    return () => {
      window.clearTimeout(timer)
      source.close()
    }
  }, [enabled, revalidate])
}

export default function ConsoleLayout() {
  const { operator } = useConsoleData()
  useConsoleEvents(operator !== null)
  return (
    <div className="console">
      <ConsoleHeader />
      <main className="console__main container" id="main">
        <Outlet />
      </main>
    </div>
  )
}

export function ErrorBoundary() {
  const { t } = useTranslation('console')
  return (
    <div className="console">
      <main className="console__main container">
        <GeneralErrorBoundary statusHandlers={{ 403: () => <p className="alert alert--danger">{t('errors.forbidden')}</p> }} />
      </main>
    </div>
  )
}
