import { suggestEmail } from '~/modules/accounts/email-suggestion.ts'
import { Trans, useTranslation } from 'react-i18next'

/** "Did you mean …?" for a mistyped mail domain (gmial.com, hotmal.nl, …), in the browser. */
export function EmailSuggestion({ value, onAccept }: { value: string | undefined; onAccept: (email: string) => void }) {
  const { t } = useTranslation('signup')
  const email = value?.trim() ?? ''
  const suggestion = /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email) ? suggestEmail(email) : null
  if (!suggestion) return null
  return (
    <p className="email-suggestion" role="status">
      <Trans
        t={t}
        i18nKey="account.suggestion"
        values={{ email: suggestion }}
        components={{ fix: <button type="button" className="link-button" onClick={() => onAccept(suggestion)} /> }}
      />
    </p>
  )
}
