import { Form, useLocation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'

/**
 * A moderator's warning (decision 053), shown on every page until the member confirms it;
 * the confirmation (POST /warning) marks it seen and comes back to the same page.
 */
export function WarningNotice({ id, reason }: { id: number; reason: string }) {
  const { t } = useTranslation('profile')
  const location = useLocation()
  return (
    <div className="container">
      <section className="alert alert--warning member-warning" role="alert" aria-labelledby="member-warning-title" data-testid="member-warning">
        <h2 id="member-warning-title">{t('warning.title')}</h2>
        <p>{t('warning.text', { reason: t(`report.reasons.${reason}`) })}</p>
        <Form method="post" action="/warning">
          <input type="hidden" name="id" value={id} />
          <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
          <button type="submit" className="button button--primary">
            {t('warning.confirm')}
          </button>
        </Form>
      </section>
    </div>
  )
}
