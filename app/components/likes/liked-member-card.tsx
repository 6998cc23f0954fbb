import { Link } from '@remix-run/react'
import { FictionalLabel } from '~/components/profile/fictional-label.tsx'
import { useTranslation } from 'react-i18next'
import type { LikesListItem, LikeTab } from '~/modules/likes/likes.server.ts'
import { useRootData } from '~/modules/site/use-root-data.ts'
import { LikeButton } from './like-button.tsx'

/** Opening a member from likes: the profile page remembers the tab to go back to. */
export function likedMemberPath(id: number, tab: LikeTab): string {
  return tab === 'received' ? `/likes/m/${id}` : `/likes/m/${id}?from=${tab}`
}

/**
 * One member on the likes page: photo, name and age (the link), place, the fictional label,
 * a 'new' marker on a like not opened yet, a 'Match' marker, the date, and the like toggle
 * beside the link (like back, or unlike). The whole card is clickable through the name link.
 */
export function LikedMemberCard({ item, tab }: { item: LikesListItem; tab: LikeTab }) {
  const { t } = useTranslation('likes')
  const { t: tc } = useTranslation()
  const { settings } = useRootData()
  const headingId = `liked-${item.id}`
  return (
    <article className={`likes-card${item.like.isNew ? ' likes-card--new' : ''}`} aria-labelledby={headingId}>
      <div className="likes-card__media">
        {item.thumb ? (
          <img className="likes-card__photo" src={item.thumb} alt="" width={240} height={240} loading="lazy" />
        ) : (
          <div className="likes-card__photo likes-card__photo--empty" aria-hidden="true" />
        )}
        {item.like.isNew || item.like.match ? (
          <p className="likes-card__markers">
            {item.like.isNew ? <span className="likes-marker likes-marker--new">{t('card.new')}</span> : null}
            {item.like.match ? <span className="likes-marker likes-marker--match">{t('card.match')}</span> : null}
          </p>
        ) : null}
      </div>
      <div className="likes-card__body">
        <h3 className="likes-card__name" id={headingId}>
          <Link to={likedMemberPath(item.id, tab)} className="likes-card__link">
            {item.name}, {item.age}
          </Link>
        </h3>
        <p className="likes-card__place">{item.city ?? tc(`countries.${item.country}`)}</p>
        {item.fictional ? <FictionalLabel icon={settings.fictional_icon} label={settings.fictional_singular} warning={settings.fictional_warning} compact /> : null}
        <p className="likes-card__date">
          <time dateTime={item.at}>{t(`card.${tab}`, { date: item.date })}</time>
        </p>
      </div>
      <div className="likes-card__like">
        <LikeButton profileId={item.id} name={item.name} state={{ liked: item.like.liked, match: item.like.match }} origin="likes" compact />
      </div>
    </article>
  )
}
