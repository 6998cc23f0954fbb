import { run as suggestEmail } from '@zootools/email-spell-checker'
import { Trans, useTranslation } from 'react-i18next'

/** "Did you mean …?" for a mistyped mail domain (gmial.com, hotmal.nl, …), in the browser. */
export function EmailSuggestion({ value, onAccept }: { value: string | undefined; onAccept: (email: string) => void }) {
  const { t } = useTranslation('signup')
  const email = value?.trim() ?? ''
  const suggestion = /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email) ? suggestEmail({ email }) : undefined
  if (!suggestion || suggestion.full.toLowerCase() === email.toLowerCase()) return null
  return (
    <p className="email-suggestion" role="status">
      <Trans
        t={t}
        i18nKey="account.suggestion"
        values={{ email: suggestion.full }}
        components={{ fix: <button type="button" className="link-button" onClick={() => onAccept(suggestion.full)} /> }}
      />
    </p>
  )
}
