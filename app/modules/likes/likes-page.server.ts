import { formatLocaleFor } from '../site/format-locale.ts'
import type { AppLoadContext } from '@remix-run/node'
import { requireMember } from '../auth/guards.server.ts'
import { readScoped } from '../db/scoped.server.ts'
import { listLikes, type LikedCard, type LikesListItem } from './likes.server.ts'
import type { LikeTab } from './tabs.ts'
import { dateTimeFormat } from '../site/formatters.ts'

export type LikesTabData = { tab: LikeTab; items: LikesListItem[]; next: string | null; paged: boolean; title: string; siteName: string }

/**
 * The like dates as the site shows them, formatted once on the server in the site's time
 * zone, so the page the browser hydrates says exactly what the server rendered.
 */
function withLikeDates(items: readonly LikedCard[], locale: string, timeZone: string): LikesListItem[] {
  const format = dateTimeFormat(locale, { dateStyle: 'medium', timeZone })
  return items.map((item) => ({ ...item, date: format.format(new Date(item.at)) }))
}

/** One tab of the likes page (/likes, /likes/{type}): a page of cards with the site's dates. */
export async function loadLikesTab(context: AppLoadContext, request: Request, tab: LikeTab): Promise<LikesTabData> {
  const member = requireMember(context, request)
  const { reads, scope, tenant, locale, t } = context
  const viewerId = member.profile?.id
  const cursor = new URL(request.url).searchParams.get('cursor')
  const page = viewerId ? await readScoped(reads, scope, (tx) => listLikes(tx, scope, { viewerId, tab, cursor, cdnPrefix: tenant.cdnPrefix })) : { items: [], next: null }
  return {
    tab,
    items: withLikeDates(page.items, formatLocaleFor(locale, tenant.countries), tenant.timeZone),
    next: page.next,
    paged: cursor !== null,
    title: t(`tabs.${tab}`, { ns: 'likes' }),
    siteName: tenant.name,
  }
}
