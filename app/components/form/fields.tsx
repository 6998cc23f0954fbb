import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from '@conform-to/react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useRootData } from '~/modules/site/use-root-data.ts'

/**
 * Field errors are translation keys (`validation.*` in common, or `<ns>:<key>`); the site's
 * minimum age is available to every message.
 */
export function FieldErrors({ id, errors }: { id: string; errors?: string[] }) {
  const { t } = useTranslation()
  const { settings } = useRootData()
  if (!errors?.length) return null
  return (
    <p className="field-error" id={id} role="alert">
      {t(errors[0]!, { minimumAge: settings.minimum_age })}
    </p>
  )
}

type InputType = 'text' | 'email' | 'password' | 'date' | 'tel' | 'number' | 'hidden'

export function TextField({
  meta,
  label,
  type = 'text',
  autoComplete,
  hint,
  ...rest
}: { meta: FieldMetadata<string>; label: string; type?: InputType; autoComplete?: string; hint?: ReactNode } & Omit<
  React.InputHTMLAttributes<HTMLInputElement>,
  'type' | 'name' | 'id' | 'defaultValue'
>) {
  return (
    <div className="field">
      <label htmlFor={meta.id}>{label}</label>
      <input {...getInputProps(meta, { type, ariaDescribedBy: hint ? `${meta.id}-hint` : undefined })} autoComplete={autoComplete} {...rest} />
      {hint ? (
        <p className="field-hint" id={`${meta.id}-hint`}>
          {hint}
        </p>
      ) : null}
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  )
}

export function SelectField({ meta, label, options, placeholder }: { meta: FieldMetadata<string>; label: string; options: { value: string; label: string }[]; placeholder?: string }) {
  return (
    <div className="field">
      <label htmlFor={meta.id}>{label}</label>
      <select {...getSelectProps(meta)}>
        {placeholder ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  )
}

export function TextAreaField({ meta, label, maxLength }: { meta: FieldMetadata<string>; label: string; maxLength?: number }) {
  return (
    <div className="field">
      <label htmlFor={meta.id}>{label}</label>
      <textarea {...getTextareaProps(meta)} maxLength={maxLength} rows={4} />
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  )
}

/** A group of radio buttons (gender, reasons, ...). */
export function RadioGroup({ meta, legend, options }: { meta: FieldMetadata<string>; legend: string; options: { value: string; label: string }[] }) {
  return (
    <fieldset className="field" aria-describedby={meta.errors?.length ? meta.errorId : undefined}>
      <legend>{legend}</legend>
      <div className="choices">
        {options.map((o) => (
          <label key={o.value} className="choice">
            <input type="radio" name={meta.name} value={o.value} defaultChecked={meta.initialValue === o.value} />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </fieldset>
  )
}

/** A page-level message above a form (e.g. login failed). */
export function FormAlert({ children, tone = 'danger' }: { children: ReactNode; tone?: 'danger' | 'success' | 'info' }) {
  return (
    <div className={`alert alert--${tone}`} role={tone === 'danger' ? 'alert' : 'status'}>
      {children}
    </div>
  )
}
