import type { LanderProps } from '../define.ts'
import { Cta } from '../shared.tsx'

// A dark night page: a list of members who are online, each a way in.
export default function AloneTonight({ copy, members, signupHref, fictional }: LanderProps) {
  return (
    <div className="lander lander--alonetonight">
      <section className="container section">
        <h1>{copy.headline}</h1>
        <p className="hero__lead">{copy.lead}</p>
        <ul className="online-list">
          {members.slice(0, 8).map((m) => (
            <li key={m.id}>
              <a href={signupHref} data-signup="" data-member={m.id} className="online-list__item">
                {m.thumb ? <img src={m.thumb} alt="" width={56} height={56} /> : <span className="lander-member__empty" />}
                <span>
                  <strong>{m.name}, {m.age}</strong> · {m.place}
                  {m.fictional ? ` · ${fictional.icon} ${fictional.label}` : ''}
                </span>
                <span className="online-list__dot">{copy.online}</span>
              </a>
            </li>
          ))}
        </ul>
        <Cta href={signupHref}>{copy.cta}</Cta>
        <p className="muted">{copy.note}</p>
      </section>
    </div>
  )
}
