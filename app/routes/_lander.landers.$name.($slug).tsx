import type { LoaderFunctionArgs } from '@remix-run/node'
import { LanderPage, landerMeta } from '~/components/lander-page.tsx'
import { landerPage } from '~/modules/landers/page.server.ts'
import type { I18nHandle } from '~/modules/i18n/namespaces.ts'

export const handle: I18nHandle = { i18n: [] }

// /landers/{name}/{slug?} (SPEC §2): a lander the site lists in its tenant file; a slug
// shows that variant. The lander's copy comes from its folder, rendered on the server.
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return landerPage({ request, context, name: params.name ?? '', slug: params.slug })
}

export const meta = landerMeta

export default LanderPage
