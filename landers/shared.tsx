// Pieces the landers share. Rendered on the server only (registry.server.ts): a lander ships
// no component code to the browser, its calls to action are plain links to /signup that the
// page turns into the signup modal on desktop (app/components/signup/signup-link.tsx).
import type { ReactNode } from 'react'
import type { LanderMember, LanderProps } from './define.ts'

export function Cta({ href, children, ghost }: { href: string; children: ReactNode; ghost?: boolean }) {
  return (
    <a href={href} className={`button button--large ${ghost ? 'button--ghost' : 'button--primary'}`} data-signup="">
      {children}
    </a>
  )
}

export function Art({ svg, className }: { svg: string; className?: string }) {
  return <div className={`lander-art ${className ?? ''}`} aria-hidden="true" dangerouslySetInnerHTML={{ __html: svg }} />
}

export function MemberTile({ member, href, fictional }: { member: LanderMember; href: string; fictional: LanderProps['fictional'] }) {
  return (
    <a href={href} className="lander-member" data-signup="" data-member={member.id}>
      {member.thumb ? <img src={member.thumb} alt="" width={160} height={160} loading="lazy" /> : <span className="lander-member__empty" />}
      <span className="lander-member__name">
        {member.name}, {member.age}
      </span>
      <span className="lander-member__place">{member.place}</span>
      {member.fictional ? (
        <span className="lander-member__fictional" title={fictional.label}>
          {fictional.icon} {fictional.label}
        </span>
      ) : null}
    </a>
  )
}

export function MemberTiles({ members, href, fictional, className }: { members: readonly LanderMember[]; href: string; fictional: LanderProps['fictional']; className?: string }) {
  return (
    <ul className={`lander-members ${className ?? ''}`}>
      {members.map((m) => (
        <li key={m.id}>
          <MemberTile member={m} href={href} fictional={fictional} />
        </li>
      ))}
    </ul>
  )
}
