import { getFormProps, useForm } from '@conform-to/react'
import { useSearchParams } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { FormAlert } from '~/components/form/fields.tsx'
import { PhotoUploader } from '~/components/photos/photo-uploader.tsx'
import { Step3Schema } from '~/modules/accounts/signup-schema.ts'
import { formId, StepButtons, StepForm, validateUnlessBack, type StepProps } from './step-form.tsx'

/**
 * Step 3: the photo. The member exists and is logged in by now, so this is the photos
 * page's own upload (its own form: forms cannot nest). Without JavaScript a successful
 * upload comes back here with `?uploaded=N`. Skipping stays possible, always; once a photo
 * is in, the step shows it and offers "next" instead of "add later".
 */
export function StepPhoto(props: StepProps) {
  const { t } = useTranslation('signup')
  const { t: tp } = useTranslation('photos')
  const [searchParams] = useSearchParams()
  // Set when a plain (no JavaScript) upload came back here; the uploader reports its own.
  const uploaded = Number(searchParams.get('uploaded')) || 0
  const [form] = useForm({ id: formId(3, props.modal), lastResult: props.lastResult, onValidate: validateUnlessBack(Step3Schema) })
  // With JavaScript: previews of the files the server took (the modal has no loader to ask).
  const [previews, setPreviews] = useState<string[]>([])
  useEffect(() => () => previews.forEach((url) => URL.revokeObjectURL(url)), [previews])
  const thumbs = previews.length > 0 ? previews : (props.view.photos ?? []).map((p) => p.thumbUrl)
  const done = uploaded > 0 || thumbs.length > 0
  const { Heading } = props
  return (
    <>
      <Heading className="signup-step__title">{t('photo.title')}</Heading>
      {thumbs.length > 0 ? (
        <ul className="signup-photo__thumbs" aria-label={t('photo.uploadedList')}>
          {thumbs.map((url, i) => (
            <li key={url}>
              <img src={url} alt={t('photo.uploadedAlt', { number: i + 1 })} width={96} height={96} className="signup-photo__thumb" />
            </li>
          ))}
        </ul>
      ) : (
        <div className="signup-photo" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="56" height="56">
            <circle cx="12" cy="8" r="4" fill="currentColor" />
            <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" fill="currentColor" />
          </svg>
        </div>
      )}
      {done ? <FormAlert tone="success">{tp('signupUploaded')}</FormAlert> : <p>{t('photo.text')}</p>}
      <PhotoUploader
        redirectTo={props.modal ? undefined : '/signup?step=3'}
        onUploaded={(_outcomes, taken) => {
          if (taken.length > 0) setPreviews((old) => [...old, ...taken.map((file) => URL.createObjectURL(file))])
        }}
      />
      <StepForm formProps={getFormProps(form)} step={3} props={props} own={[]}>
        {done ? null : <p className="muted">{t('photo.later')}</p>}
        <StepButtons submit={done ? t('photo.next') : t('photo.skip')} />
      </StepForm>
    </>
  )
}
