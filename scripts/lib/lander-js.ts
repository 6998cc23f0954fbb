// The JavaScript a lander page loads, gzipped, from the production build's Remix manifest:
// the entry, root, the lander layout and the lander route with their imports. Landers
// render on the server, so every lander ships the same code (none of its own).
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

type RemixManifest = { entry: { module: string; imports?: string[] }; routes: Record<string, { module: string; imports?: string[] }> }

const LANDER_ROUTES = ['root', 'routes/_lander', 'routes/_lander.landers.$name.($slug)']
const MEMBER_ROUTES = ['root', 'routes/_lander', 'routes/_lander.members.$id.landing']

export function landerJsBytes(buildDir = 'build/client'): { lander: number; member: number } | null {
  const assets = path.join(buildDir, 'assets')
  if (!existsSync(assets)) return null
  const file = readdirSync(assets).find((f) => /^manifest-.*\.js$/.test(f))
  if (!file) return null
  const text = readFileSync(path.join(assets, file), 'utf8')
  const manifest = JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1)) as RemixManifest
  const size = (routes: string[]) => {
    const files = new Set<string>([manifest.entry.module, ...(manifest.entry.imports ?? [])])
    for (const id of routes) {
      const route = manifest.routes[id]
      if (!route) continue
      files.add(route.module)
      for (const i of route.imports ?? []) files.add(i)
    }
    let total = 0
    for (const f of files) total += gzipSync(readFileSync(path.join(buildDir, f))).length
    return total
  }
  return { lander: size(LANDER_ROUTES), member: size(MEMBER_ROUTES) }
}
