// The live cam strip (SPEC §1): cards labelled 'live now' or 'featured', each a link to the
// profile. Rendered on the home and members pages of sites that enable live cams.
import { Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { MemberCard } from '~/components/member-card.tsx'
import type { LiveCam } from '~/modules/profiles/live-cams.server.ts'

export function LiveCams({ cams }: { cams: LiveCam[] }) {
  const { t } = useTranslation()
  if (cams.length === 0) return null
  return (
    <section className="live-cams" aria-labelledby="live-cams-title">
      <h2 id="live-cams-title">{t('liveCams.title')}</h2>
      <ul className="card-grid live-cams__grid">
        {cams.map((cam) => (
          <li key={cam.id} className="live-cams__item" data-live={cam.live ? 'true' : 'false'}>
            <Link to={`/members/${cam.id}`} className="member-card__link">
              <span className={cam.live ? 'live-cams__badge live-cams__badge--live' : 'live-cams__badge'}>{cam.live ? t('liveCams.live') : t('liveCams.featured')}</span>
              <MemberCard member={cam} />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}
