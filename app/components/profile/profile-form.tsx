import { getCollectionProps, getFormProps, useForm, type FieldMetadata, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form, useNavigation } from '@remix-run/react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { FieldErrors, FormAlert, RadioGroup, SelectField, TextAreaField, TextField } from '~/components/form/fields.tsx'
import { latestBirthDate } from '~/modules/accounts/signup-schema.ts'
import { INTERESTS } from '~/modules/geo/interests.ts'
import {
  ABOUT_MAX_LENGTH,
  APPEARANCES,
  CHOICE_ATTRIBUTES,
  profileEditSchema,
  type ChoiceAttribute,
  type ProfileEditRules,
  type ProfileEditValues,
  type ProfileFieldKey,
  type ProfileFormDefaults,
} from '~/modules/profiles/profile-schema.ts'
import { LocationFields } from './location-fields.tsx'

export type ProfileFormRules = Omit<ProfileEditRules, 'today'>

type Fields = ReturnType<typeof useForm<ProfileFormDefaults, ProfileEditValues>>[1]

/** The /profile edit form: every field the site shows, in sections. Works without JavaScript. */
export function ProfileForm({ defaults, rules, lastResult }: { defaults: ProfileFormDefaults; rules: ProfileFormRules; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation('profile')
  const navigation = useNavigation()
  const schema = profileEditSchema(rules)
  const [form, fields] = useForm<ProfileFormDefaults, ProfileEditValues>({
    id: 'profile-edit',
    lastResult,
    defaultValue: defaults,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  })
  const shown = (key: ProfileFieldKey) => rules.visibleFields.includes(key)
  const choice = (key: ChoiceAttribute) => (shown(key) ? <ChoiceField attribute={key} fields={fields} /> : null)
  const anyShown = (...keys: ProfileFieldKey[]) => keys.some(shown)

  return (
    <Form method="post" {...getFormProps(form)} className="card profile-form">
      {lastResult?.status === 'error' ? <FormAlert>{t('edit.invalid')}</FormAlert> : null}
      <Section id="profile-basics" title={t('edit.sections.basics')}>
        <TextField meta={fields.name} label={t('edit.name')} autoComplete="nickname" hint={t('edit.nameHint')} maxLength={30} required />
        <TextField
          meta={fields.birthDate}
          label={t('edit.birthDate')}
          type="date"
          autoComplete="bday"
          min="1900-01-01"
          max={latestBirthDate(rules.minimumAge)}
          hint={t('edit.birthDateHint')}
          required
        />
        {shown('gender') ? <Radios attribute="gender" meta={fields.gender} /> : null}
        {shown('sexuality') ? <Radios attribute="sexuality" meta={fields.sexuality} /> : null}
        <SelectField
          meta={fields.appearance}
          label={t('edit.appearance')}
          placeholder={t('edit.notSpecified')}
          options={APPEARANCES.map((v) => ({ value: v, label: t(`options.appearance.${v}`) }))}
        />
      </Section>
      {anyShown('country', 'region', 'city') ? (
        <Section id="profile-place" title={t('edit.sections.place')}>
          <LocationFields
            country={fields.country}
            region={fields.region}
            city={fields.city}
            countries={rules.countries}
            storedCountry={defaults.country}
            show={{ country: shown('country'), region: shown('region'), city: shown('city') }}
          />
        </Section>
      ) : null}
      {anyShown('hair_colour', 'eye_colour', 'body_type', 'tattoos') ? (
        <Section id="profile-looks" title={t('edit.sections.looks')}>
          <div className="profile-form__grid">
            {choice('hair_colour')}
            {choice('eye_colour')}
            {choice('body_type')}
            {choice('tattoos')}
          </div>
        </Section>
      ) : null}
      {anyShown('relationship_status', 'reason') ? (
        <Section id="profile-relationship" title={t('edit.sections.relationship')}>
          <div className="profile-form__grid">
            {choice('relationship_status')}
            {choice('reason')}
          </div>
        </Section>
      ) : null}
      {rules.visibleNotes.includes('about_me') ? (
        <Section id="profile-about" title={t('edit.sections.about')}>
          <TextAreaField meta={fields.about} label={t('edit.about')} maxLength={ABOUT_MAX_LENGTH} />
          <p className="field-hint">{t('edit.aboutHint', { max: ABOUT_MAX_LENGTH })}</p>
        </Section>
      ) : null}
      {rules.visibleNotes.includes('interests') ? (
        <Section id="profile-interests" title={t('edit.sections.interests')}>
          <InterestsField meta={fields.interests} />
        </Section>
      ) : null}
      <button type="submit" className="button button--primary button--large" disabled={navigation.state === 'submitting'}>
        {t('edit.save')}
      </button>
    </Form>
  )
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="profile-form__section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  )
}

function Radios({ attribute, meta }: { attribute: 'gender' | 'sexuality'; meta: FieldMetadata<string> }) {
  const { t } = useTranslation('profile')
  const options = CHOICE_ATTRIBUTES[attribute].map((v) => ({ value: v, label: t(`options.${attribute}.${v}`) }))
  return <RadioGroup meta={meta} legend={t(`attributes.${attribute}`)} options={options} />
}

const FIELD_OF: Record<Exclude<ChoiceAttribute, 'gender' | 'sexuality'>, keyof ProfileFormDefaults> = {
  relationship_status: 'relationshipStatus',
  hair_colour: 'hairColour',
  eye_colour: 'eyeColour',
  body_type: 'bodyType',
  tattoos: 'tattoos',
  reason: 'reason',
}

function ChoiceField({ attribute, fields }: { attribute: ChoiceAttribute; fields: Fields }) {
  const { t } = useTranslation('profile')
  if (attribute === 'gender' || attribute === 'sexuality') return null
  const meta = fields[FIELD_OF[attribute]] as FieldMetadata<string>
  return (
    <SelectField
      meta={meta}
      label={t(`attributes.${attribute}`)}
      placeholder={t('edit.notSpecified')}
      options={CHOICE_ATTRIBUTES[attribute].map((v) => ({ value: v, label: t(`options.${attribute}.${v}`) }))}
    />
  )
}

function InterestsField({ meta }: { meta: FieldMetadata<string[]> }) {
  const { t } = useTranslation('profile')
  const { t: tc } = useTranslation()
  return (
    <fieldset className="field" aria-describedby={meta.errors?.length ? meta.errorId : undefined}>
      <legend>{t('edit.interests')}</legend>
      <div className="profile-form__interests">
        {getCollectionProps(meta, { type: 'checkbox', options: [...INTERESTS] }).map(({ key, ...props }) => (
          <label key={key} className="choice">
            <input {...props} />
            <span>{tc(`interests.${props.value}`)}</span>
          </label>
        ))}
      </div>
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </fieldset>
  )
}
