// The bare Remix app of `npm run bench`: one root and one route, no data, no context. What
// the framework alone costs per request on this machine, served by the same Express stack.
import { Links, Meta, Outlet, Scripts } from '@remix-run/react'
import type { ReactNode } from 'react'

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <Scripts />
      </body>
    </html>
  )
}

export default function App() {
  return <Outlet />
}
