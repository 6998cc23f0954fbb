import { getFormProps, useForm } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { Step3Schema } from '~/modules/accounts/signup-schema.ts'
import { formId, StepButtons, StepForm, validateUnlessBack, type StepProps } from './step-form.tsx'

/**
 * Step 3: the photo. Uploading arrives with the photos issue (#4), which adds its upload
 * form here; until then, and always for whoever prefers, the step is skipped.
 */
export function StepPhoto(props: StepProps) {
  const { t } = useTranslation('signup')
  const [form] = useForm({ id: formId(3, props.modal), lastResult: props.lastResult, onValidate: validateUnlessBack(Step3Schema) })
  const { Heading } = props
  return (
    <StepForm formProps={getFormProps(form)} step={3} props={props} own={[]}>
      <Heading className="signup-step__title">{t('photo.title')}</Heading>
      <div className="signup-photo" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="56" height="56">
          <circle cx="12" cy="8" r="4" fill="currentColor" />
          <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" fill="currentColor" />
        </svg>
      </div>
      <p>{t('photo.text')}</p>
      <p className="muted">{t('photo.later')}</p>
      <StepButtons submit={t('photo.skip')} />
    </StepForm>
  )
}
