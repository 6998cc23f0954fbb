import { Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'

/** The 404 page (SPEC §2 texts) and the generic error page: status (default 500) and message. */
export function ErrorPage({ status = 500, message, detail }: { status?: number; message: string; detail?: string }) {
  const { t } = useTranslation()
  return (
    <section className="error-page container" aria-labelledby="error-title" data-testid="error-page">
      <p className="error-page__status">{status}</p>
      <h1 id="error-title">{message}</h1>
      {detail ? <pre className="error-page__detail">{detail}</pre> : null}
      <Link className="button button--primary" to="/">
        {t('errors.backHome')}
      </Link>
    </section>
  )
}
