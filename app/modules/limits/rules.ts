// The abuse limits (docs/decisions/009-abuse-limits.md): how many points a key may use in a
// window, and how long it is refused once it used more. One name per kind of key; the key
// itself (an IP, an account, a recipient address) is chosen where the limit is applied.
// No server imports here: the env schema validates RATE_LIMITS against these names.

export type LimitRule = {
  /** Allowed points (attempts) per window. */
  points: number
  /** The window, in seconds. */
  duration: number
  /** Once over the allowance, refused for this long (seconds); 0: until the window ends. */
  block: number
}

const MIN = 60
const HOUR = 3600

export const LIMIT_RULES = {
  // Logins (reserved before the password is checked, given back on success).
  /** Login attempts from one IP, whatever the account. */
  login_ip: { points: 30, duration: 15 * MIN, block: 15 * MIN },
  /** SPEC's lockout: wrong passwords for one account from one IP. */
  login_account_ip: { points: 5, duration: 15 * MIN, block: 10 * MIN },
  /** The same lockout for the member's own known device (a cookie from an earlier login). */
  login_device: { points: 5, duration: 15 * MIN, block: 10 * MIN },
  /** Wrong passwords for one account from every unknown device together (spread guessing). */
  login_account: { points: 100, duration: HOUR, block: HOUR },
  /** The current password in the settings (e-mail, password, delete), per account. */
  password_check: { points: 5, duration: 15 * MIN, block: 10 * MIN },

  /**
   * New accounts from one IP. One address is often many people (an office, a university, a
   * mobile carrier's NAT), so the ceilings are for floods, not for people (decision 045):
   * the honeypot and the per-domain limit below catch what one address alone would not.
   */
  signup_ip: { points: 20, duration: 10 * MIN, block: 0 },
  signup_ip_day: { points: 200, duration: 24 * HOUR, block: 0 },
  /** New accounts with addresses of one e-mail domain (a throwaway domain's flood), across all IPs. */
  signup_domain: { points: 100, duration: HOUR, block: 0 },
  /**
   * New accounts from one browser (its signed visitor-device cookie), per site: one person
   * making account after account behind a shared address (decision 055). A post without a
   * valid cookie counts for its IP under this rule instead.
   */
  signup_device: { points: 5, duration: 24 * HOUR, block: 0 },
  /** The "you already have an account" mail, per address. */
  existing_account_mail: { points: 1, duration: HOUR, block: 0 },

  /**
   * Reset link requests from one IP. Per account the mails are counted in the database
   * (password-reset.server.ts: 3 an hour, more are dropped silently); unknown addresses get none.
   */
  reset_request_ip: { points: 10, duration: HOUR, block: 0 },
  /** New passwords posted to the reset form from one IP. */
  reset_complete_ip: { points: 10, duration: HOUR, block: 0 },

  /** E-mail change requests per account, per new (recipient) address, per IP. */
  email_change_account: { points: 5, duration: HOUR, block: 0 },
  email_change_recipient: { points: 3, duration: HOUR, block: 0 },
  email_change_ip: { points: 10, duration: HOUR, block: 0 },

  /** Activation mails asked for again, per account and per IP. */
  activation_resend_account: { points: 3, duration: HOUR, block: 0 },
  activation_resend_ip: { points: 10, duration: HOUR, block: 0 },

  /** Photo uploads per account and per IP. */
  upload_account: { points: 30, duration: HOUR, block: 0 },
  upload_ip: { points: 60, duration: HOUR, block: 0 },

  /** Likes and unlikes per account and per IP. */
  like_account: { points: 120, duration: 10 * MIN, block: 0 },
  like_ip: { points: 300, duration: 10 * MIN, block: 0 },

  /** Chat messages sent, per account and per IP (each costs credits; this stops floods). */
  message_account: { points: 60, duration: 10 * MIN, block: 0 },
  message_ip: { points: 200, duration: 10 * MIN, block: 0 },

  /** Reports of profiles and messages (decision 053), per account and per IP: a moderator reads each. */
  report_account: { points: 10, duration: HOUR, block: 0 },
  report_ip: { points: 30, duration: HOUR, block: 0 },

  /** Place look-ups (a third-party service behind it) per IP. */
  geocode_ip: { points: 60, duration: 10 * MIN, block: 0 },

  /** Complaints filed from one IP (each sends a confirmation mail). */
  complaint_ip: { points: 5, duration: HOUR, block: 0 },

  /**
   * Mollie webhooks naming a payment id we do not know (decision 054): each costs a GET at
   * Mollie before we can tell, so per source address and per site overall. Reserved before
   * the GET, given back when Mollie knew it (a lost payment adopted). Known ids are free.
   */
  payment_webhook_unknown_ip: { points: 20, duration: 10 * MIN, block: 0 },
  payment_webhook_unknown: { points: 200, duration: 10 * MIN, block: 0 },
  /** Wrong tokens on the mail providers' webhook (/operator/mail-events) per IP. */
  webhook_token: { points: 10, duration: 15 * MIN, block: 0 },

  /** Console logins (decision 023) use the member login's buckets, keyed by `console` instead of a site. */
  /** Wrong second-factor codes (TOTP or recovery) per operator, then locked for a while. */
  operator_code: { points: 5, duration: 15 * MIN, block: 15 * MIN },
  /** Console invites per admin (each makes an account). */
  operator_invite: { points: 30, duration: HOUR, block: 0 },
} as const satisfies Record<string, LimitRule>

export type LimitName = keyof typeof LIMIT_RULES
export const LIMIT_NAMES = Object.keys(LIMIT_RULES) as LimitName[]

export type LimitOverrides = Partial<Record<LimitName, Partial<LimitRule>>>

/**
 * Parses RATE_LIMITS: `name=points/seconds[/blockSeconds]` separated by commas, e.g.
 * `signup_ip=10/600,login_ip=50/900/900`. Throws naming the first bad part.
 */
export function parseLimitOverrides(value: string): LimitOverrides {
  const overrides: LimitOverrides = {}
  for (const part of value.split(',').map((p) => p.trim()).filter(Boolean)) {
    const match = /^([a-z_]+)=(\d{1,7})\/(\d{1,7})(?:\/(\d{1,7}))?$/.exec(part)
    if (!match) throw new Error(`"${part}" is not name=points/seconds[/blockSeconds]`)
    const [, name, points, duration, block] = match
    if (!(LIMIT_NAMES as string[]).includes(name!)) throw new Error(`"${name}" is not a limit (${LIMIT_NAMES.join(', ')})`)
    if (Number(points) < 1 || Number(duration) < 1) throw new Error(`"${part}": points and seconds must be at least 1`)
    overrides[name as LimitName] = { points: Number(points), duration: Number(duration), ...(block ? { block: Number(block) } : {}) }
  }
  return overrides
}

export function ruleFor(name: LimitName, overrides: LimitOverrides = {}): LimitRule {
  return { ...LIMIT_RULES[name], ...overrides[name] }
}
