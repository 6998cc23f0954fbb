// The console's second factor (decision 023): TOTP (RFC 6238, @epic-web/totp, 30 s, 6
// digits, SHA-1: what every authenticator app reads), required for admin and finance,
// optional for the others, and ten single-use recovery codes. A code is accepted at most
// once (the operator's last accepted time step is kept and must grow), so a code seen over
// a shoulder cannot be used again within its 90-second window.
import { randomBytes } from 'node:crypto'
import { generateTOTP, getTOTPAuthUri, verifyTOTP } from '@epic-web/totp'
import QRCode from 'qrcode'
import type { Db } from '../db/client.server.ts'
import { sha256 } from '../auth/tokens.server.ts'

const PERIOD = 30
const ALGORITHM = 'SHA-1'
const DIGITS = 6
export const RECOVERY_CODE_COUNT = 10

export async function newTotpSecret(): Promise<string> {
  return (await generateTOTP({ period: PERIOD, algorithm: ALGORITHM, digits: DIGITS })).secret
}

/** What the set-up page shows: the key in groups of four, its otpauth:// link and a QR code (SVG). */
export async function totpEnrolment(secret: string, accountName: string, issuer: string): Promise<{ secretGroups: string; uri: string; qrSvg: string }> {
  const uri = getTOTPAuthUri({ period: PERIOD, digits: DIGITS, algorithm: ALGORITHM, secret, accountName, issuer })
  const qrSvg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' })
  return { secretGroups: secret.replace(/(.{4})/g, '$1 ').trim(), uri, qrSvg }
}

const cleanCode = (code: string) => code.replace(/\s+/g, '')

/** The time step a code belongs to, when it is valid for `secret` now (±1 step); else null. */
export async function codeStep(secret: string, code: string, now = Date.now()): Promise<number | null> {
  const otp = cleanCode(code)
  if (!/^\d{6}$/.test(otp)) return null
  const result = await verifyTOTP({ otp, secret, period: PERIOD, digits: DIGITS, algorithm: ALGORITHM, window: 1 })
  return result ? Math.floor(now / 1000 / PERIOD) + result.delta : null
}

/**
 * Checks a code against the operator's confirmed secret and uses it up: the update only
 * succeeds when its step is newer than the last accepted one (two requests with the same
 * code: one wins).
 */
export async function spendTotpCode(db: Db, operatorId: string, code: string): Promise<boolean> {
  const operator = await db.operator.findUnique({ where: { id: operatorId }, select: { totpSecret: true } })
  if (!operator?.totpSecret) return false
  const step = await codeStep(operator.totpSecret, code)
  if (step === null) return false
  const updated = await db.operator.updateMany({
    where: { id: operatorId, totpSecret: operator.totpSecret, OR: [{ totpLastStep: null }, { totpLastStep: { lt: step } }] },
    data: { totpLastStep: step },
  })
  return updated.count === 1
}

/** Uses up one recovery code (atomically: a code works once). */
export async function spendRecoveryCode(db: Db, operatorId: string, code: string): Promise<boolean> {
  const normalized = code.trim().toLowerCase().replace(/[^a-z0-9]/g, '')
  if (normalized.length !== 10) return false
  const hash = sha256(normalized)
  const used = await db.$executeRaw`
    UPDATE "Operator" SET "recoveryCodes" = array_remove("recoveryCodes", ${hash})
     WHERE "id" = ${operatorId} AND ${hash} = ANY ("recoveryCodes")`
  return used === 1
}

/** Ten new codes (xxxxx-xxxxx); only their hashes are kept. Shown once. */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789'
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(10)
    const chars = [...bytes].map((b) => alphabet[b % alphabet.length]).join('')
    return `${chars.slice(0, 5)}-${chars.slice(5)}`
  })
  return { codes, hashes: codes.map((c) => sha256(c.replace('-', ''))) }
}

/** Confirms a proposed secret with a code from the app; stores it with fresh recovery codes. */
export async function confirmTotp(db: Db, operatorId: string, secret: string, code: string): Promise<{ ok: true; codes: string[] } | { ok: false }> {
  const step = await codeStep(secret, code)
  if (step === null) return { ok: false }
  const { codes, hashes } = newRecoveryCodes()
  await db.operator.update({ where: { id: operatorId }, data: { totpSecret: secret, totpLastStep: step, recoveryCodes: hashes } })
  return { ok: true, codes }
}
