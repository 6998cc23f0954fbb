import type { MetaFunction } from '@remix-run/node'
import { errorMeta } from '~/modules/site/error-meta.ts'

// Any path no other route claims: the 404 page inside the site's own layout, titled like it.
export async function loader() {
  throw new Response(null, { status: 404, statusText: 'Not Found' })
}

export const meta: MetaFunction = ({ error, matches }) => errorMeta({ error, matches })

export default function NotFound() {
  return null
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary.tsx'
