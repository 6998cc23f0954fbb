// Single-use, expiring tokens for e-mail links. The raw token exists only in the mail;
// the database keeps its SHA-256, so a database leak cannot be replayed as links.
import { createHash, randomBytes } from 'node:crypto'
import type { Scope, ScopedTx } from '../db/scoped.server.ts'
import type { TokenPurpose } from '~/generated/prisma/client.ts'

export const TOKEN_TTL_MS: Record<TokenPurpose, number> = {
  activation: 7 * 24 * 3600_000,
  password_reset: 2 * 3600_000,
  email_change: 24 * 3600_000,
  reactivation: 14 * 24 * 3600_000,
  direct_debit: 15 * 60_000,
}

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')

export async function issueToken(
  tx: ScopedTx,
  input: { tenantId: string; poolId: string; userId: string; purpose: TokenPurpose; newEmail?: string; now?: Date; ttlMs?: number },
): Promise<string> {
  const raw = randomBytes(32).toString('base64url')
  const now = input.now ?? new Date()
  // A new link replaces older unused links of the same kind.
  await tx.token.updateMany({ where: { tenantId: input.tenantId, userId: input.userId, purpose: input.purpose, usedAt: null }, data: { usedAt: now } })
  await tx.token.create({
    data: {
      poolId: input.poolId,
      tenantId: input.tenantId,
      userId: input.userId,
      purpose: input.purpose,
      tokenHash: sha256(raw),
      newEmail: input.newEmail ?? null,
      expiresAt: new Date(now.getTime() + (input.ttlMs ?? TOKEN_TTL_MS[input.purpose])),
    },
  })
  return raw
}

export type ConsumedToken = { ok: true; userId: string; newEmail: string | null } | { ok: false; reason: 'invalid' | 'expired' | 'used' }

/** Marks the token used, atomically: of two concurrent uses exactly one succeeds. */
export async function consumeToken(tx: ScopedTx, scope: Scope, purpose: TokenPurpose, raw: string, now = new Date()): Promise<ConsumedToken> {
  if (!raw || raw.length > 200) return { ok: false, reason: 'invalid' }
  const token = await tx.token.findUnique({ where: { poolId_tenantId_tokenHash: { poolId: scope.poolId, tenantId: scope.tenantId, tokenHash: sha256(raw) } } })
  if (!token || token.purpose !== purpose) return { ok: false, reason: 'invalid' }
  if (token.usedAt) return { ok: false, reason: 'used' }
  if (token.expiresAt <= now) return { ok: false, reason: 'expired' }
  const claimed = await tx.token.updateMany({ where: { id: token.id, usedAt: null }, data: { usedAt: now } })
  if (claimed.count !== 1) return { ok: false, reason: 'used' }
  return { ok: true, userId: token.userId, newEmail: token.newEmail }
}
