// One error boundary for every route (epic-stack's GeneralErrorBoundary): root renders it
// bare, the default layout inside its navigation and footer, and a route that needs its own
// text for a status passes a handler for it.
import { isRouteErrorResponse, useParams, useRouteError, type ErrorResponse, type Params } from '@remix-run/react'
import { useEffect, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorPage } from '~/components/error-page.tsx'
import { errorView } from '~/modules/http/error-view.ts'

export type StatusHandler = (info: { error: ErrorResponse; params: Params }) => ReactNode

type Props = {
  /** Own pages for some statuses, e.g. `{ 401: () => <ErrorPage ... /> }`. */
  statusHandlers?: Record<number, StatusHandler>
}

export function GeneralErrorBoundary({ statusHandlers }: Props) {
  const error = useRouteError()
  const params = useParams()
  const { t, i18n } = useTranslation()
  const unexpected = !isRouteErrorResponse(error)
  useEffect(() => {
    // Only in the browser: the server logs its own errors.
    if (unexpected) console.error(error)
  }, [error, unexpected])
  if (isRouteErrorResponse(error)) {
    const handler = statusHandlers?.[error.status]
    if (handler) return handler({ error, params })
  }
  const view = errorView(error, (key) => (i18n.exists(key) ? t(key) : undefined))
  // The developer sees what broke; a production page never does.
  const detail = import.meta.env.DEV && error instanceof Error ? (error.stack ?? error.message) : undefined
  return <ErrorPage status={view.status} message={view.message} detail={detail} />
}
