import type { LoaderFunctionArgs } from '@remix-run/node'
import { LanderPage, landerMeta } from '~/components/lander-page.tsx'
import { landerPage } from '~/modules/landers/page.server.ts'
import type { I18nHandle } from '~/modules/i18n/namespaces.ts'

export const handle: I18nHandle = { i18n: [] }

// /members/{id}/landing (SPEC §2): a member landing featuring a visible member of the site's pool
// (landers/memberlanding); any other id answers 404.
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return landerPage({ request, context, name: 'memberlanding', slug: undefined, memberId: params.id ?? '' })
}

export const meta = landerMeta

export default LanderPage
