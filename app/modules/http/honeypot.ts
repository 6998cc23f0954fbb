// The honeypot of the signup and login forms (components/form/honeypot.tsx).
export const HONEYPOT_FIELD = 'website'

/** True when the hidden field came back filled: a bot, answered like a failed attempt. */
export function honeypotFilled(form: FormData): boolean {
  const value = form.get(HONEYPOT_FIELD)
  return typeof value === 'string' && value.trim() !== ''
}
