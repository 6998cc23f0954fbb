import { useRouteLoaderData } from '@remix-run/react'
import { ATTENTION_ROUTE, type Attention } from '~/modules/site/attention.ts'

/** The default layout's attention counts (badges); null for visitors and outside that layout. */
export function useAttention(): Attention | null {
  return useRouteLoaderData<{ attention: Attention | null }>(ATTENTION_ROUTE)?.attention ?? null
}
