import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireOperator } from '~/modules/admin/operator.server.ts'
import { servePhoto } from '~/modules/media/serve.server.ts'

// /operator/media/<key>: the photos of the review queue. Below /operator/ the browser sends
// the operator's Basic credentials by itself; without them: 401 (or 404 when operator pages
// are off), like the queue.
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  requireOperator(request)
  return servePhoto(request, context, params['*'] ?? '', { operator: true })
}
