import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { findRegion } from '~/modules/geo/regions.ts'
import { clientFetch } from '~/modules/http/client-fetch.ts'

export type LocatedPlace = { country: string; region: string | null }

/** What GET /api/geocode answers (app/routes/api.geocode.ts). */
type GeocodeBody = { country: string | null; region: string | null; in_site: boolean }

type Status =
  | { kind: 'idle' | 'locating' | 'denied' | 'unknown' | 'error' }
  | { kind: 'filled'; place: string }
  | { kind: 'outside'; country: string }

/** SPEC §9: geolocation cache 1 hour (a position up to an hour old is good enough). */
const POSITION_OPTIONS: PositionOptions = { enableHighAccuracy: false, timeout: 15_000, maximumAge: 3600_000 }

/**
 * "Use my location": asks the browser for the position, reverse-geocodes it with
 * /api/geocode and hands a country of this site (and its region) to `onLocated`. Renders
 * nothing without JavaScript or geolocation; the form's own fields always work.
 * Reusable by signup: `<UseMyLocation onLocated={({ country, region }) => ...} />`.
 */
export function UseMyLocation({ onLocated }: { onLocated: (place: LocatedPlace) => void }) {
  const { t } = useTranslation('profile')
  const { t: tc } = useTranslation()
  const [supported, setSupported] = useState(false)
  const [status, setStatus] = useState<Status>({ kind: 'idle' })

  useEffect(() => {
    setSupported('geolocation' in navigator)
  }, [])

  if (!supported) return null

  const locate = () => {
    setStatus({ kind: 'locating' })
    navigator.geolocation.getCurrentPosition(
      async (position) => {
        try {
          const { latitude, longitude } = position.coords
          const response = await clientFetch(`/api/geocode?lat=${latitude.toFixed(4)}&lon=${longitude.toFixed(4)}`)
          if (!response.ok) throw new Error(`geocode ${response.status}`)
          const body = (await response.json()) as GeocodeBody
          if (!body.country) return setStatus({ kind: 'unknown' })
          if (!body.in_site) return setStatus({ kind: 'outside', country: tc(`countries.${body.country}`) })
          onLocated({ country: body.country, region: body.region })
          const regionName = body.region ? findRegion(body.country, body.region)?.name : undefined
          setStatus({ kind: 'filled', place: [regionName, tc(`countries.${body.country}`)].filter(Boolean).join(', ') })
        } catch {
          setStatus({ kind: 'error' })
        }
      },
      (error) => setStatus({ kind: error.code === error.PERMISSION_DENIED ? 'denied' : 'error' }),
      POSITION_OPTIONS,
    )
  }

  const message =
    status.kind === 'idle'
      ? ''
      : status.kind === 'filled'
        ? t('location.filled', { place: status.place })
        : status.kind === 'outside'
          ? t('location.outside', { country: status.country })
          : t(`location.${status.kind}`)
  return (
    <div className="use-location">
      <button type="button" className="button button--ghost" onClick={locate} disabled={status.kind === 'locating'}>
        <span aria-hidden="true">📍</span> {t('location.use')}
      </button>
      <p className="field-hint use-location__status" role="status">
        {message}
      </p>
    </div>
  )
}
