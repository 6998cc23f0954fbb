import { Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { badgeText } from '~/modules/site/attention.ts'
import { LIKE_TABS, type LikeTab } from '~/modules/likes/tabs.ts'

/** Where a tab lives: /likes is the received tab (SPEC §2). */
export function tabPath(tab: LikeTab): string {
  return `/likes/${tab}`
}

/**
 * The likes tabs as plain links (they are pages, not an ARIA tab widget): the open one has
 * aria-current. Received shows the new likes as a badge, matches their number.
 */
export function LikesTabs({ active, counts }: { active: LikeTab | null; counts: { newLikes: number; matches: number } }) {
  const { t } = useTranslation('likes')
  return (
    <nav className="likes-tabs" aria-label={t('tabs.label')}>
      <ul className="likes-tabs__list">
        {LIKE_TABS.map((tab) => (
          <li key={tab}>
            <Link to={tabPath(tab)} className="likes-tabs__tab" aria-current={tab === active ? 'page' : undefined} prefetch="intent">
              <span>{t(`tabs.${tab}`)}</span>
              {tab === 'received' && counts.newLikes > 0 ? (
                <>
                  <span className="badge badge--unread" aria-hidden="true">
                    {badgeText(counts.newLikes)}
                  </span>
                  <span className="visually-hidden">{t('tabs.newCount', { count: counts.newLikes })}</span>
                </>
              ) : null}
              {tab === 'matches' && counts.matches > 0 ? <span className="likes-tabs__count">{counts.matches}</span> : null}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
