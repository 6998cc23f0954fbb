import type { LanderProps } from '../define.ts'
import { Cta } from '../shared.tsx'

// Member photos fading into one another (CSS only, no script, no video file); its copy
// never calls it a video.
export default function TransitionsVideoLanding({ copy, members, signupHref }: LanderProps) {
  const shown = members.filter((m) => m.thumb).slice(0, 5)
  return (
    <div className="lander lander--transitionsvideolanding container section">
      <div className="transitions" style={{ ['--slides' as string]: shown.length }}>
        {shown.map((m, i) => (
          <figure key={m.id} className="transitions__slide" style={{ animationDelay: `${i * 3}s` }} data-member={m.id}>
            <img src={m.thumb ?? ''} alt="" width={320} height={320} />
            <figcaption>{m.name}, {m.age}</figcaption>
          </figure>
        ))}
      </div>
      <h1>{copy.headline}</h1>
      <p className="hero__lead">{copy.lead}</p>
      <Cta href={signupHref}>{copy.cta}</Cta>
    </div>
  )
}
