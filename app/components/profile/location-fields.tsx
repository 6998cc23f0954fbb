import type { FieldMetadata } from '@conform-to/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { FieldErrors, TextField } from '~/components/form/fields.tsx'
import { regionLabelFor } from '~/modules/geo/countries.ts'
import { findRegion, regionsFor } from '~/modules/geo/regions.ts'
import { CITY_MAX_LENGTH } from '~/modules/profiles/profile-schema.ts'
import { UseMyLocation } from './use-my-location.tsx'
import { singleValue } from '../form/form-value.ts'

type Props = {
  country: FieldMetadata<string>
  region: FieldMetadata<string>
  city: FieldMetadata<string>
  countries: readonly string[]
  /** The stored country: the region list when the country is not shown. */
  storedCountry: string
  show: { country: boolean; region: boolean; city: boolean }
}

/**
 * Country, region (labelled per country, SPEC §9) and city. Country and region are
 * controlled so the region list follows the country and "Use my location" can fill both;
 * they are ordinary named selects, so the form posts them without JavaScript too.
 */
export function LocationFields({ country, region, city, countries, storedCountry, show }: Props) {
  const { t } = useTranslation('profile')
  const { t: tc } = useTranslation()
  const [countryValue, setCountryValue] = useState(() => (show.country && singleValue(country.initialValue)) || storedCountry)
  const [regionValue, setRegionValue] = useState(() => singleValue(region.initialValue) ?? '')
  const regions = regionsFor(countryValue)

  const chooseCountry = (next: string) => {
    setCountryValue(next)
    if (!findRegion(next, regionValue)) setRegionValue('')
  }

  return (
    <>
      {show.country ? (
        <div className="field">
          <label htmlFor={country.id}>{t('edit.country')}</label>
          <select
            id={country.id}
            name={country.name}
            value={countryValue}
            onChange={(e) => chooseCountry(e.target.value)}
            required
            aria-invalid={country.errors?.length ? true : undefined}
            aria-describedby={country.errors?.length ? country.errorId : undefined}
          >
            {countries.map((c) => (
              <option key={c} value={c}>
                {tc(`countries.${c}`)}
              </option>
            ))}
          </select>
          <FieldErrors id={country.errorId} errors={country.errors} />
        </div>
      ) : null}
      {show.region && regions.length > 0 ? (
        <div className="field">
          <label htmlFor={region.id}>{tc(`regionLabel.${regionLabelFor(countryValue)}`)}</label>
          <select
            id={region.id}
            name={region.name}
            value={regionValue}
            onChange={(e) => setRegionValue(e.target.value)}
            required
            aria-invalid={region.errors?.length ? true : undefined}
            aria-describedby={region.errors?.length ? region.errorId : undefined}
          >
            <option value="">{t('edit.choose')}</option>
            {regions.map((r) => (
              <option key={r.code} value={r.code}>
                {r.name}
              </option>
            ))}
          </select>
          <FieldErrors id={region.errorId} errors={region.errors} />
        </div>
      ) : null}
      {show.country ? (
        <UseMyLocation
          onLocated={(place) => {
            if (!countries.includes(place.country)) return
            setCountryValue(place.country)
            setRegionValue(place.region ?? '')
          }}
        />
      ) : null}
      {show.city ? <TextField meta={city} label={t('edit.city')} autoComplete="address-level2" maxLength={CITY_MAX_LENGTH} /> : null}
    </>
  )
}
