// The member document's root data for components (SPEC pages on a site's host). A leaf
// module: components read shared loader data here, never by importing ~/root (which
// imports them). On the console host there is no member root data: this throws.
import { useRouteLoaderData } from '@remix-run/react'
import type { RootData } from './root-data.server.ts'

export type { RootData }

export function useRootData(): RootData {
  const data = useRouteLoaderData<RootData | { face: 'console' }>('root')
  if (!data || 'face' in data) throw new Error('root data is missing')
  return data
}

/** The locale for Intl formatting on this site (format-locale.ts), not the bare language. */
export function useFormatLocale(): string {
  return useRootData().formatLocale
}
