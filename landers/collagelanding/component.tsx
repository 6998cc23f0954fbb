import type { LanderProps } from '../define.ts'
import { Cta } from '../shared.tsx'

// The members' photos fill the screen as a collage; the message sits on top.
export default function CollageLanding({ copy, members, signupHref }: LanderProps) {
  return (
    <div className="lander lander--collagelanding">
      <div className="collage" aria-hidden="true">
        {members.map((m) => (m.thumb ? <img key={m.id} src={m.thumb} alt="" width={160} height={160} data-member={m.id} /> : null))}
      </div>
      <section className="collage__overlay">
        <h1>{copy.headline}</h1>
        <p className="hero__lead">{copy.lead}</p>
        <Cta href={signupHref}>{copy.cta}</Cta>
      </section>
    </div>
  )
}
