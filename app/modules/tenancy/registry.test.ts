import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import net from 'node:net'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { ownerDb } from '../../../tests/fixtures.ts'
import { THEME_NAMES } from '../../../themes/index.ts'
import { getRuntimeDb } from '../db/client.server.ts'
import { TenantConfigError } from './load-tenants.server.ts'
import { latestReleaseVersion, readRelease } from './releases.server.ts'
import { syncTenants } from './sync.server.ts'
import type * as RegistryModule from './registry.server.ts'

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

const owner = ownerDb(1)
const sync = (tenants: Parameters<typeof syncTenants>[1]) => syncTenants(owner, tenants)

afterAll(async () => {
  delete process.env.TENANTS_DIR
  await owner.$disconnect()
  await rm(dir, { recursive: true, force: true })
})


/** A second node: the registry module loaded once more, with state of its own. */
async function anotherNode(): Promise<typeof RegistryModule> {
  vi.resetModules()
  return import('./registry.server.ts')
}

describe('tenant registry (configuration releases by version, decision 057)', () => {
  it('serves the database release; a changed file becomes a new release every node loads; a broken one is refused', async () => {
    const nodeA = await import('./registry.server.ts')
    const nodeB = await anotherNode()
    const first = await nodeA.getRegistry()
    const start = await latestReleaseVersion(getRuntimeDb())
    expect(start).toBeGreaterThan(0)
    expect(first.version).toBe(start)
    expect((await nodeB.getRegistry()).version).toBe(start)
    expect(first.index.byDomain.get('flirtlokaal.nl')?.name).toBe('FlirtLokaal')

    // Node A has the owner's URL (development): file change -> checks -> sync -> release.
    const file = path.join(dir, 'flirtlokaal.ts')
    const original = await readFile(file, 'utf8')
    await writeFile(file, original.replace("name: 'FlirtLokaal'", "name: 'FlirtLokaal Nieuw'"))
    const reloaded = await nodeA.reloadRegistry('test', sync)
    expect(reloaded?.version).toBe(start + 1)
    expect((await nodeA.getRegistry()).index.byDomain.get('flirtlokaal.nl')?.name).toBe('FlirtLokaal Nieuw')

    // Node B hears the version (the bus handler's call) and loads exactly that release.
    expect((await nodeB.getRegistry()).index.byDomain.get('flirtlokaal.nl')?.name).toBe('FlirtLokaal')
    await nodeB.reloadRegistry('release announced', undefined, start + 1)
    const b = await nodeB.getRegistry()
    expect(b.version).toBe(start + 1)
    expect(b.tenants).toEqual((await nodeA.getRegistry()).tenants)

    // An older release announced (late, or replayed) is never served after a newer one.
    await nodeB.reloadRegistry('late announcement', undefined, start)
    expect((await nodeB.getRegistry()).version).toBe(start + 1)
    expect(nodeB.servedRelease()).toBe(start + 1)
    // Nor does a reload without a version go back.
    await nodeB.reloadRegistry('check')
    expect((await nodeB.getRegistry()).index.byDomain.get('flirtlokaal.nl')?.name).toBe('FlirtLokaal Nieuw')

    // A broken file: nothing is released, both nodes keep serving the last good release.
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    await writeFile(file, original.replace('refundDays: 14', "refundDays: 'x'"))
    expect(await nodeA.reloadRegistry('test', sync)).toBeNull()
    expect(errors.mock.calls.join('\n')).toMatch(/flirtlokaal\.ts: refundDays/)
    errors.mockRestore()
    expect(await latestReleaseVersion(getRuntimeDb())).toBe(start + 1)
    expect((await nodeA.getRegistry()).index.byDomain.get('flirtlokaal.nl')?.name).toBe('FlirtLokaal Nieuw')
    await writeFile(file, original)
  })

  it('refuses a bad configuration before it reaches the table, and releases an unchanged one only once', async () => {
    const release = (await readRelease(getRuntimeDb(), THEME_NAMES))!
    const before = release.version
    const good = release.tenants
    const broken = good.map((t, i) => (i === 0 ? { ...t, theme: 'no-such-theme' } : t))
    await expect(syncTenants(owner, broken)).rejects.toBeInstanceOf(TenantConfigError)
    const twice = good.map((t, i) => (i === 1 ? { ...t, domains: [...t.domains, good[0]!.domains[0]!] } : t))
    await expect(syncTenants(owner, twice)).rejects.toThrow(/already used by/)
    expect(await latestReleaseVersion(getRuntimeDb())).toBe(before)
    // The same configuration again: the same version, no new release.
    expect(await syncTenants(owner, good)).toBe(before)
    // The runtime role reads releases but cannot write one.
    await expect(getRuntimeDb().$executeRawUnsafe(`DELETE FROM dating_config.tenant_release`)).rejects.toThrow(/permission denied/)
  })

  const hasRedis = spawnSync('redis-server', ['--version']).status === 0
  if (!hasRedis) console.info('[registry.test] the two-node bus case is skipped: redis-server is not installed')

  it.runIf(hasRedis)('two nodes on a real Redis: a file change on one becomes a release the other loads by the bus', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as net.AddressInfo
        probe.close(() => resolve(free))
      })
    })
    const redis: ChildProcess = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' })
    const savedUrl = process.env.REDIS_URL
    const closers: (() => Promise<void>)[] = []
    const file = path.join(dir, 'datevibe.ts')
    const original = await readFile(file, 'utf8')
    try {
      for (let i = 0; i < 50 && !spawnSync('redis-cli', ['-p', String(port), 'ping']).stdout?.toString().includes('PONG'); i++) await new Promise((r) => setTimeout(r, 100))
      process.env.REDIS_URL = `redis://127.0.0.1:${port}`
      // Each node: the registry and its bus, module copies of their own.
      const node = async () => {
        vi.resetModules()
        const registry = await import('./registry.server.ts')
        const bus = await import('../bus/bus.server.ts')
        closers.push(bus.closeBus)
        return registry
      }
      const developer = await node() // has the owner's URL: makes releases from its files
      const other = await node() // runtime role only: loads what is announced
      await developer.getRegistry()
      await other.getRegistry()
      const warnings = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
      await developer.watchTenantFiles(sync)
      await other.watchTenantFiles()
      const before = other.servedRelease()

      await writeFile(file, original.replace("name: 'DateVibe'", "name: 'DateVibe Twee'"))
      const until = Date.now() + 10_000
      while (other.servedRelease() === before && Date.now() < until) await new Promise((r) => setTimeout(r, 50))
      warnings.mockRestore()
      expect(developer.servedRelease()).toBeGreaterThan(before)
      expect(other.servedRelease()).toBe(developer.servedRelease())
      expect((await other.getRegistry()).bySlug.get('datevibe')?.name).toBe('DateVibe Twee')
      expect(await latestReleaseVersion(getRuntimeDb())).toBe(other.servedRelease())
    } finally {
      await writeFile(file, original)
      await Promise.allSettled(closers.map((close) => close()))
      if (savedUrl === undefined) delete process.env.REDIS_URL
      else process.env.REDIS_URL = savedUrl
      redis.kill('SIGKILL')
    }
  }, 30_000)
})
