import type { LanderProps } from '../define.ts'
import { Art, Cta, MemberTiles } from '../shared.tsx'

// Casual dating: three promises beside the picture, then who is looking.
export default function WhoNeedsStrings({ copy, members, signupHref, image, fictional }: LanderProps) {
  return (
    <div className="lander lander--whoneedsstrings">
      <section className="container section lander-split">
        <div>
          <h1>{copy.headline}</h1>
          <p className="hero__lead">{copy.lead}</p>
          <ul className="lander-points">
            <li>{copy.point1}</li>
            <li>{copy.point2}</li>
            <li>{copy.point3}</li>
          </ul>
          <Cta href={signupHref}>{copy.cta}</Cta>
        </div>
        <Art svg={image} />
      </section>
      <section className="container section">
        <h2>{copy.membersTitle}</h2>
        <MemberTiles members={members.slice(0, 6)} href={signupHref} fictional={fictional} />
      </section>
    </div>
  )
}
