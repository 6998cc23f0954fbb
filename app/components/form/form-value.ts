/**
 * A posted field's value as one string. Conform hands back what was posted, and a crafted
 * request can repeat a field that the form sends once: the page must still render (the
 * schema has already refused the submission), so take the first string.
 */
export function singleValue(value: unknown): string | undefined {
  if (typeof value === 'string') return value
  if (Array.isArray(value)) return value.find((v): v is string => typeof v === 'string')
  return undefined
}
