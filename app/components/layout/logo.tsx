import { Link } from '@remix-run/react'
import { useRootData } from '~/modules/site/use-root-data.ts'

/** The theme's mark plus the site's name; links to index (to members once logged in, #3). */
export function Logo({ to = '/' }: { to?: string }) {
  const { logoMark, settings } = useRootData()
  return (
    <Link to={to} className="logo" aria-label={settings.name}>
      <span className="logo__mark" dangerouslySetInnerHTML={{ __html: logoMark }} />
      <span className="logo__name">{settings.name}</span>
    </Link>
  )
}
