import { useNavigation } from '@remix-run/react'
import { useEffect, useState } from 'react'

// SPEC §9: the bar appears only for navigations slower than 200 ms and creeps towards
// the end over 5 s, so fast pages never flicker.
export const PROGRESS_THROTTLE_MS = 200
export const PROGRESS_DURATION_MS = 5_000

export function ProgressBar() {
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle'
  const [visible, setVisible] = useState(false)

  useEffect(() => {
    if (!busy) {
      setVisible(false)
      return
    }
    const timer = setTimeout(() => setVisible(true), PROGRESS_THROTTLE_MS)
    return () => clearTimeout(timer)
  }, [busy])

  return (
    <div
      className="progress-bar"
      role="progressbar"
      aria-hidden={!visible}
      data-visible={visible}
      style={{ ['--progress-duration' as string]: `${PROGRESS_DURATION_MS}ms` }}
    />
  )
}
