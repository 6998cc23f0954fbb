import type { LoaderFunctionArgs } from '@remix-run/node'
import { servePhoto } from '~/modules/media/serve.server.ts'

// /media/<key>: a member photo, after the checks in servePhoto (host -> site -> pool, the
// photo's status and private flag, its member, the viewer). Operators see photos on the
// console host's own /media/ (console.media.$.ts), never here (decision 023).
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return servePhoto(request, context, params['*'] ?? '', { operator: false })
}
