import { getFormProps, useForm } from '@conform-to/react'
import { useSearchParams } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { FormAlert } from '~/components/form/fields.tsx'
import { PhotoUploader } from '~/components/photos/photo-uploader.tsx'
import { Step3Schema } from '~/modules/accounts/signup-schema.ts'
import { formId, StepButtons, StepForm, validateUnlessBack, type StepProps } from './step-form.tsx'

/**
 * Step 3: the photo. The member exists and is logged in by now, so this is the photos
 * page's own upload (its own form: forms cannot nest). Without JavaScript a successful
 * upload comes back here with `?uploaded=N`. Skipping stays possible, always.
 */
export function StepPhoto(props: StepProps) {
  const { t } = useTranslation('signup')
  const { t: tp } = useTranslation('photos')
  const [searchParams] = useSearchParams()
  // Set when a plain (no JavaScript) upload came back here; the uploader reports its own.
  const uploaded = Number(searchParams.get('uploaded')) || 0
  const [form] = useForm({ id: formId(3, props.modal), lastResult: props.lastResult, onValidate: validateUnlessBack(Step3Schema) })
  const { Heading } = props
  return (
    <>
      <Heading className="signup-step__title">{t('photo.title')}</Heading>
      <div className="signup-photo" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="56" height="56">
          <circle cx="12" cy="8" r="4" fill="currentColor" />
          <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" fill="currentColor" />
        </svg>
      </div>
      <p>{t('photo.text')}</p>
      {uploaded > 0 ? <FormAlert tone="success">{tp('signupUploaded')}</FormAlert> : null}
      <PhotoUploader redirectTo={props.modal ? undefined : '/signup?step=3'} />
      <StepForm formProps={getFormProps(form)} step={3} props={props} own={[]}>
        <p className="muted">{t('photo.later')}</p>
        <StepButtons submit={t('photo.skip')} />
      </StepForm>
    </>
  )
}
