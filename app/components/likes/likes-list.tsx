import { Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { LikeTab } from '~/modules/likes/tabs.ts'
import type { LikesListItem } from '~/modules/likes/likes.server.ts'
import { LikedMemberCard } from './liked-member-card.tsx'
import { LikesEmpty } from './likes-empty.tsx'
import { tabPath } from './likes-tabs.tsx'

/**
 * One tab of the likes page: a heading, one page of cards (newest first) and keyset paging,
 * "more" through ?cursor= and back to the newest. Works without JavaScript.
 */
export function LikesList({ tab, items, next, paged }: { tab: LikeTab; items: LikesListItem[]; next: string | null; paged: boolean }) {
  const { t } = useTranslation('likes')
  const headingId = `likes-${tab}-title`
  return (
    <section className="likes-list" aria-labelledby={headingId}>
      <h2 id={headingId} className="likes-list__title">
        {t(`headings.${tab}`)}
      </h2>
      {items.length === 0 && !paged ? (
        <LikesEmpty tab={tab} />
      ) : items.length > 0 ? (
        <>
          <p className="muted likes-list__intro">{t(`intro.${tab}`)}</p>
          <ul className="likes-grid" aria-labelledby={headingId}>
            {items.map((item) => (
              <li key={item.id}>
                <LikedMemberCard item={item} tab={tab} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {next || paged ? (
        <nav className="likes-pager" aria-label={t('paging.label')}>
          {paged ? (
            <Link to={tabPath(tab)} className="button button--ghost">
              {t('paging.first')}
            </Link>
          ) : null}
          {next ? (
            <Link to={`${tabPath(tab)}?cursor=${encodeURIComponent(next)}`} className="button button--primary" rel="next">
              {t('paging.more')}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  )
}
