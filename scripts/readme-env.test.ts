// The README's configuration table and the env schema name the same variables: a variable
// added to one and not the other fails here.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ENV_NAMES } from '../app/modules/config/env.server.ts'

function readmeVariables(): Set<string> {
  const readme = readFileSync('README.md', 'utf8')
  const start = readme.indexOf('## Configuration')
  const end = readme.indexOf('\n## ', start + 1)
  const names = new Set<string>()
  for (const line of readme.slice(start, end).split('\n')) {
    if (!line.startsWith('| `')) continue
    const first = line.split('|')[1] ?? ''
    for (const match of first.matchAll(/`([A-Z][A-Z0-9_]*)`/g)) names.add(match[1]!)
  }
  return names
}

describe('README configuration table', () => {
  it('documents every variable of the env schema, and no other', () => {
    const documented = readmeVariables()
    const schema = new Set(ENV_NAMES)
    expect([...schema].filter((name) => !documented.has(name)).sort()).toEqual([])
    expect([...documented].filter((name) => !schema.has(name)).sort()).toEqual([])
  })
})
