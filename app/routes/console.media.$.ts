// /media/<key> on the console host: a photo for an operator (review queue, inbox, fictional
// profiles). Found through the operator's handle, so only photos of their pools exist here;
// never a rejected one; never cached.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { createReadableStreamFromReadable } from '@remix-run/node'
import { getMediaStorage, isMediaKey } from '~/modules/media/storage.server.ts'
import { requireOperator } from '~/modules/operators/guard.server.ts'
import { withOperator } from '~/modules/operators/scope.server.ts'

const notFound = () => new Response('Not Found', { status: 404, headers: { 'Cache-Control': 'no-store' } })

export async function loader({ context, request, params }: LoaderFunctionArgs) {
  const { db } = await requireOperator(context, request)
  const key = params['*'] ?? ''
  if (!isMediaKey(key)) return notFound()
  const photo = await withOperator(db, (tx) => tx.photo.findFirst({ where: { OR: [{ filename: key }, { thumbFilename: key }], status: { not: 'rejected' } }, select: { id: true } }))
  if (!photo) return notFound()
  const object = await getMediaStorage().get(key)
  if (!object) return notFound()
  const headers = new Headers({ 'Cache-Control': 'private, no-store', 'X-Content-Type-Options': 'nosniff', 'Content-Type': object.contentType?.startsWith('image/') ? object.contentType : 'image/webp' })
  if (object.size !== undefined) headers.set('Content-Length', String(object.size))
  return new Response(createReadableStreamFromReadable(object.body), { status: 200, headers })
}
