// argon2id with at least OWASP's minimum: 19 MiB memory, 2 iterations, parallelism 1.
import { hash, verify } from '@node-rs/argon2'

// `algorithm: 2` is Algorithm.Argon2id, an ambient const enum that isolatedModules cannot import.
export const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../accounts/password-rules.ts'

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS)
}

// Verified when no account matches, so an unknown e-mail costs as much time as a wrong password.
const DUMMY_HASH = hash('not-a-real-password', ARGON2_OPTIONS)

export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    await verify(await DUMMY_HASH, password).catch(() => false)
    return false
  }
  return verify(passwordHash, password).catch(() => false)
}
