import { Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { LikeTab } from '~/modules/likes/tabs.ts'

const ICONS: Record<LikeTab, string> = { received: '💌', given: '💘', matches: '💞' }

/** A tab without likes: what it means and where to go to change that. */
export function LikesEmpty({ tab }: { tab: LikeTab }) {
  const { t } = useTranslation('likes')
  const titleId = `likes-empty-${tab}`
  return (
    <section className="likes-empty card" aria-labelledby={titleId}>
      <div className="likes-empty__icon" aria-hidden="true">
        {ICONS[tab]}
      </div>
      <h3 id={titleId}>{t(`empty.${tab}.title`)}</h3>
      <p>{t(`empty.${tab}.text`)}</p>
      <div className="likes-empty__actions">
        {tab === 'matches' ? (
          <Link to="/likes/received" className="button button--primary">
            {t('empty.receivedLink')}
          </Link>
        ) : (
          <Link to="/members" className="button button--primary">
            {t('empty.search')}
          </Link>
        )}
        <Link to="/swipe-game" className="button button--ghost">
          {t('empty.swipe')}
        </Link>
      </div>
    </section>
  )
}
