import { useCountdown } from '~/components/swipe/countdown.tsx'

/** 14399 -> "3:59:59" (SPEC §4: the time bonus counts down as hours:minutes:seconds). */
export function formatCountdown(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds))
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${Math.floor(s / 3600)}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`
}

/** A live h:mm:ss from the server's seconds; `onDone` once at zero (the offer is then gone). */
export function Countdown({ seconds, onDone }: { seconds: number; onDone?: () => void }) {
  const left = useCountdown(seconds, onDone)
  return (
    <time dateTime={`PT${left}S`} data-testid="countdown">
      {formatCountdown(left)}
    </time>
  )
}
