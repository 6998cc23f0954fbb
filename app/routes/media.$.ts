import type { LoaderFunctionArgs } from '@remix-run/node'
import { hasOperatorPassword } from '~/modules/admin/operator.server.ts'
import { servePhoto } from '~/modules/media/serve.server.ts'

// /media/<key>: a member photo, after the checks in servePhoto (host -> site -> pool, the
// photo's status and private flag, its member, the viewer). Operators' credentials count
// when the browser sends them (it does below /operator/: see operator.media.$.ts).
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return servePhoto(request, context, params['*'] ?? '', { operator: hasOperatorPassword(request) })
}
