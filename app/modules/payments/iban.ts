// IBAN check (ISO 13616): the country's length and the mod-97 check digits. Spaces allowed.
const LENGTHS: Record<string, number> = {
  NL: 18, BE: 16, DE: 22, AT: 20, FR: 27, IT: 27, ES: 24, IE: 22, PL: 28, CH: 21, GB: 22, LU: 20, PT: 25, FI: 18, DK: 18, SE: 24, NO: 15,
}

export function normalizeIban(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase()
}

export function isValidIban(value: string): boolean {
  const iban = normalizeIban(value)
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban)) return false
  const length = LENGTHS[iban.slice(0, 2)]
  if (length === undefined || iban.length !== length) return false
  const digits = (iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55))
  let remainder = 0
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97
  return remainder === 1
}
