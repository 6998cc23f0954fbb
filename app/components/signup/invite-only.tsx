import { Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'

/** SPEC §6/§8: signups closed, or open only to visitors from a traffic source. */
export function InviteOnly({ siteName }: { siteName: string }) {
  const { t } = useTranslation('signup')
  return (
    <div className="signup-invite-only">
      <p className="alert alert--info" role="status">
        <strong>{t('inviteOnly.title', { siteName })}</strong> {t('inviteOnly.text')}
      </p>
      <p>
        {t('inviteOnly.member')} <Link to="/login">{t('account.loginLink')}</Link>
      </p>
    </div>
  )
}
