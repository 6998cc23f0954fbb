import type { LanderProps } from '../define.ts'
import { Cta } from '../shared.tsx'

// /members/{id}/landing3: a chat bubble from the member waiting for a reply.
export default function MemberLanding3({ copy, member, signupHref }: LanderProps) {
  return (
    <div className="lander lander--memberlanding3 container section narrow">
      <h1>{copy.headline}</h1>
      <div className="chat-preview" data-member={member?.id}>
        {member?.thumb ? <img src={member.thumb} alt="" width={56} height={56} /> : null}
        <p className="chat-preview__bubble">{copy.message}</p>
      </div>
      <p className="hero__lead">{copy.lead}</p>
      <Cta href={signupHref}>{copy.cta}</Cta>
    </div>
  )
}
