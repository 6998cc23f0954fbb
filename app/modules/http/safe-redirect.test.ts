import { describe, expect, it } from 'vitest'
import { safeRedirect } from './safe-redirect.ts'

const origin = 'https://flirtlokaal.nl'

describe('safeRedirect', () => {
  it('keeps paths of the site, normalised', () => {
    expect(safeRedirect('/likes', '/members', origin)).toBe('/likes')
    expect(safeRedirect('/members?page=2#top', '/members', origin)).toBe('/members?page=2#top')
    expect(safeRedirect('/a/../settings', '/members', origin)).toBe('/settings')
    expect(safeRedirect('/profiel/ü', '/members', origin)).toBe('/profiel/%C3%BC')
    // Typed literally, "%09" is part of a path on this site: the browser keeps it encoded.
    expect(safeRedirect('/%09/evil.example', '/members', origin)).toBe('/%09/evil.example')
  })

  it('refuses everything a browser would take elsewhere', () => {
    const foreign = [
      '/\t/evil.example', // what ?redirectTo=/%09/evil.example decodes to
      '/\n/evil.example',
      '/\r\n/evil.example',
      '//evil.example',
      '/\\evil.example',
      '\\/evil.example',
      '/a/..//evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      ' /members',
      '',
      'members',
      '/x\r\nSet-Cookie: a=b',
      `/${'a'.repeat(3000)}`,
    ]
    for (const target of foreign) expect(safeRedirect(target, '/members', origin), JSON.stringify(target)).toBe('/members')
    expect(safeRedirect(null)).toBe('/members')
    expect(safeRedirect(undefined, '')).toBe('')
  })

  it('never returns a value a Location header cannot carry', () => {
    for (const target of ['/ü€😀', '/\u0000', '/x y', '/"<>']) {
      const result = safeRedirect(target, '/members', origin)
      expect(result).toMatch(/^\/[\x21-\x7e]*$/)
      expect(result.startsWith('//')).toBe(false)
    }
  })
})
