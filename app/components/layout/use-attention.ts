import { useRouteLoaderData } from '@remix-run/react'
import { useEffect } from 'react'
import { ATTENTION_ROUTE, attentionTotal, type Attention } from '~/modules/site/attention.ts'

/** The default layout's attention counts (badges); null for visitors and outside that layout. */
export function useAttention(): Attention | null {
  return useRouteLoaderData<{ attention: Attention | null }>(ATTENTION_ROUTE)?.attention ?? null
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
