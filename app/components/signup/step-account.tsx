import { getFormProps, useForm } from '@conform-to/react'
import { Link } from '@remix-run/react'
import { useState } from 'react'
import { Trans, useTranslation } from 'react-i18next'
import { FormAlert, TextField } from '~/components/form/fields.tsx'
import { PASSWORD_MIN_LENGTH } from '~/modules/accounts/password-rules.ts'
import { Step2Schema } from '~/modules/accounts/signup-schema.ts'
import { EmailSuggestion } from './email-suggestion.tsx'
import { formId, StepButtons, StepForm, validateUnlessBack, type StepProps } from './step-form.tsx'
import { singleValue } from '../form/form-value.ts'

/** Step 2: profile name, e-mail and password; submitting it creates the account. */
export function StepAccount(props: StepProps & { reactivationSent: boolean }) {
  const { t } = useTranslation('signup')
  const [form, fields] = useForm({
    id: formId(2, props.modal),
    lastResult: props.lastResult,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: validateUnlessBack(Step2Schema),
  })
  // Checked when the field is left (not on every key), and after a failed post without JS.
  const [checkedEmail, setCheckedEmail] = useState(() => singleValue(fields.email.initialValue))
  const emailTaken = fields.email.errors?.[0] === 'validation.emailTaken'
  const { Heading } = props
  return (
    <StepForm formProps={getFormProps(form)} step={2} props={props} own={[]}>
      <Heading className="signup-step__title">{t('account.title')}</Heading>
      {props.reactivationSent ? <FormAlert tone="info">{t('account.reactivationSent')}</FormAlert> : null}
      <TextField meta={fields.name} label={t('account.name')} autoComplete="nickname" required maxLength={30} hint={t('account.nameHint')} />
      <TextField
        meta={fields.email}
        label={t('account.email')}
        type="email"
        autoComplete="email"
        required
        hint={
          emailTaken ? (
            <>
              {t('account.loginPrompt')} <Link to="/login">{t('account.loginLink')}</Link>
            </>
          ) : (
            t('account.emailHint')
          )
        }
        onBlur={(e) => setCheckedEmail(e.currentTarget.value)}
      />
      <EmailSuggestion
        value={checkedEmail}
        onAccept={(email) => {
          form.update({ name: fields.email.name, value: email })
          setCheckedEmail(email)
        }}
      />
      <TextField
        meta={fields.password}
        label={t('account.password')}
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN_LENGTH}
        hint={t('account.passwordHint', { min: PASSWORD_MIN_LENGTH })}
      />
      <p className="signup-form__consent">
        <Trans t={t} i18nKey="account.consent" components={{ terms: <Link to="/pages/terms" target="_blank" />, privacy: <Link to="/pages/privacy" target="_blank" /> }} />
      </p>
      <StepButtons submit={t('account.submit')} back />
    </StepForm>
  )
}
