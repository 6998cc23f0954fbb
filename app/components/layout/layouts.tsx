import type { ReactNode } from 'react'
import { SiteFooter } from './site-footer.tsx'
import { TopNav } from './top-nav.tsx'
import { EntryWarning } from './entry-warning.tsx'
import { Warnings } from './warnings.tsx'
import { Logo } from './logo.tsx'
import { LikePopupHost } from '../likes/like-popup.tsx'
import { ToastHost } from './toast.tsx'
import { AppBackButton } from './app-back-button.tsx'
import { TimeBonus } from '~/components/payments/time-bonus.tsx'
import type { TimeBonusView } from '~/modules/payments/time-bonus.server.ts'

// The four layouts of SPEC §2. Alerts and the signup modal join the default layout as
// their issues land (accounts, notifications).

/** `bonus`: the welcome bonus, a notice of the notice area (its modal comes with it). */
export function DefaultLayout({ children, bonus = null }: { children: ReactNode; bonus?: TimeBonusView | null }) {
  return (
    <div className="layout layout--default">
      <ToastHost>
        <LikePopupHost>
          <TopNav />
          <Warnings bonus={bonus} />
          <AppBackButton />
          <main className="layout__main">{children}</main>
          <SiteFooter />
          <EntryWarning />
        </LikePopupHost>
      </ToastHost>
    </div>
  )
}

/** Full-height chat screen: navigation, no footer. */
export function ChatLayout({ children, bonus = null }: { children: ReactNode; bonus?: TimeBonusView | null }) {
  return (
    <div className="layout layout--chat">
      <LikePopupHost>
        <TopNav />
        {/* The conversation keeps the whole screen: the bonus only as its modal. */}
        {bonus ? <TimeBonus bonus={bonus} banner={false} /> : null}
        <main className="layout__main layout__main--fill">{children}</main>
        <EntryWarning layout="chat" />
      </LikePopupHost>
    </div>
  )
}

/** Landing pages: only a bar with the logo. */
export function LanderLayout({ children }: { children: ReactNode }) {
  return (
    <div className="layout layout--lander">
      <header className="logo-bar">
        <div className="container">
          <Logo />
        </div>
      </header>
      <main className="layout__main">{children}</main>
      <EntryWarning layout="lander" />
    </div>
  )
}

export function EmptyLayout({ children }: { children: ReactNode }) {
  return (
    <main className="layout layout--empty">
      {children}
      <EntryWarning layout="empty" />
    </main>
  )
}
