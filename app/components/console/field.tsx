// Form fields of the console: label, input, a translated error next to it (aria-invalid,
// aria-describedby), and what was typed kept as the default value.
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

type FieldProps = {
  name: string
  label: string
  type?: 'text' | 'email' | 'password' | 'number' | 'date' | 'search'
  defaultValue?: string | number | null
  /** A translation key (console namespace or `ns:key`). */
  error?: string | null
  hint?: ReactNode
  autoComplete?: string
  required?: boolean
  inputMode?: 'numeric' | 'text'
  autoFocus?: boolean
  min?: number
  max?: number
  maxLength?: number
}

/** The translated error under a console field; its id (`${id}-error`) is what the control's aria-describedby names. */
function FieldError({ id, error }: { id: string; error?: string | null }) {
  const { t } = useTranslation('console')
  if (!error) return null
  return (
    <p className="field-error" id={`${id}-error`} role="alert">
      {t(error)}
    </p>
  )
}

export function ConsoleField({ name, label, type = 'text', defaultValue, error, hint, ...rest }: FieldProps) {
  const id = `field-${name}`
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} name={name} type={type} defaultValue={defaultValue ?? undefined} aria-invalid={error ? true : undefined} aria-describedby={described} {...rest} />
      {hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      <FieldError id={id} error={error} />
    </div>
  )
}

export function ConsoleTextArea({ name, label, defaultValue, error, rows = 4, maxLength }: { name: string; label: string; defaultValue?: string | null; error?: string | null; rows?: number; maxLength?: number }) {
  const id = `field-${name}`
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea id={id} name={name} rows={rows} maxLength={maxLength} defaultValue={defaultValue ?? undefined} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} />
      <FieldError id={id} error={error} />
    </div>
  )
}

export function Notice({ tone, children }: { tone: 'success' | 'danger' | 'info'; children: ReactNode }) {
  return (
    <p role={tone === 'danger' ? 'alert' : 'status'} className={`alert alert--${tone}`}>
      {children}
    </p>
  )
}

/** A labelled select of the console; `all` adds an empty first option (a filter's "all"); `error` as ConsoleField's. */
export function ConsoleSelect({ id, name, label, defaultValue, options, all, error }: { id: string; name: string; label: string; defaultValue?: string; options: readonly { value: string; label: string }[]; all?: string; error?: string | null }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={defaultValue} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}>
        {all !== undefined ? <option value="">{all}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldError id={id} error={error} />
    </div>
  )
}
