import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'

/**
 * Blocking a member (SPEC §4), below their profile wherever it is shown. It always posts to
 * /members/{id}, whose action blocks and moves on to the block list in the settings.
 */
export function BlockForm({ profileId, name }: { profileId: number; name: string }) {
  const { t } = useTranslation('profile')
  return (
    <Form method="post" action={`/members/${profileId}`} className="member-profile__block">
      <input type="hidden" name="intent" value="block" />
      <button type="submit" className="button button--ghost">
        {t('member.block', { name })}
      </button>
      <p className="field-hint">{t('member.blockHint')}</p>
    </Form>
  )
}
