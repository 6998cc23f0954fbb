import type { LanderProps } from '../define.ts'
import { Cta } from '../shared.tsx'

// One card on top of a stack, with like and next: both are the way in.
export default function TinderSwipe({ copy, members, signupHref, fictional }: LanderProps) {
  const [top, ...rest] = members
  return (
    <div className="lander lander--tinderswipe container section">
      <h1>{copy.headline}</h1>
      <p className="hero__lead">{copy.lead}</p>
      <div className="swipe-stack">
        {rest.slice(0, 2).map((m) => (
          <div key={m.id} className="swipe-stack__under" aria-hidden="true" />
        ))}
        {top ? (
          <article className="swipe-stack__card" data-member={top.id}>
            {top.thumb ? <img src={top.thumb} alt="" width={320} height={320} /> : null}
            <h2>
              {top.name}, {top.age}
            </h2>
            <p>{top.place}</p>
            {top.fictional ? <p className="lander-member__fictional">{fictional.icon} {fictional.label}</p> : null}
          </article>
        ) : null}
      </div>
      <div className="swipe-stack__buttons">
        <a href={signupHref} className="button button--ghost button--large" data-signup="">✕ {copy.skip}</a>
        <a href={signupHref} className="button button--primary button--large" data-signup="">♥ {copy.like}</a>
      </div>
      <p className="hero__actions">
        <Cta href={signupHref}>{copy.cta}</Cta>
      </p>
      <p className="muted">{copy.note}</p>
    </div>
  )
}
