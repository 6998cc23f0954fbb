import { isRouteErrorResponse, useRouteError } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { ErrorPage } from '~/components/error-page.tsx'

/** The site's 404 page (SPEC §2) or the generic error page, inside the default layout. */
export function ProfileErrorBoundary() {
  const error = useRouteError()
  const { t } = useTranslation()
  if (isRouteErrorResponse(error) && error.status === 404) return <ErrorPage status={404} title={t('errors.notFound.title')} />
  return <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} title={t('errors.generic')} />
}
