import { getFormProps, useForm } from '@conform-to/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { SelectField, TextField } from '~/components/form/fields.tsx'
import { regionLabelFor } from '~/modules/geo/countries.ts'
import { regionsFor } from '~/modules/geo/regions.ts'
import { UseMyLocation, type LocatedPlace } from '~/components/profile/use-my-location.tsx'
import { latestBirthDate, STEP_FIELDS, step1Schema } from '~/modules/accounts/signup-schema.ts'
import { formId, StepButtons, StepForm, validateUnlessBack, type StepProps } from './step-form.tsx'

/** Step 1: date of birth, country, region (the regions follow the chosen country) and city (optional). */
export function StepPlace(props: StepProps) {
  const { t } = useTranslation('signup')
  const { t: tc } = useTranslation()
  const { view, draft, Heading } = props
  const [country, setCountry] = useState(draft.country && view.countries.includes(draft.country) ? draft.country : view.countries[0]!)
  const [form, fields] = useForm({
    id: formId(1, props.modal),
    lastResult: props.lastResult,
    defaultValue: { ...draft, country },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: validateUnlessBack(step1Schema({ minimumAge: view.minimumAge, countries: view.countries })),
  })
  const regions = regionsFor(country)
  // Geolocation prefill (SPEC §3, §7): pick the country, then (after the region list for
  // that country has rendered) the region. The member can still change both.
  const onLocated = ({ country: located, region }: LocatedPlace) => {
    if (!view.countries.includes(located)) return
    setCountry(located)
    const countrySelect = document.getElementById(fields.country.id) as HTMLSelectElement | null
    if (countrySelect) countrySelect.value = located
    requestAnimationFrame(() => {
      const regionSelect = document.getElementById(fields.region.id) as HTMLSelectElement | null
      if (regionSelect && region) regionSelect.value = region
    })
  }
  const onChange = (event: React.FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLSelectElement
    if (target.name === fields.country.name) setCountry(target.value)
  }
  return (
    <StepForm formProps={getFormProps(form)} step={1} props={props} own={STEP_FIELDS[1]} onChange={onChange}>
      <Heading className="signup-step__title">{t('place.title')}</Heading>
      <TextField
        meta={fields.birthDate}
        label={t('place.birthDate')}
        type="date"
        autoComplete="bday"
        max={latestBirthDate(view.minimumAge)}
        min="1900-01-01"
        required
        hint={t('place.birthDateHint', { minimumAge: view.minimumAge })}
      />
      <UseMyLocation onLocated={onLocated} />
      <SelectField meta={fields.country} label={t('place.country')} options={view.countries.map((c) => ({ value: c, label: tc(`countries.${c}`) }))} />
      {regions.length > 0 ? (
        // Remounted per country, so a region of the previous country is never kept.
        <div key={country}>
          <SelectField
            meta={fields.region}
            label={tc(`regionLabel.${regionLabelFor(country)}`)}
            placeholder={t('place.regionPlaceholder')}
            options={regions.map((r) => ({ value: r.code, label: r.name }))}
          />
        </div>
      ) : null}
      <TextField meta={fields.city} label={t('place.city')} autoComplete="address-level2" hint={t('place.cityHint')} />
      <StepButtons submit={t('next')} back />
    </StepForm>
  )
}
