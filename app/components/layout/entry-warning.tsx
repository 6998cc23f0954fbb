import { useLocation } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ENTRY_WARNING_COOKIE, ENTRY_WARNING_MAX_AGE_S, ENTRY_WARNING_SKIPPED_KEY, entryWarningAllowed } from '~/modules/site/entry-warning.ts'
import { isInstalledApp } from '~/modules/site/installed-app.ts'
import { useRootData } from '~/modules/site/use-root-data.ts'

const EXCLUDED_PATHS = ['/complete-signup', '/reset-password']

function remember() {
  const secure = window.location.protocol === 'https:' ? '; Secure' : ''
  document.cookie = `${ENTRY_WARNING_COOKIE}=1; Path=/; Max-Age=${ENTRY_WARNING_MAX_AGE_S}; SameSite=Lax${secure}`
  try {
    window.localStorage.setItem(ENTRY_WARNING_SKIPPED_KEY, String(Date.now()))
  } catch {
    // The cookie is enough.
  }
}

/**
 * The site-entry warning (SPEC §2): an adults-only notice, shown once. Rendered by the server
 * (issue 22) until its cookie says it was answered, so it is painted with the page, never
 * shifts it and is not the late largest paint after hydration. A plain form answers it
 * without JavaScript (/entry-warning sets the cookie and comes back); with JavaScript the
 * cookie is set here and the page stays.
 */
export function EntryWarning({ layout = 'default' }: { layout?: 'default' | 'chat' | 'lander' | 'empty' }) {
  const { settings, visitorCountry, member, entryWarningSeen } = useRootData()
  const { t } = useTranslation()
  const { pathname, search } = useLocation()
  const [answered, setAnswered] = useState(false)

  const allowed = entryWarningAllowed({
    enabled: settings.enable_site_entry_popup === 'yes',
    countries: settings.site_entry_popup_countries,
    visitorCountry,
    loggedIn: member !== null,
    layout,
    excludedPage: EXCLUDED_PATHS.some((p) => pathname.startsWith(p)),
  })

  // The installed app never asks; an answer kept only in storage (before the cookie) counts.
  useEffect(() => {
    if (!allowed || entryWarningSeen) return
    let skipped: string | null = null
    try {
      skipped = window.localStorage.getItem(ENTRY_WARNING_SKIPPED_KEY)
    } catch {
      // Storage blocked: the cookie decides.
    }
    if (skipped || isInstalledApp()) {
      remember()
      setAnswered(true)
    }
  }, [allowed, entryWarningSeen])

  if (!allowed || entryWarningSeen || answered) return null
  const enter = (event: React.MouseEvent) => {
    event.preventDefault()
    remember()
    setAnswered(true)
  }
  return (
    <div className="modal-backdrop entry-warning-backdrop">
      <div role="dialog" aria-modal="true" aria-labelledby="entry-warning-title" className="modal entry-warning">
        <h2 id="entry-warning-title">{t('entryWarning.title')}</h2>
        <p>{t('entryWarning.text', { siteName: settings.name, minimumAge: settings.minimum_age })}</p>
        <form method="post" action="/entry-warning" className="modal__actions">
          <input type="hidden" name="redirectTo" value={pathname + search} />
          <button type="submit" className="button button--primary" onClick={enter} autoFocus>
            {t('entryWarning.enter', { minimumAge: settings.minimum_age })}
          </button>
          <a className="button button--ghost" href="https://www.google.com/" rel="noreferrer">
            {t('entryWarning.leave')}
          </a>
        </form>
      </div>
    </div>
  )
}
