// The console's header: the areas of the operator's role, the inbox's waiting count and
// oldest wait (kept fresh by the console's event stream), who is signed in, sign out.
import { Form, NavLink } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { CONSOLE_AREAS } from '~/modules/operators/roles.ts'
import { useConsoleData } from '~/modules/console/use-console-data.ts'

export function ConsoleHeader() {
  const { t } = useTranslation('console')
  const { operator, areas, waiting } = useConsoleData()
  return (
    <header className="console-header">
      <div className="container console-header__inner">
        <a className="console-brand" href="/">
          {t('brand')}
        </a>
        {operator ? (
          <nav aria-label={t('nav.label')} className="console-nav-wrap">
            <ul className="console-nav">
              {areas.map((area) => (
                <li key={area}>
                  <NavLink to={CONSOLE_AREAS[area].path}>{t(`nav.${area}`)}</NavLink>
                </li>
              ))}
              <li>
                <NavLink to="/account">{t('nav.account')}</NavLink>
              </li>
            </ul>
          </nav>
        ) : null}
        {waiting ? (
          <p className="console-waiting" data-testid="waiting-count" aria-live="polite">
            <strong>{waiting.count}</strong> {t('header.waiting', { count: waiting.count })}
            {waiting.oldestMinutes !== null ? <span>· {t('header.oldest', { minutes: waiting.oldestMinutes })}</span> : null}
          </p>
        ) : null}
        {operator ? (
          <div className="console-user">
            <span>
              {operator.name} · {t(`roles.${operator.role}`)}
            </span>
            <Form method="post" action="/logout">
              <button type="submit" className="button button--link">
                {t('header.signOut')}
              </button>
            </Form>
          </div>
        ) : null}
      </div>
    </header>
  )
}
