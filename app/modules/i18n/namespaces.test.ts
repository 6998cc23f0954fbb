// Every route names the namespaces its page needs (handle.i18n): the document carries only
// those (plus 'common'), so a forgotten one would render untranslated keys until the
// browser loaded it. This walks each route module's static imports and collects the
// namespaces of its useTranslation calls, then checks the route's handle covers them.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { CLIENT_NAMESPACES, namespacesFor } from './namespaces.ts'

const appDir = path.resolve(import.meta.dirname, '../..')

function resolveImport(from: string, spec: string): string | null {
  const base = spec.startsWith('~/') ? path.join(appDir, spec.slice(2)) : spec.startsWith('.') ? path.resolve(path.dirname(from), spec) : null
  if (!base) return null
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate
  }
  return null
}

/** Namespaces used by `file` and everything it imports statically (not lazily, not .server). */
export function usedNamespaces(file: string, seen = new Set<string>()): Set<string> {
  const used = new Set<string>()
  if (seen.has(file)) return used
  seen.add(file)
  const source = readFileSync(file, 'utf8')
  for (const call of source.matchAll(/useTranslation\(\s*(?:'([a-z]+)'|\[([^\]]*)\])?/g)) {
    if (call[1]) used.add(call[1])
    else if (call[2]) for (const ns of call[2].matchAll(/'([a-z]+)'/g)) used.add(ns[1]!)
    else used.add('common')
  }
  for (const statement of source.matchAll(/^(?:import|export)\s(?!type\s)[^;]*?from\s+'([^']+)'/gm)) {
    const spec = statement[1]!
    if (spec.includes('.server') || /\.(json|css)$/.test(spec) || spec.includes('?')) continue
    const target = resolveImport(file, spec)
    if (target) for (const ns of usedNamespaces(target, seen)) used.add(ns)
  }
  return used
}

const routesDir = path.join(appDir, 'routes')
const routeFiles = readdirSync(routesDir).filter((f) => /\.tsx?$/.test(f) && !f.includes('.test.'))

describe('route namespaces', () => {
  it.each(routeFiles)('%s names every namespace it uses in handle.i18n', async (file) => {
    const used = usedNamespaces(path.join(routesDir, file))
    const module = (await import(path.join(routesDir, file))) as { handle?: unknown }
    const declared = new Set(namespacesFor([module.handle]))
    const missing = [...used].filter((ns) => !declared.has(ns as never))
    expect(missing, `${file} uses ${[...used].join(', ')}`).toEqual([])
  })

  it('always sends common, in a stable order, and ignores unknown names', () => {
    expect(namespacesFor([])).toEqual(['common'])
    expect(namespacesFor([{ i18n: ['swipe', 'account'] }, undefined, { i18n: ['mail', 'nope', 'account'] }])).toEqual(['common', 'account', 'swipe'])
    expect(CLIENT_NAMESPACES).not.toContain('mail')
  })
})
