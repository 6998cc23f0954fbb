// The operator form's fields: name, role, assignment (all sites, pools, single sites),
// languages, maximum of open conversations. Only what the signed-in admin holds is offered.
import { useTranslation } from 'react-i18next'
import { OPERATOR_ROLES } from '~/modules/operators/roles.ts'
import { ConsoleField } from './field.tsx'

export type OperatorValues = { name: string; role: string; allSites: boolean; pools: string[]; sites: string[]; languages: string[]; maxChats: number | string }
export type AssignableChoices = { allSites: boolean; pools: string[]; sites: { slug: string; name: string; pool: string }[]; languages: readonly string[] }

export function OperatorFields({ values, choices, errors = {} }: { values: OperatorValues; choices: AssignableChoices; errors?: Record<string, string> }) {
  const { t } = useTranslation('console')
  return (
    <>
      <ConsoleField name="name" label={t('operators.name')} defaultValue={values.name} error={errors.name} required maxLength={80} />
      <div className="field">
        <label htmlFor="field-role">{t('operators.role')}</label>
        <select id="field-role" name="role" defaultValue={values.role}>
          {OPERATOR_ROLES.map((role) => (
            <option key={role} value={role}>
              {t(`roles.${role}`)}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="field">
        <legend>{t('operators.assignment')}</legend>
        {errors.assignment ? (
          <p className="field-error" role="alert">
            {t(errors.assignment)}
          </p>
        ) : null}
        {choices.allSites ? (
          <label>
            <input type="checkbox" name="allSites" defaultChecked={values.allSites} /> {t('operators.allSites')}
          </label>
        ) : null}
        {choices.pools.map((pool) => (
          <label key={pool}>
            <input type="checkbox" name="pools" value={pool} defaultChecked={values.pools.includes(pool)} /> {t('operators.pool', { pool })}
          </label>
        ))}
        {choices.sites.map((site) => (
          <label key={site.slug}>
            <input type="checkbox" name="sites" value={site.slug} defaultChecked={values.sites.includes(site.slug)} /> {site.name}
          </label>
        ))}
      </fieldset>
      <fieldset className="field">
        <legend>{t('operators.languages')}</legend>
        {choices.languages.map((l) => (
          <label key={l}>
            <input type="checkbox" name="languages" value={l} defaultChecked={values.languages.includes(l)} /> {l}
          </label>
        ))}
      </fieldset>
      <ConsoleField name="maxChats" type="number" label={t('operators.maxChats')} defaultValue={values.maxChats} error={errors.maxChats} min={1} max={50} />
    </>
  )
}
