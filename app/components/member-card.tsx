import { useTranslation } from 'react-i18next'
import { FictionalLabel } from '~/components/profile/fictional-label.tsx'
import type { ProfileCard } from '~/modules/profiles/showcase.server.ts'
import { useRootData } from '~/modules/site/use-root-data.ts'

/**
 * A member in a grid. Fictional profiles always carry the site's label (icon + name).
 * `priority`: the card is above the fold, so its photo loads at once and first (LCP).
 */
export function MemberCard({ member, priority = false }: { member: ProfileCard; priority?: boolean }) {
  const { t } = useTranslation()
  const { settings } = useRootData()
  return (
    <article className="member-card" aria-label={member.name}>
      {member.thumb ? (
        <img
          className="member-card__photo"
          src={member.thumb}
          alt=""
          width={160}
          height={160}
          loading={priority ? 'eager' : 'lazy'}
          // React 18 knows no fetchPriority prop; the lowercase attribute passes through as is.
          {...{ fetchpriority: priority ? 'high' : 'auto' }}
        />
      ) : (
        <div className="member-card__photo member-card__photo--empty" aria-hidden="true" />
      )}
      <div className="member-card__body">
        <h3 className="member-card__name">
          {member.name}, {member.age}
        </h3>
        <p className="member-card__place">{member.city ?? t(`countries.${member.country}`)}</p>
        {member.fictional ? <FictionalLabel icon={settings.fictional_icon} label={settings.fictional_singular} warning={settings.fictional_warning} compact /> : null}
      </div>
    </article>
  )
}
