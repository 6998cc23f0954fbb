import { useLoaderData } from '@remix-run/react'
import { withSiteDescription } from '~/modules/site/page-meta.ts'
import type { MetaFunction } from '@remix-run/node'
import { SignupDelegate } from '~/components/signup/signup-link.tsx'
import { pageTitle } from '~/modules/site/title.ts'

export type LanderPageData = { html: string; title: string; lander: string; variant: string }

/**
 * A lander as the server rendered it (landers/registry.server.tsx): no lander code reaches
 * the browser. Its links to /signup open the signup modal on desktop once JavaScript runs.
 */
export function LanderPage() {
  const { html, lander, variant } = useLoaderData<LanderPageData>()
  return (
    <SignupDelegate>
      <div data-lander={lander} data-variant={variant} dangerouslySetInnerHTML={{ __html: html }} />
    </SignupDelegate>
  )
}

export const landerMeta: MetaFunction = (args) => {
  const root = args.matches.find((m) => m.id === 'root')?.data as { settings?: { name: string } } | undefined
  return withSiteDescription(args, [{ title: pageTitle(root?.settings?.name ?? '', (args.data as LanderPageData | undefined)?.title, undefined) }])
}
