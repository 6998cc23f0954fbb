import { spawnSync } from 'node:child_process'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { THEME_NAMES } from '../../../themes/index.ts'
import { loadTenants, TenantConfigError } from './load-tenants.server.ts'

const REAL_DIR = path.resolve('tenants')
let dir: string

// A copy of the real tenant files, so each test can break one of them.
beforeEach(async () => {
  // Inside the project (under the ignored .data/), where the test runner may load modules.
  await mkdir(path.resolve('.data'), { recursive: true })
  dir = await mkdtemp(path.resolve('.data', 'tenants-'))
  for (const file of ['flirtlokaal.ts', 'datedichtbij.ts', 'datevibe.ts']) {
    const text = await readFile(path.join(REAL_DIR, file), 'utf8')
    // The copies keep using the project's schema module (and its node_modules).
    await writeFile(path.join(dir, file), text.replace("'./schema.ts'", `'${path.join(REAL_DIR, 'schema.ts')}'`))
  }
})

afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

async function problemsFor(edit: (text: string) => string, file = 'flirtlokaal.ts'): Promise<string[]> {
  const full = path.join(dir, file)
  await writeFile(full, edit(await readFile(full, 'utf8')))
  try {
    await loadTenants(THEME_NAMES, dir)
  } catch (error) {
    expect(error).toBeInstanceOf(TenantConfigError)
    return (error as TenantConfigError).problems
  }
  throw new Error('expected the configuration to be rejected')
}

describe('loadTenants', () => {
  it('accepts the demo tenants and fills defaults', async () => {
    const tenants = await loadTenants(THEME_NAMES, REAL_DIR)
    expect(tenants.map((t) => t.slug)).toEqual(['datedichtbij', 'datevibe', 'flirtlokaal'])
    const vibe = tenants.find((t) => t.slug === 'datevibe')!
    expect(vibe.pool).toBe('datevibe')
    expect(vibe.cdnPrefix).toBe('/media/')
    expect(vibe.signups).toBe('with_trafficsource')
    const pools = new Set(tenants.filter((t) => t.locales.default === 'nl').map((t) => t.pool))
    expect([...pools]).toEqual(['benelux'])
  })

  it('names the file and the field for a wrong type', async () => {
    const problems = await problemsFor((t) => t.replace('refundDays: 14', "refundDays: 'fourteen'"))
    expect(problems, problems.join("\n")).toHaveLength(1)
    expect(problems[0]).toMatch(/flirtlokaal\.ts: refundDays: .*number/i)
  })

  it('names the file and the field for an unknown key', async () => {
    const problems = await problemsFor((t) => t.replace('refundDays: 14,', 'refundDays: 14,\n  refundDayz: 3,'))
    expect(problems[0]).toMatch(/flirtlokaal\.ts: .*refundDayz/)
  })

  it('reports nested fields with their path', async () => {
    const problems = await problemsFor((t) => t.replace("kvk: '81234567'", 'kvk: 81234567'))
    expect(problems[0]).toMatch(/flirtlokaal\.ts: company\.kvk: /)
  })

  it('rejects an unknown theme', async () => {
    expect(await problemsFor((t) => t.replace("theme: 'violet'", "theme: 'neon'"))).toEqual([expect.stringMatching(/theme: unknown theme "neon"/)])
  })

  it('rejects a slug that is not the file name', async () => {
    expect(await problemsFor((t) => t.replace("slug: 'flirtlokaal'", "slug: 'other'"))).toEqual([expect.stringMatching(/slug: must equal the file name/)])
  })

  it('rejects a domain claimed by two sites', async () => {
    const shared = await problemsFor((t) => t.replace("domains: ['datevibe.com'", "domains: ['flirtlokaal.nl'"), 'datevibe.ts')
    expect(shared).toEqual([expect.stringMatching(/domains: "flirtlokaal\.nl" is already used/)])
  })

  it('requires every bundle to have a price in the site’s currency (its first country’s), which /pricing falls back to', async () => {
    const problems = await problemsFor((t) => t.replace("prices: { GBP: 2999, EUR: 3499 }", 'prices: { EUR: 3499 }'), 'datevibe.ts')
    expect(problems).toEqual([expect.stringMatching(/datevibe\.ts: creditBundles\.1\.prices\.GBP: needs a price in GBP, the currency of the site's first country \(GB\)/)])
  })

  it('requires texts in the default locale', async () => {
    const problems = await problemsFor((t) => t.replace(/indexTitle: \{\n\s+nl: [^\n]+\n/, 'indexTitle: {\n'))
    expect(problems).toEqual([expect.stringMatching(/indexTitle\.nl: the default locale needs a text/)])
  })

  it('stops start-up (npm start) with the file, the field and the reason', async () => {
    await problemsFor((t) => t.replace('loggedOutSearch: true', "loggedOutSearch: 'yes'"))
    const result = spawnSync('npx', ['tsx', 'scripts/start.ts'], {
      env: { ...process.env, TENANTS_DIR: dir, DATABASE_URL: 'postgresql://nobody@127.0.0.1:1/none' },
      encoding: 'utf8',
      timeout: 60_000,
    })
    expect(result.status).toBe(1)
    expect(result.stderr).toMatch(/flirtlokaal\.ts: loggedOutSearch: .*boolean/)
  })
})
