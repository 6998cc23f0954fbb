import type { LanderProps } from '../define.ts'
import { Cta, MemberTiles } from '../shared.tsx'

// /members/{id}/landing2: the member beside others like them.
export default function MemberLanding2({ copy, member, members, signupHref, fictional }: LanderProps) {
  return (
    <div className="lander lander--memberlanding2 container section">
      <div className="lander-split">
        {member?.thumb ? <img className="lander-featured" src={member.thumb} alt="" width={320} height={320} data-member={member.id} /> : null}
        <div>
          <h1>{copy.headline}</h1>
          <p className="hero__lead">{copy.lead}</p>
          <Cta href={signupHref}>{copy.cta}</Cta>
        </div>
      </div>
      <h2>{copy.othersTitle}</h2>
      <MemberTiles members={members.filter((m) => m.id !== member?.id).slice(0, 6)} href={signupHref} fictional={fictional} />
    </div>
  )
}
