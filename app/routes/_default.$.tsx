import type { MetaFunction } from '@remix-run/node'
import { withSiteDescription } from '~/modules/site/page-meta.ts'
import { errorMeta } from '~/modules/site/error-meta.ts'
import type { VisitorCacheHandle } from '~/modules/cache/visitor-cache-handle.ts'

// A visitor's 404 page comes from the micro-cache (decision 034), per path: the page names
// its path (the language menu returns there). The cache's byte limit bounds what a scan
// of random paths can take.
export const handle: VisitorCacheHandle = { visitorCache: 'not-found' }

// Any path no other route claims: the 404 page inside the site's own layout, titled like it.
export async function loader() {
  throw new Response(null, { status: 404, statusText: 'Not Found' })
}

const pageMeta: MetaFunction = ({ error, matches }) => errorMeta({ error, matches })

export default function NotFound() {
  return null
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary.tsx'

export const meta: MetaFunction = (args) => withSiteDescription(args, pageMeta(args))
