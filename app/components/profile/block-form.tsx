import { Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { ConfirmAction } from '~/components/confirm/confirm-action.tsx'

/**
 * Blocking a member (SPEC §4), below their profile wherever it is shown. It asks first, then
 * posts to /members/{id}, whose action blocks and comes back here saying so.
 */
export function BlockForm({ profileId, name, blocked = false }: { profileId: number; name: string; blocked?: boolean }) {
  const { t } = useTranslation('profile')
  if (blocked) {
    return (
      <p className="member-profile__block" data-testid="blocked-note">
        {t('member.blockedNote', { name })} <Link to="/settings#settings-blocked">{t('member.blockedLink')}</Link>
      </p>
    )
  }
  return (
    <div className="member-profile__block">
      <ConfirmAction
        id={`block-${profileId}`}
        trigger={t('member.block', { name })}
        triggerClassName="button button--ghost"
        title={t('member.blockConfirm.title', { name })}
        text={t('member.blockConfirm.text', { name })}
        confirmLabel={t('member.blockConfirm.yes')}
        action={`/members/${profileId}`}
        fields={{ intent: 'block' }}
      />
      <p className="field-hint">{t('member.blockHint')}</p>
    </div>
  )
}
