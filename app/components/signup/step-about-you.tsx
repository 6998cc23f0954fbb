import { getFormProps, useForm } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { RadioGroup } from '~/components/form/fields.tsx'
import { GENDERS, SEXUALITIES, STEP_FIELDS, Step0Schema } from '~/modules/accounts/signup-schema.ts'
import { formId, StepButtons, StepForm, validateUnlessBack, type StepProps } from './step-form.tsx'

/** Step 0: gender and sexuality. */
export function StepAboutYou(props: StepProps) {
  const { t } = useTranslation('signup')
  const [form, fields] = useForm({
    id: formId(0, props.modal),
    lastResult: props.lastResult,
    defaultValue: props.draft,
    shouldValidate: 'onSubmit',
    onValidate: validateUnlessBack(Step0Schema),
  })
  const { Heading } = props
  return (
    <StepForm formProps={getFormProps(form)} step={0} props={props} own={STEP_FIELDS[0]}>
      <Heading className="signup-step__title">{t('you.title')}</Heading>
      <RadioGroup meta={fields.gender} legend={t('you.gender')} options={GENDERS.map((g) => ({ value: g, label: t(`gender.${g}`) }))} />
      <RadioGroup meta={fields.sexuality} legend={t('you.sexuality')} options={SEXUALITIES.map((s) => ({ value: s, label: t(`sexuality.${s}`) }))} />
      <StepButtons submit={t('next')} />
    </StepForm>
  )
}
