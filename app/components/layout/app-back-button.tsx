// The installed app has no browser back button: SPEC §2 gives some pages one of their own,
// shown only when there is a page of this app to go back to.
import { useLocation, useNavigate } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { hasBackButton, isInstalledApp } from '~/modules/site/installed-app.ts'

export function AppBackButton() {
  const { pathname } = useLocation()
  const navigate = useNavigate()
  const { t } = useTranslation()
  const [shown, setShown] = useState(false)
  useEffect(() => {
    // React Router counts this tab's entries (history.state.idx): above 0, one exists before.
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0
    setShown(isInstalledApp() && hasBackButton(pathname) && idx > 0)
  }, [pathname])
  if (!shown) return null
  return (
    <div className="container app-back">
      <button type="button" className="button button--ghost app-back__button" onClick={() => navigate(-1)}>
        <span aria-hidden="true">←</span> {t('appBack')}
      </button>
    </div>
  )
}

/** Marks the document while in the app, for the app's footer (styles/app.css). */
export function InstalledAppMarker() {
  useEffect(() => {
    if (isInstalledApp()) document.documentElement.classList.add('installed-app')
  }, [])
  return null
}
