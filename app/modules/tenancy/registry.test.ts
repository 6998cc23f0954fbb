import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

const REAL_DIR = path.resolve('tenants')
let dir: string

beforeAll(async () => {
  await mkdir(path.resolve('.data'), { recursive: true })
  dir = await mkdtemp(path.resolve('.data', 'registry-'))
  for (const file of ['flirtlokaal.ts', 'datevibe.ts']) {
    const text = await readFile(path.join(REAL_DIR, file), 'utf8')
    await writeFile(path.join(dir, file), text.replace("'./schema.ts'", `'${path.join(REAL_DIR, 'schema.ts')}'`))
  }
  process.env.TENANTS_DIR = dir
})

afterAll(async () => {
  delete process.env.TENANTS_DIR
  await rm(dir, { recursive: true, force: true })
})

describe('tenant registry', () => {
  it('resolves hosts, picks up a changed file on reload, and keeps the last good config when a file breaks', async () => {
    const { getRegistry, reloadRegistry } = await import('./registry.server.ts')
    const first = await getRegistry()
    expect(first.index.byDomain.get('flirtlokaal.nl')?.name).toBe('FlirtLokaal')

    const file = path.join(dir, 'flirtlokaal.ts')
    const original = await readFile(file, 'utf8')
    await writeFile(file, original.replace("name: 'FlirtLokaal'", "name: 'FlirtLokaal Nieuw'"))
    await reloadRegistry('test')
    expect((await getRegistry()).index.byDomain.get('flirtlokaal.nl')?.name).toBe('FlirtLokaal Nieuw')

    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    await writeFile(file, original.replace('refundDays: 14', "refundDays: 'x'"))
    expect(await reloadRegistry('test')).toBeNull()
    expect(errors.mock.calls.join('\n')).toMatch(/flirtlokaal\.ts: refundDays/)
    expect((await getRegistry()).index.byDomain.get('flirtlokaal.nl')?.name).toBe('FlirtLokaal Nieuw')
    errors.mockRestore()
  })
})
