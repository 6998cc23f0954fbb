// One Remix build, two faces (decision 023). The operator console's routes live in
// app/routes/console*.tsx; on the console host (OPERATOR_HOST) Remix gets a build that has
// only the root and those routes, with the `console` layout made pathless, so the console
// answers /login, /inbox, ... at its own origin. Member sites get the build without them:
// no console page, and no path under /console, exists on a member host. Lazy route
// discovery (v3_lazyRouteDiscovery) sends the browser only the manifest of the build that
// served it, so client-side navigation stays within the face too.
import type { ServerBuild } from '@remix-run/node'

export type Face = 'member' | 'console'

export const CONSOLE_LAYOUT_ID = 'routes/console'

export const isConsoleRoute = (id: string) => id === CONSOLE_LAYOUT_ID || id.startsWith(`${CONSOLE_LAYOUT_ID}.`) || id.startsWith(`${CONSOLE_LAYOUT_ID}_`)

type Route = { id: string; path?: string; parentId?: string }

function pick<T extends Route>(routes: Record<string, T | undefined>, face: Face): Record<string, T> {
  const out: Record<string, T> = {}
  for (const [id, route] of Object.entries(routes)) {
    if (!route) continue
    const inConsole = isConsoleRoute(id)
    if (id === 'root') out[id] = route
    else if (face === 'console' && inConsole) out[id] = id === CONSOLE_LAYOUT_ID ? { ...route, path: undefined } : route
    else if (face === 'member' && !inConsole) out[id] = route
  }
  return out
}

const cache = new WeakMap<ServerBuild, Record<Face, ServerBuild>>()

/** The build a host of `face` is served from (made once per build). */
export function faceBuild(build: ServerBuild, face: Face): ServerBuild {
  let faces = cache.get(build)
  if (!faces) {
    const make = (f: Face): ServerBuild => ({ ...build, routes: pick(build.routes, f), assets: { ...build.assets, routes: pick(build.assets.routes, f) } })
    faces = { member: make('member'), console: make('console') }
    cache.set(build, faces)
  }
  return faces[face]
}
