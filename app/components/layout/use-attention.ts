import { useRouteLoaderData } from '@remix-run/react'
import { useRootData } from '~/modules/site/use-root-data.ts'
import { useEffect } from 'react'
import { ATTENTION_ROUTE, attentionTotal, type Attention } from '~/modules/site/attention.ts'

/** The default layout's attention counts (badges); null for visitors and outside that layout. */
export function useAttention(): Attention | null {
  return useRouteLoaderData<{ attention: Attention | null }>(ATTENTION_ROUTE)?.attention ?? null
}

export type AccountState = { credits: number; paidUser: boolean }

/**
 * The member's credits and premium state: from the default layout's loader, which runs on
 * every navigation and revalidation (the periodic refresh revalidates when they moved), else
 * from the root's data (other layouts); null for visitors.
 */
export function useAccount(): AccountState | null {
  const layout = useRouteLoaderData<{ account?: AccountState | null }>(ATTENTION_ROUTE)?.account
  const { member } = useRootData()
  if (!member) return null
  return layout ?? { credits: member.credits, paidUser: member.paidUser }
}

type BadgingNavigator = Navigator & { setAppBadge?: (count?: number) => Promise<void>; clearAppBadge?: () => Promise<void> }

/**
 * SPEC §4: the installed app's badge shows unread messages plus new likes (Badging API,
 * where the browser has it; elsewhere nothing happens).
 */
export function useAppBadge(attention: Attention | null): void {
  const total = attentionTotal(attention)
  useEffect(() => {
    const nav = navigator as BadgingNavigator
    const update = total > 0 ? nav.setAppBadge?.(total) : nav.clearAppBadge?.()
    update?.catch(() => {
      // not installed, or not allowed: the badge is a nicety
    })
  }, [total])
  // Logged out: no badge.
  useEffect(() => () => void (navigator as BadgingNavigator).clearAppBadge?.().catch(() => undefined), [])
}
