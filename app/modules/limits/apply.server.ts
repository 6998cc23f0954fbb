// The limits of member actions that are not about logins or mails, in one place so their
// keys stay consistent (docs/decisions/009-abuse-limits.md).
import { consumeAll, refund, type Verdict } from './limiter.server.ts'

const ipKey = (ip: string) => ip || 'unknown'

/** Photo uploads: a point per file, per account and per IP. */
export function uploadAllowed(tenantId: string, userId: string, ip: string, files: number): Promise<Verdict> {
  return consumeAll(
    [
      ['upload_account', `${tenantId}:${userId}`],
      ['upload_ip', ipKey(ip)],
    ],
    Math.max(1, files),
  )
}

/** Likes and unlikes, per account and per IP. */
export function likeAllowed(tenantId: string, userId: string, ip: string): Promise<Verdict> {
  return consumeAll([
    ['like_account', `${tenantId}:${userId}`],
    ['like_ip', ipKey(ip)],
  ])
}

/** Chat messages, per account and per IP. */
export function messageAllowed(tenantId: string, userId: string, ip: string): Promise<Verdict> {
  return consumeAll([
    ['message_account', `${tenantId}:${userId}`],
    ['message_ip', ipKey(ip)],
  ])
}

/** Reports of a profile or a message (decision 053), per account and per IP. */
export function reportAllowed(tenantId: string, userId: string, ip: string): Promise<Verdict> {
  return consumeAll([
    ['report_account', `${tenantId}:${userId}`],
    ['report_ip', ipKey(ip)],
  ])
}

/** Place look-ups, per IP (visitors use it in the signup too). */
export function geocodeAllowed(ip: string): Promise<Verdict> {
  return consumeAll([['geocode_ip', ipKey(ip)]])
}

/**
 * A Mollie webhook for a payment id this site does not know: one lookup at Mollie, reserved
 * per source address and per site (decision 054). `giveBack` when Mollie knew the payment.
 */
export const unknownPaymentLookup = (tenantId: string, ip: string) => ({
  reserve: async (): Promise<boolean> =>
    (
      await consumeAll([
        ['payment_webhook_unknown_ip', `${tenantId}:${ipKey(ip)}`],
        ['payment_webhook_unknown', tenantId],
      ])
    ).ok,
  giveBack: async (): Promise<void> => {
    await refund('payment_webhook_unknown_ip', `${tenantId}:${ipKey(ip)}`)
    await refund('payment_webhook_unknown', tenantId)
  },
})
