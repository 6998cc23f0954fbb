// The opaque paging cursor: the last card's (hasPhoto, lastActiveAt, id), base64url-encoded.
// Paging continues strictly after it in (hasPhoto desc, lastActiveAt desc, id desc) order, so
// no OFFSET is needed and a page never repeats or skips a member, even when many share one
// lastActiveAt. A cursor of the older two-part form is not ours any more: first page.
import { z } from 'zod'

export type Cursor = { hasPhoto: boolean; lastActiveAt: Date; id: number }

const Decoded = z.tuple([z.enum(['0', '1']), z.iso.datetime(), z.coerce.number().int().positive().max(2_147_483_647)])

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.hasPhoto ? 1 : 0}|${cursor.lastActiveAt.toISOString()}|${cursor.id}`, 'utf8').toString('base64url')
}

/** Null for anything that is not a cursor we wrote: the search then starts at the first page. */
export function decodeCursor(value: string | null | undefined): Cursor | null {
  if (!value || value.length > 120) return null
  const parsed = Decoded.safeParse(Buffer.from(value, 'base64url').toString('utf8').split('|'))
  if (!parsed.success) return null
  const [photo, at, id] = parsed.data
  return { hasPhoto: photo === '1', lastActiveAt: new Date(at), id }
}
