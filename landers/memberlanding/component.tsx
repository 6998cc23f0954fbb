import type { LanderProps } from '../define.ts'
import { Art, Cta } from '../shared.tsx'

// /members/{id}/landing: one member, large, and a message to them as the way in.
export default function MemberLanding({ copy, member, signupHref, image, fictional }: LanderProps) {
  return (
    <div className="lander lander--memberlanding container section narrow">
      {member?.thumb ? <img className="lander-featured" src={member.thumb} alt="" width={320} height={320} data-member={member.id} /> : <Art svg={image} />}
      <h1>{copy.headline}</h1>
      {member ? <p>{member.age} · {member.place}{member.fictional ? ` · ${fictional.icon} ${fictional.label}` : ''}</p> : null}
      <p className="hero__lead">{copy.lead}</p>
      <Cta href={signupHref}>{copy.cta}</Cta>
    </div>
  )
}
