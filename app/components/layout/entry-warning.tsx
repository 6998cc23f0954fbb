import { useLocation } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ENTRY_WARNING_SKIPPED_KEY, entryWarningAllowed } from '~/modules/site/entry-warning.ts'
import { isInstalledApp } from '~/modules/site/installed-app.ts'
import { useRootData } from '~/modules/site/use-root-data.ts'

const EXCLUDED_PATHS = ['/complete-signup', '/reset-password']

/** The site-entry warning (SPEC §2): an adults-only notice, shown once. */
export function EntryWarning({ layout = 'default' }: { layout?: 'default' | 'chat' | 'lander' | 'empty' }) {
  const { settings, visitorCountry, member } = useRootData()
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const dialog = useRef<HTMLDialogElement>(null)
  const [open, setOpen] = useState(false)

  const allowed = entryWarningAllowed({
    enabled: settings.enable_site_entry_popup === 'yes',
    countries: settings.site_entry_popup_countries,
    visitorCountry,
    loggedIn: member !== null,
    layout,
    excludedPage: EXCLUDED_PATHS.some((p) => pathname.startsWith(p)),
  })

  useEffect(() => {
    if (!allowed) return
    const installedApp = isInstalledApp()
    let skipped: string | null = null
    try {
      skipped = window.localStorage.getItem(ENTRY_WARNING_SKIPPED_KEY)
    } catch {
      // Storage blocked: show the warning, it just will not be remembered.
    }
    if (!installedApp && !skipped) setOpen(true)
  }, [allowed])

  useEffect(() => {
    if (open && dialog.current && !dialog.current.open) dialog.current.showModal()
  }, [open])

  if (!open) return null
  const enter = () => {
    try {
      window.localStorage.setItem(ENTRY_WARNING_SKIPPED_KEY, String(Date.now()))
    } catch {
      // Nothing to remember it in.
    }
    dialog.current?.close()
    setOpen(false)
  }
  return (
    <dialog ref={dialog} className="modal entry-warning" aria-labelledby="entry-warning-title" onCancel={(e) => e.preventDefault()}>
      <h2 id="entry-warning-title">{t('entryWarning.title')}</h2>
      <p>{t('entryWarning.text', { siteName: settings.name, minimumAge: settings.minimum_age })}</p>
      <div className="modal__actions">
        <button type="button" className="button button--primary" onClick={enter} autoFocus>
          {t('entryWarning.enter', { minimumAge: settings.minimum_age })}
        </button>
        <a className="button button--ghost" href="https://www.google.com/" rel="noreferrer">
          {t('entryWarning.leave')}
        </a>
      </div>
    </dialog>
  )
}
