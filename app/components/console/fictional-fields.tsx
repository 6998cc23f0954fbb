// The fictional profile form's fields; texts per language besides the fallback "about me".
import { useTranslation } from 'react-i18next'
import { COUNTRY_CODES } from '~/modules/geo/countries.ts'
import { LOCALES } from '../../../tenants/schema.ts'
import { ConsoleField, ConsoleTextArea } from './field.tsx'

export function FictionalFields({ values, errors }: { values: Record<string, string>; errors: Record<string, string> }) {
  const { t } = useTranslation('console')
  return (
    <>
      <ConsoleField name="name" label={t('operators.name')} defaultValue={values.name} error={errors.name} required maxLength={40} />
      <div className="field">
        <label htmlFor="field-gender">{t('profiles.gender')}</label>
        <select id="field-gender" name="gender" defaultValue={values.gender ?? 'woman'}>
          <option value="woman">{t('profiles.genders.woman')}</option>
          <option value="man">{t('profiles.genders.man')}</option>
        </select>
      </div>
      <ConsoleField name="birthDate" type="date" label={t('profiles.birthDate')} defaultValue={values.birthDate} error={errors.birthDate} required />
      <div className="field">
        <label htmlFor="field-country">{t('profiles.country')}</label>
        <select id="field-country" name="country" defaultValue={values.country ?? 'NL'}>
          {COUNTRY_CODES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </div>
      <ConsoleField name="city" label={t('profiles.city')} defaultValue={values.city} maxLength={80} />
      <ConsoleTextArea name="about" label={t('profiles.about')} defaultValue={values.about} maxLength={2000} />
      {LOCALES.map((l) => (
        <ConsoleTextArea key={l} name={`about_${l}`} label={t('profiles.aboutIn', { language: l })} defaultValue={values[`about_${l}`]} maxLength={2000} rows={2} />
      ))}
      <label>
        <input type="checkbox" name="liveCam" defaultChecked={values.liveCam === 'on'} /> {t('profiles.liveCam')}
      </label>
    </>
  )
}
