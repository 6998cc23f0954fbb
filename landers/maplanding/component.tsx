import type { LanderProps } from '../define.ts'
import { Cta } from '../shared.tsx'

// A map with a pin per member (placed from the id: no location leaves the server), and the list.
export default function MapLanding({ copy, members, signupHref }: LanderProps) {
  return (
    <div className="lander lander--maplanding container section">
      <h1>{copy.headline}</h1>
      <p className="hero__lead">{copy.lead}</p>
      <div className="lander-map">
        {members.slice(0, 10).map((m) => (
          <a key={m.id} href={signupHref} data-signup="" data-member={m.id} className="lander-map__pin" style={{ left: `${10 + ((m.id * 37) % 80)}%`, top: `${10 + ((m.id * 53) % 75)}%` }}>
            {m.thumb ? <img src={m.thumb} alt="" width={40} height={40} /> : null}
            <span>{m.name}</span>
          </a>
        ))}
      </div>
      <p>
        <strong>{copy.nearby}:</strong> {members.slice(0, 5).map((m) => `${m.name} (${m.place})`).join(', ')}
      </p>
      <Cta href={signupHref}>{copy.cta}</Cta>
    </div>
  )
}
