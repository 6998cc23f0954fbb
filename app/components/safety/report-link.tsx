import { Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'

/** Below a profile (decision 053): to the report page for this member. */
export function ReportLink({ profileId, name }: { profileId: number; name: string }) {
  const { t } = useTranslation('profile')
  return (
    <p className="member-profile__report">
      <Link to={`/members/${profileId}/report`} data-testid="report-profile">
        {t('report.link', { name })}
      </Link>
    </p>
  )
}
