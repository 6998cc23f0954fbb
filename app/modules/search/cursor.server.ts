// The opaque paging cursor: the last card's (lastActiveAt, id), base64url-encoded. Paging
// continues strictly after it in (lastActiveAt desc, id desc) order, so no OFFSET is needed
// and a page never repeats or skips a member, even when many share one lastActiveAt.
import { z } from 'zod'

export type Cursor = { lastActiveAt: Date; id: number }

const Decoded = z.tuple([z.iso.datetime(), z.coerce.number().int().positive().max(2_147_483_647)])

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.lastActiveAt.toISOString()}|${cursor.id}`, 'utf8').toString('base64url')
}

/** Null for anything that is not a cursor we wrote: the search then starts at the first page. */
export function decodeCursor(value: string | null | undefined): Cursor | null {
  if (!value || value.length > 120) return null
  const parsed = Decoded.safeParse(Buffer.from(value, 'base64url').toString('utf8').split('|'))
  if (!parsed.success) return null
  const [at, id] = parsed.data
  return { lastActiveAt: new Date(at), id }
}
