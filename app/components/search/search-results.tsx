import { Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { ProfileCard } from '~/modules/profiles/showcase.server.ts'
import type { LikeButtonState } from '~/components/likes/like-button.tsx'
import { MemberGrid } from './member-grid.tsx'

type Props = {
  members: ProfileCard[]
  total: { count: number; capped: boolean } | null
  nextSearch: string | null
  firstSearch: string | null
  similar: ProfileCard[]
  /** The viewer's like states (members only): cards get a like toggle. */
  likes?: Record<number, LikeButtonState>
}

/** One page of results, the pager (keyset: next and back to the first page) and similar members. */
export function SearchResults({ members, total, nextSearch, firstSearch, similar, likes }: Props) {
  const { t } = useTranslation('search')
  return (
    <>
      <section className="section search-results" aria-labelledby="search-results-title">
        <div className="search-results__head">
          <h2 id="search-results-title">{t('results.title')}</h2>
          {total ? (
            <p className="muted search-results__count" role="status">
              {total.capped ? t('results.countCapped', { limit: total.count }) : t('results.count', { count: total.count })}
            </p>
          ) : null}
        </div>
        {members.length === 0 ? <p className="muted">{t('results.none')}</p> : <MemberGrid members={members} labelledBy="search-results-title" likes={likes} eager={4} />}
        {nextSearch || firstSearch ? (
          <nav className="search-pager" aria-label={t('results.pagination')}>
            {firstSearch ? (
              <Link to={`/members${firstSearch}`} className="button button--ghost">
                {t('results.first')}
              </Link>
            ) : null}
            {nextSearch ? (
              <Link to={`/members${nextSearch}`} className="button button--primary" rel="next">
                {t('results.next')}
              </Link>
            ) : null}
          </nav>
        ) : null}
      </section>
      {similar.length > 0 ? (
        <section className="section search-similar" aria-labelledby="search-similar-title">
          <h2 id="search-similar-title">{t('results.similarTitle')}</h2>
          <p className="muted">{t('results.similarIntro')}</p>
          <MemberGrid members={similar} labelledBy="search-similar-title" likes={likes} />
        </section>
      ) : null}
    </>
  )
}
