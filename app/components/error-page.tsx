import { Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'

/** The 404 page (SPEC §2 texts) and the generic error page with its status (default 500). */
export function ErrorPage({ status = 500, title }: { status?: number; title: string }) {
  const { t } = useTranslation()
  return (
    <main className="error-page container" aria-labelledby="error-title">
      <p className="error-page__status">{status}</p>
      <h1 id="error-title">{title}</h1>
      <Link className="button button--primary" to="/">
        {t('errors.backHome')}
      </Link>
    </main>
  )
}
