// A field people never see or fill (signup and login): a bot that fills every field gives
// itself away, and the server refuses without saying why (app/modules/http/honeypot.ts).
// Works without JavaScript; hidden from screen readers and the keyboard.
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { HONEYPOT_FIELD } from '~/modules/http/honeypot.ts'

export function Honeypot() {
  const { t } = useTranslation('common')
  // Unique per form: the signup modal and the login form can be on one page.
  const id = `${HONEYPOT_FIELD}-${useId().replace(/:/g, '')}`
  return (
    <div className="form-trap" aria-hidden="true">
      <label htmlFor={id}>{t('honeypot.label')}</label>
      <input id={id} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  )
}
