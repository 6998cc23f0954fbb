// Chat rules both sides need (the message box counts characters in the browser too).

/** SPEC §9: a free member starts at most this many conversations. */
export const FREE_CONVERSATIONS = 2

/** Free members see this many of the newest messages of a conversation (SPEC §2, §6; the number is ours). */
export const FREE_HISTORY = 10
/** Premium members: the page shows this many; older ones are not loaded. */
export const FULL_HISTORY = 200

/** A message as stored: as typed, only trailing/leading white space trimmed. */
export function normalizeBody(value: unknown): string {
  return typeof value === 'string' ? value.replace(/\r\n?/g, '\n').trim() : ''
}

/** Characters as the member counts them (code points, not UTF-16 units). */
export function bodyLength(body: string): number {
  return [...body].length
}

export type BodyProblem = 'empty' | 'too_long'

export function checkBody(body: string, maxLength: number): BodyProblem | null {
  if (body.length === 0) return 'empty'
  if (bodyLength(body) > maxLength) return 'too_long'
  return null
}
