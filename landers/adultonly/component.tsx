import type { LanderProps } from '../define.ts'
import { Art, Cta, MemberTiles } from '../shared.tsx'

// An age question first: the confirmation is the call to action, the members come below.
export default function AdultOnly({ copy, members, signupHref, image, fictional }: LanderProps) {
  return (
    <div className="lander lander--adultonly">
      <section className="container section lander-gate">
        <span className="lander-gate__badge">18+</span>
        <h1>{copy.headline}</h1>
        <p className="hero__lead">{copy.lead}</p>
        <div className="hero__actions">
          <Cta href={signupHref}>{copy.cta}</Cta>
          <a href="https://www.google.com/" className="button button--ghost button--large" rel="noreferrer">
            {copy.leave}
          </a>
        </div>
        <p className="muted">{copy.note}</p>
      </section>
      <section className="container section">
        <Art svg={image} />
        <h2>{copy.membersTitle}</h2>
        <MemberTiles members={members.slice(0, 8)} href={signupHref} fictional={fictional} className="lander-members--blurred" />
      </section>
    </div>
  )
}
