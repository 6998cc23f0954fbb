import { getFormProps, useForm } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { TextAreaField } from '~/components/form/fields.tsx'
import { ABOUT_MAX_LENGTH, Step4Schema } from '~/modules/accounts/signup-schema.ts'
import { formId, StepButtons, StepForm, validateUnlessBack, type StepProps } from './step-form.tsx'

/** Step 4: an optional "about me" text; finishing leads to /complete-signup. */
export function StepAboutMe(props: StepProps) {
  const { t } = useTranslation('signup')
  const [form, fields] = useForm({
    id: formId(4, props.modal),
    lastResult: props.lastResult,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: validateUnlessBack(Step4Schema),
  })
  const { Heading } = props
  return (
    <StepForm formProps={getFormProps(form)} step={4} props={props} own={[]}>
      <Heading className="signup-step__title">{t('about.title')}</Heading>
      <p className="muted">{t('about.text')}</p>
      <TextAreaField meta={fields.about} label={t('about.label')} maxLength={ABOUT_MAX_LENGTH} />
      <StepButtons submit={t('about.submit')} />
    </StepForm>
  )
}
