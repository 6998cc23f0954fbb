import { mkdtemp, readdir, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { REGIONS } from '../../app/modules/geo/regions.ts'
import { localMediaStorage } from '../../app/modules/media/storage.server.ts'
import { avatarSvg, writeAvatar } from './avatars.ts'
import { ABOUT_FRAGMENTS, CITIES, FIRST_NAMES, createRng, hashString, mulberry32 } from './seed-data.ts'
import { demoProfile, emailLocalPart, tenantIndices } from './seed.ts'

describe('PRNG', () => {
  it('is deterministic per seed', () => {
    const a = createRng('pool:1')
    const b = createRng('pool:1')
    const seqA = Array.from({ length: 50 }, () => a.next())
    const seqB = Array.from({ length: 50 }, () => b.next())
    expect(seqA).toEqual(seqB)
    const c = createRng('pool:2')
    expect(Array.from({ length: 50 }, () => c.next())).not.toEqual(seqA)
  })

  it('yields floats in [0, 1) and spread-out integers', () => {
    const next = mulberry32(hashString('spread'))
    const buckets = new Array<number>(10).fill(0)
    for (let i = 0; i < 10_000; i++) {
      const x = next()
      expect(x).toBeGreaterThanOrEqual(0)
      expect(x).toBeLessThan(1)
      buckets[Math.floor(x * 10)]!++
    }
    for (const n of buckets) expect(n).toBeGreaterThan(800)
    const rng = createRng('ints')
    for (let i = 0; i < 1000; i++) {
      const n = rng.int(18, 65)
      expect(n).toBeGreaterThanOrEqual(18)
      expect(n).toBeLessThanOrEqual(65)
    }
  })

  it('samples distinct items', () => {
    const rng = createRng('sample')
    const picked = rng.sample(['a', 'b', 'c', 'd'], 3)
    expect(new Set(picked).size).toBe(3)
    expect(rng.sample(['a'], 3)).toEqual(['a'])
  })
})

describe('word lists', () => {
  it('has plenty of distinct first names per locale and gender', () => {
    for (const locale of ['nl', 'en'] as const) {
      for (const gender of ['man', 'woman'] as const) {
        const names = FIRST_NAMES[locale][gender]
        expect(new Set(names).size).toBe(names.length)
        expect(names.length).toBeGreaterThanOrEqual(55)
      }
      expect(ABOUT_FRAGMENTS[locale].length).toBeGreaterThanOrEqual(20)
    }
  })

  it('has 2-4 or more cities for every region of NL, BE, GB and IE, and no unknown regions', () => {
    for (const country of ['NL', 'BE', 'GB', 'IE'] as const) {
      const codes = REGIONS[country].map((r) => r.code)
      expect(Object.keys(CITIES[country]).sort()).toEqual([...codes].sort())
      for (const code of codes) expect(CITIES[country][code]!.length).toBeGreaterThanOrEqual(2)
    }
  })
})

describe('demo profiles', () => {
  const now = new Date('2026-06-15T12:00:00Z')
  const make = (index: number) => demoProfile({ poolId: 'benelux', locale: 'nl', countries: ['NL', 'BE'], index, now })

  it('are stable by index', () => {
    expect(make(7)).toEqual(make(7))
    expect(make(7)).not.toEqual(make(8))
  })

  it('stay within the rules', () => {
    const all = Array.from({ length: 300 }, (_, i) => make(i))
    for (const p of all) {
      const age = (now.getTime() - p.birthDate.getTime()) / (365.25 * 24 * 3600 * 1000)
      expect(age).toBeGreaterThanOrEqual(18)
      expect(age).toBeLessThan(66)
      expect(['NL', 'BE']).toContain(p.country)
      expect(REGIONS[p.country as 'NL' | 'BE'].map((r) => r.code)).toContain(p.region)
      expect(p.city).toBeTruthy()
      expect(now.getTime() - p.lastActiveAt.getTime()).toBeLessThanOrEqual(14 * 24 * 3600 * 1000)
      if (p.gender === 'man') expect(p.sexuality).not.toBe('lesbian')
      else expect(p.sexuality).not.toBe('gay')
      if (p.accountEmail) expect(p.accountEmail).toMatch(new RegExp(`^[a-z0-9._-]+\\.${p.index}@demo\\.invalid$`))
    }
    const women = all.filter((p) => p.gender === 'woman').length
    expect(women).toBeGreaterThan(130)
    expect(women).toBeLessThan(200)
    const accounts = all.filter((p) => p.accountEmail).length
    expect(accounts).toBeGreaterThan(10)
    expect(accounts).toBeLessThan(60)
  })

  it('spread indices over tenants', () => {
    expect(tenantIndices(7, 2, 0)).toEqual([0, 2, 4, 6])
    expect(tenantIndices(7, 2, 1)).toEqual([1, 3, 5])
  })

  it('build ASCII e-mail local parts', () => {
    expect(emailLocalPart('Zoë_87')).toBe('zoe_87')
    expect(emailLocalPart("'s")).toBe('s')
    expect(emailLocalPart('!!')).toBe('member')
  })
})

describe('avatars', () => {
  const textOf = (svg: string) => svg.replace(/<[^>]*>/g, '').trim()

  it('render valid-looking SVG without text besides the initials', () => {
    for (const gender of ['man', 'woman'] as const) {
      const svg = avatarSvg({ seed: 'x1', gender, initials: '' })
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true)
      expect(svg.endsWith('</svg>')).toBe(true)
      expect(svg).not.toContain('<text')
      expect(textOf(svg)).toBe('')
      const withInitials = avatarSvg({ seed: 'x1', gender, initials: 'SJ' })
      expect(textOf(withInitials)).toBe('SJ')
    }
    expect(textOf(avatarSvg({ seed: 'x', gender: 'man', initials: '<&>' }))).toBe('&lt;&amp;&gt;')
  })

  it('are deterministic, and differ by seed and gender', () => {
    expect(avatarSvg({ seed: 'a', gender: 'woman', initials: '' })).toBe(avatarSvg({ seed: 'a', gender: 'woman', initials: '' }))
    expect(avatarSvg({ seed: 'a', gender: 'woman', initials: '' })).not.toBe(avatarSvg({ seed: 'b', gender: 'woman', initials: '' }))
    expect(avatarSvg({ seed: 'a', gender: 'woman', initials: '' })).not.toBe(avatarSvg({ seed: 'a', gender: 'man', initials: '' }))
  })

  it('are written as 600x600 and 160x160 WebP to the media storage, once', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'avatars-'))
    try {
      const storage = localMediaStorage(dir)
      const first = await writeAvatar({ storage, seed: 'benelux:1', gender: 'woman', initials: 'AB' })
      // An opaque key: no pool or site name in it.
      expect(first.filename).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{32}\.webp$/)
      expect(first.filename).not.toContain('benelux')
      expect(first.thumbFilename).toBe(first.filename.replace('.webp', '_t.webp'))

      const main = await sharp(path.join(dir, first.filename)).metadata()
      expect([main.format, main.width, main.height]).toEqual(['webp', 600, 600])
      const thumb = await sharp(path.join(dir, first.thumbFilename)).metadata()
      expect([thumb.format, thumb.width, thumb.height]).toEqual(['webp', 160, 160])

      const before = (await stat(path.join(dir, first.filename))).mtimeMs
      await new Promise((resolve) => setTimeout(resolve, 20))
      const again = await writeAvatar({ storage, seed: 'benelux:1', gender: 'woman', initials: 'AB' })
      expect(again).toEqual(first)
      expect((await stat(path.join(dir, first.filename))).mtimeMs).toBe(before)
      expect((await readdir(dir, { recursive: true })).filter((f) => f.endsWith('.webp')).sort()).toEqual([first.filename, first.thumbFilename].sort())
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
