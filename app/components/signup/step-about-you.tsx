import { getFormProps, useForm } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { RadioGroup, TextAreaField } from '~/components/form/fields.tsx'
import { GENDERS, SEXUALITIES, STEP_FIELDS, step0Schema } from '~/modules/accounts/signup-schema.ts'
import { formId, StepButtons, StepForm, validateUnlessBack, type StepProps } from './step-form.tsx'

/** Step 0: gender and sexuality; through a profile (/members/{id}/signup) first the message to that member. */
export function StepAboutYou(props: StepProps) {
  const { t } = useTranslation('signup')
  const [form, fields] = useForm({
    id: formId(0, props.modal),
    lastResult: props.lastResult,
    defaultValue: props.draft,
    shouldValidate: 'onSubmit',
    onValidate: validateUnlessBack(step0Schema(props.view.message)),
  })
  const { Heading } = props
  return (
    <StepForm formProps={getFormProps(form)} step={0} props={props} own={STEP_FIELDS[0]}>
      {props.view.message ? (
        <TextAreaField meta={fields.signupMessage} label={t('message.label', { name: props.view.message.name })} maxLength={props.view.message.maxLength} />
      ) : null}
      <Heading className="signup-step__title">{t('you.title')}</Heading>
      <RadioGroup meta={fields.gender} legend={t('you.gender')} options={GENDERS.map((g) => ({ value: g, label: t(`gender.${g}`) }))} />
      <RadioGroup meta={fields.sexuality} legend={t('you.sexuality')} options={SEXUALITIES.map((s) => ({ value: s, label: t(`sexuality.${s}`) }))} />
      <StepButtons submit={t('next')} />
    </StepForm>
  )
}
