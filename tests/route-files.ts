// Every route file of app/routes as a URL a client can call, so tests that must cover
// "every form action and API route" pick up new routes by themselves.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

export type RouteFile = { file: string; path: string; hasAction: boolean; hasLoader: boolean; source: string }

const ROUTES_DIR = path.resolve('app/routes')

/** Splits Remix flat-route file names on dots outside [brackets]. */
function segments(name: string): string[] {
  const parts: string[] = []
  let current = ''
  let escaped = false
  for (const char of name) {
    if (char === '[') escaped = true
    else if (char === ']') escaped = false
    else if (char === '.' && !escaped) {
      parts.push(current)
      current = ''
      continue
    }
    current += char
  }
  parts.push(current)
  return parts
}

/** The URL for a route file, with `params` filling dynamic segments ($id, $type, $ splat). */
export function routePath(file: string, params: Record<string, string>): string | null {
  const base = file.replace(/\.(tsx|ts)$/, '')
  const out: string[] = []
  for (const raw of segments(base)) {
    if (raw === '_index') continue
    // A leading underscore (outside brackets) is a pathless layout.
    if (raw.startsWith('_')) continue
    const segment = raw.replace(/_$/, '').replace(/\[([^\]]*)\]/g, '$1')
    if (segment === '$') out.push(params['*'] ?? 'anything')
    else if (segment.startsWith('$')) out.push(params[segment.slice(1)] ?? '1')
    else out.push(segment)
  }
  // A pathless layout file on its own (_default.tsx) has no URL.
  if (out.length === 0 && !base.endsWith('_index') && segments(base).every((s) => s.startsWith('_'))) return null
  return `/${out.join('/')}`
}

export function routeFiles(params: Record<string, string> = {}): RouteFile[] {
  return readdirSync(ROUTES_DIR)
    .filter((f) => /\.(tsx|ts)$/.test(f) && !f.includes('.test.'))
    .flatMap((file) => {
      const url = routePath(file, params)
      if (url === null) return []
      const source = readFileSync(path.join(ROUTES_DIR, file), 'utf8')
      return [{ file, path: url, source, hasAction: /export (async )?function action|export const action/.test(source), hasLoader: /export (async )?function loader|export const loader/.test(source) }]
    })
}

/** Field names the app's forms use (Conform `fields.x`, `name="x"`), for repeated-field bodies. */
export function formFieldNames(): string[] {
  const names = new Set<string>(['intent', 'redirectTo'])
  for (const dir of ['app/routes', 'app/components']) {
    for (const file of readdirSync(path.resolve(dir), { recursive: true }) as string[]) {
      if (!/\.tsx?$/.test(file)) continue
      const source = readFileSync(path.resolve(dir, file), 'utf8')
      for (const m of source.matchAll(/fields\.(\w+)/g)) names.add(m[1]!)
      for (const m of source.matchAll(/name="(\w+)"/g)) names.add(m[1]!)
    }
  }
  return [...names].sort()
}

/** Every value a form sends as `intent`. */
export function intentValues(): string[] {
  const values = new Set<string>()
  for (const dir of ['app/routes', 'app/components', 'app/modules']) {
    for (const file of readdirSync(path.resolve(dir), { recursive: true }) as string[]) {
      if (!/\.tsx?$/.test(file) || file.includes('.test.')) continue
      const source = readFileSync(path.resolve(dir, file), 'utf8')
      for (const m of source.matchAll(/name="intent" value="([\w-]+)"/g)) values.add(m[1]!)
      for (const m of source.matchAll(/\bintent="([\w-]+)"/g)) values.add(m[1]!)
      for (const m of source.matchAll(/INTENTS\s*=\s*\[([^\]]*)\]/g)) for (const v of m[1]!.matchAll(/'([\w-]+)'/g)) values.add(v[1]!)
    }
  }
  return [...values].sort()
}
