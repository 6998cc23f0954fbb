import type { LanderProps } from '../define.ts'
import { Art, Cta, MemberTiles } from '../shared.tsx'

// A framed picture (the variant's) whose button is the way in. No video plays here, so
// nothing on the page calls itself one (issue #20): no play sign, no 'watch the video'.
export default function Video({ copy, members, signupHref, image, fictional }: LanderProps) {
  return (
    <div className="lander lander--video container section">
      <h1>{copy.headline}</h1>
      <div className="video-frame">
        <Art svg={image} />
        <a href={signupHref} className="video-frame__play" data-signup="">{copy.play}</a>
      </div>
      <p className="hero__lead">{copy.lead}</p>
      <Cta href={signupHref}>{copy.cta}</Cta>
      <MemberTiles members={members.slice(0, 4)} href={signupHref} fictional={fictional} />
    </div>
  )
}
