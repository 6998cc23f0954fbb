// Issue 22: every catalogue string of every locale, rendered with its placeholders filled,
// reads as a whole sentence: no leftover braces, no placeholder glued to a word, and no
// call site that builds a sentence around an empty interpolation ("… left" + a countdown).
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { createInstance } from 'i18next'
import { describe, expect, it } from 'vitest'
import { LOCALES } from '../../../tenants/schema.ts'
import { NAMESPACES, RESOURCES } from './resources.ts'

type Leaf = { key: string; value: string }

function leaves(value: unknown, prefix = ''): Leaf[] {
  if (typeof value === 'string') return [{ key: prefix, value }]
  if (Array.isArray(value)) return value.flatMap((v, i) => leaves(v, `${prefix}.${i}`))
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k))
  return []
}

const PLURAL = /_(zero|one|two|few|many|other)$/
const placeholderNames = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)/g)].map((m) => m[1]!)
// A placeholder directly against a letter ("left{{time}}", "{{name}}s"): the text was built
// around the value instead of being one sentence.
const GLUED = /\p{L}\{\{|\}\}\p{L}/u

describe.each(LOCALES)('%s catalogues render as whole sentences', (locale) => {
  const i18n = createInstance()
  void i18n.init({ lng: locale, fallbackLng: false, resources: { [locale]: RESOURCES[locale] }, ns: [...NAMESPACES], initImmediate: false, interpolation: { escapeValue: false } })

  it.each(NAMESPACES)('%s', (ns) => {
    const problems: string[] = []
    for (const leaf of leaves(RESOURCES[locale][ns])) {
      if (GLUED.test(leaf.value)) problems.push(`${ns}:${leaf.key} glues a placeholder to a word: ${leaf.value}`)
      const values: Record<string, unknown> = { count: 3 }
      for (const name of placeholderNames(leaf.value)) if (name !== 'count') values[name] = `«${name}»`
      const key = leaf.key.replace(PLURAL, '')
      const rendered = leaf.value.includes('{{') ? i18n.t(`${ns}:${key}`, values) : leaf.value
      if (typeof rendered !== 'string' || rendered.trim() === '') problems.push(`${ns}:${leaf.key} renders empty`)
      else if (/\{\{|\}\}/.test(rendered)) problems.push(`${ns}:${leaf.key} keeps braces: ${rendered}`)
    }
    expect(problems).toEqual([])
  })
})

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name)
    if (name === 'generated' || name === 'locales') return []
    if (statSync(file).isDirectory()) return sourceFiles(file)
    return /\.tsx?$/.test(name) && !name.endsWith('.test.ts') ? [file] : []
  })
}

describe('call sites', () => {
  it('never fill a placeholder with an empty string to put something else beside the sentence', () => {
    const offenders: string[] = []
    for (const file of sourceFiles(path.resolve('app'))) {
      const text = readFileSync(file, 'utf8')
      for (const match of text.matchAll(/\bt\(\s*['`][^'`]+['`]\s*,\s*\{[^}]*:\s*''[^}]*\}/g)) offenders.push(`${path.relative(process.cwd(), file)}: ${match[0]}`)
    }
    expect(offenders).toEqual([])
  })
})
