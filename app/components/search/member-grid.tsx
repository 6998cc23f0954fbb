import { Link } from '@remix-run/react'
import { LikeButton, type LikeButtonState } from '~/components/likes/like-button.tsx'
import { MemberCard } from '~/components/member-card.tsx'
import type { LikeOriginName } from '~/modules/likes/like-request.ts'
import type { ProfileCard } from '~/modules/profiles/showcase.server.ts'

const NOT_LIKED: LikeButtonState = { liked: false, match: false }

/**
 * Members as cards, each opening the member's profile. With `likes` (a logged-in viewer),
 * each card also has a like toggle beside the link (never inside it).
 */
export function MemberGrid({
  members,
  labelledBy,
  likes,
  likeOrigin = 'search',
  eager = 0,
}: {
  members: ProfileCard[]
  labelledBy?: string
  likes?: Record<number, LikeButtonState>
  likeOrigin?: LikeOriginName
  /** How many leading cards are above the fold: their photos load at once, with high priority. */
  eager?: number
}) {
  return (
    <ul className="card-grid search-grid" aria-labelledby={labelledBy}>
      {members.map((member, i) => (
        <li key={member.id} className="search-grid__item">
          <Link to={`/members/${member.id}`} className="search-grid__link">
            <MemberCard member={member} priority={i < eager} />
          </Link>
          {likes ? (
            <div className="search-grid__like">
              <LikeButton profileId={member.id} name={member.name} state={likes[member.id] ?? NOT_LIKED} origin={likeOrigin} compact />
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  )
}
