import type { LanderProps } from '../define.ts'
import { Cta } from '../shared.tsx'

// A timeline of posts by members; liking or replying is the way in.
export default function SocialNetwork({ copy, members, signupHref, fictional }: LanderProps) {
  return (
    <div className="lander lander--socialnetwork container section narrow">
      <h1>{copy.headline}</h1>
      <p className="hero__lead">{copy.lead}</p>
      <ol className="feed">
        {members.slice(0, 6).map((m) => (
          <li key={m.id} className="feed__post" data-member={m.id}>
            <header>
              {m.thumb ? <img src={m.thumb} alt="" width={48} height={48} /> : null}
              <strong>{m.name}, {m.age}</strong> <span className="muted">{m.place}</span>
              {m.fictional ? <span className="lander-member__fictional"> {fictional.icon} {fictional.label}</span> : null}
            </header>
            <p>{m.name} {copy.posted}</p>
            <footer>
              <a href={signupHref} data-signup="">♥ {copy.like}</a> · <a href={signupHref} data-signup="">{copy.reply}</a>
            </footer>
          </li>
        ))}
      </ol>
      <Cta href={signupHref}>{copy.cta}</Cta>
    </div>
  )
}
