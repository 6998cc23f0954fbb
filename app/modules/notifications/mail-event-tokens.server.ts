// Who may post bounces and spam complaints (decision 023, replacing the shared operator
// password): each mail provider has its own token (MAIL_EVENT_TOKENS, `provider:token`),
// sent as `Authorization: Bearer <token>`. Compared in constant time on digests; wrong
// tokens count against the caller's IP (limit webhook_token).
import { createHash, timingSafeEqual } from 'node:crypto'
import { getEnv } from '../config/env.server.ts'

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest()

export function parseMailEventTokens(setting: string | undefined): { provider: string; token: string }[] {
  return (setting ?? '').split(',').map((pair) => pair.trim()).filter(Boolean).map((pair) => {
    const colon = pair.indexOf(':')
    return { provider: pair.slice(0, colon), token: pair.slice(colon + 1) }
  })
}

/** The provider whose token the request carries, or null. Every configured token is compared. */
export function mailEventProvider(request: Request, setting: string | undefined = getEnv().MAIL_EVENT_TOKENS): string | null {
  const match = /^Bearer\s+([A-Za-z0-9_-]{1,200})\s*$/.exec(request.headers.get('authorization') ?? '')
  if (!match) return null
  const given = digest(match[1]!)
  let found: string | null = null
  for (const { provider, token } of parseMailEventTokens(setting)) if (timingSafeEqual(given, digest(token))) found = provider
  return found
}
