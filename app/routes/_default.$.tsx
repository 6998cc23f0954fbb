import type { MetaFunction } from '@remix-run/node'
import { useTranslation } from 'react-i18next'
import { ErrorPage } from '~/components/error-page.tsx'

// Any path no other route claims: the 404 page inside the site's own layout.
export async function loader() {
  throw new Response(null, { status: 404, statusText: 'Not Found' })
}

export const meta: MetaFunction = () => [{ name: 'robots', content: 'noindex' }]

export default function NotFound() {
  return null
}

export function ErrorBoundary() {
  const { t } = useTranslation()
  return <ErrorPage status={404} title={t('errors.notFound.title')} />
}
