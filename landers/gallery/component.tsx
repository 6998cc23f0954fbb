import type { LanderProps } from '../define.ts'
import { Art, Cta, MemberTiles } from '../shared.tsx'

// A photo gallery of the pool's members with their names as captions.
export default function Gallery({ copy, members, signupHref, image, fictional }: LanderProps) {
  return (
    <div className="lander lander--gallery container section">
      <header className="lander-split">
        <div>
          <h1>{copy.headline}</h1>
          <p className="hero__lead">{copy.lead}</p>
        </div>
        <Art svg={image} className="lander-art--small" />
      </header>
      <MemberTiles members={members} href={signupHref} fictional={fictional} className="lander-members--gallery" />
      <p className="hero__actions">
        <Cta href={signupHref}>{copy.cta}</Cta>
      </p>
    </div>
  )
}
