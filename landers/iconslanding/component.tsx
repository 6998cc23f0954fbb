import type { LanderProps } from '../define.ts'
import { Cta, MemberTiles } from '../shared.tsx'

const ICONS = ['👤', '🔍', '💬']

// How it works in three icons, then a row of members.
export default function IconsLanding({ copy, members, signupHref, fictional }: LanderProps) {
  return (
    <div className="lander lander--iconslanding container section">
      <h1>{copy.headline}</h1>
      <p className="hero__lead">{copy.lead}</p>
      <ol className="icon-steps">
        {[copy.step1, copy.step2, copy.step3].map((text, i) => (
          <li key={i}>
            <span className="icon-steps__icon" aria-hidden="true">{ICONS[i]}</span>
            {text}
          </li>
        ))}
      </ol>
      <Cta href={signupHref}>{copy.cta}</Cta>
      <MemberTiles members={members.slice(0, 4)} href={signupHref} fictional={fictional} />
    </div>
  )
}
