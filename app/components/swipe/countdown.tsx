import { useEffect, useRef, useState } from 'react'

/** 5025 -> "01:23:45" (SPEC §4 countdowns: hours:minutes:seconds). */
export function formatHms(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds))
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`
}

/**
 * Seconds left, counted down once a second in the browser from the server's figure (so a
 * wrong clock on the phone does not matter); calls onDone once at zero.
 */
export function useCountdown(seconds: number, onDone?: () => void): number {
  const [left, setLeft] = useState(seconds)
  const done = useRef(onDone)
  done.current = onDone
  useEffect(() => {
    const start = Date.now()
    setLeft(seconds)
    let fired = false
    const timer = setInterval(() => {
      const now = Math.max(0, seconds - Math.floor((Date.now() - start) / 1000))
      setLeft(now)
      if (now === 0 && !fired) {
        fired = true
        clearInterval(timer)
        done.current?.()
      }
    }, 1000)
    return () => clearInterval(timer)
  }, [seconds])
  return left
}
