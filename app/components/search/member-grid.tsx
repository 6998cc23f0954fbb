import { Link } from '@remix-run/react'
import { MemberCard } from '~/components/member-card.tsx'
import type { ProfileCard } from '~/modules/profiles/showcase.server.ts'

/** Search results as cards, each opening the member's profile. */
export function MemberGrid({ members, labelledBy }: { members: ProfileCard[]; labelledBy?: string }) {
  return (
    <ul className="card-grid search-grid" aria-labelledby={labelledBy}>
      {members.map((member) => (
        <li key={member.id}>
          <Link to={`/members/${member.id}`} className="search-grid__link">
            <MemberCard member={member} />
          </Link>
        </li>
      ))}
    </ul>
  )
}
