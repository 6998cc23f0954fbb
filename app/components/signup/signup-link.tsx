import { Link, useLocation } from '@remix-run/react'
import { lazy, Suspense, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { trackingSearch } from '~/modules/accounts/tracking-params.ts'
import { useRootData } from '~/modules/site/use-root-data.ts'
import signupCss from '~/styles/signup.css?url'

// The modal (the wizard, its validation and its catalogues) loads when a visitor shows
// intent (pointer, touch or keyboard focus on the link), not with the page.
const loadModal = () => import('./signup-modal.tsx')
const SignupModal = lazy(async () => ({ default: (await loadModal()).SignupModal }))
const prefetchModal = () => void loadModal()

/** SPEC §9: from this width on, signup opens as a modal; below it, /signup is a page. */
export const SIGNUP_MODAL_MEDIA = '(min-width: 768px)'

/**
 * A call to action to /signup that keeps the page's traffic source (network, ref, sub1-3).
 * With JavaScript on a desktop-wide viewport it opens the signup modal instead.
 */
export function SignupLink({ className, children }: { className?: string; children: ReactNode }) {
  const { canSignUp } = useRootData()
  const { t } = useTranslation()
  const { pathname, search } = useLocation()
  const carried = trackingSearch(search)
  const [open, setOpen] = useState(false)
  const onClick = (event: React.MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    // Phones get the page; on /signup itself the page is already there.
    if (pathname === '/signup' || !window.matchMedia(SIGNUP_MODAL_MEDIA).matches) return
    event.preventDefault()
    setOpen(true)
  }
  // An invite-only site without a traffic source (SPEC §6) does not invite to a page that
  // refuses: its call to action logs in instead (issue 22).
  if (!canSignUp) {
    return (
      <Link to="/login" className={className}>
        {t('nav.login')}
      </Link>
    )
  }
  return (
    <>
      {/* The modal's styles travel with it (pages that show the link do not know about them):
          fetched early, but not render-blocking until the modal opens (first paint, #16). */}
      <link rel="prefetch" as="style" href={signupCss} />
      <Link to={`/signup${carried}`} className={className} onClick={onClick} onPointerEnter={prefetchModal} onTouchStart={prefetchModal} onFocus={prefetchModal}>
        {children}
      </Link>
      {open ? (
        <>
          <link rel="stylesheet" href={signupCss} />
          <Suspense fallback={null}>
            <SignupModal search={carried} onClose={() => setOpen(false)} />
          </Suspense>
        </>
      ) : null}
    </>
  )
}

/**
 * Server-rendered markup (a lander) whose `a[data-signup]` links to /signup open the signup
 * modal on desktop-wide viewports, like SignupLink; phones and no-JavaScript follow the link.
 */
export function SignupDelegate({ children }: { children: ReactNode }) {
  const [search, setSearch] = useState<string | null>(null)
  const linkOf = (event: React.SyntheticEvent) => (event.target as Element).closest?.('a[data-signup]') as HTMLAnchorElement | null
  const onClick = (event: React.MouseEvent<HTMLDivElement>) => {
    const link = linkOf(event)
    if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    if (!window.matchMedia(SIGNUP_MODAL_MEDIA).matches) return
    event.preventDefault()
    setSearch(trackingSearch(new URL(link.href).search))
  }
  const onIntent = (event: React.SyntheticEvent) => {
    if (linkOf(event)) prefetchModal()
  }
  return (
    // The links inside are the controls (keyboard included); this only catches their clicks.
    <div onClick={onClick} onPointerOver={onIntent} onTouchStart={onIntent} onFocus={onIntent}>
      <link rel="stylesheet" href={signupCss} />
      {children}
      {search !== null ? (
        <Suspense fallback={null}>
          <SignupModal search={search} onClose={() => setSearch(null)} />
        </Suspense>
      ) : null}
    </div>
  )
}
