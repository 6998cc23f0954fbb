import { Link, useLocation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { useRootData } from '~/modules/site/use-root-data.ts'

export const FOOTER_LINKS = [
  ['terms', '/pages/terms'],
  ['privacy', '/pages/privacy'],
  ['cookies', '/pages/cookies'],
  ['ban', '/pages/ban'],
  ['pricing', '/pricing'],
  ['complaints', '/complaints'],
  ['returnPolicy', '/pages/return-policy'],
  ['faq', '/pages/faq'],
  ['support', '/pages/service'],
] as const

/** Footer links (SPEC §2) and the disclaimer with the site's company details. */
export function SiteFooter() {
  const { t } = useTranslation()
  const { settings, company, member } = useRootData()
  const { pathname } = useLocation()
  const year = new Date().getFullYear()
  // SPEC §2: another footer for members past the front page (and in the app: styles/app.css).
  return (
    <footer className={member && pathname !== '/' ? 'site-footer site-footer--member' : 'site-footer'}>
      <div className="container">
        <nav aria-label={t('footer.label')}>
          <ul className="site-footer__links">
            {FOOTER_LINKS.map(([key, to]) => (
              <li key={key}>
                <Link to={to}>{t(`footer.${key}`)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="disclaimer">
          <p>{t('footer.disclaimer', { siteName: settings.name, minimumAge: settings.minimum_age })}</p>
          <p className="disclaimer__fictional">
            {t('footer.fictionalNotice', { icon: settings.fictional_icon, plural: settings.fictional_plural, siteName: settings.name })}
          </p>
          <address className="company" data-testid="company">
            © {year} {company.name} · {company.address}, {company.zip} {company.city} · {t('footer.kvk')} {company.kvk}
            {company.vat_numbers.length > 0 ? ` · ${t('footer.vat')} ${company.vat_numbers.join(', ')}` : ''} ·{' '}
            <a href={`tel:${company.support_phone_dial}`}>{company.support_phone}</a> ·{' '}
            <a href={`mailto:${settings.support_email}`}>{settings.support_email}</a>
          </address>
        </div>
      </div>
    </footer>
  )
}
