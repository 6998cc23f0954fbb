// Several nodes, one database: a node never rewrites the runtime role's password the
// database already has, the runtime role only reads sites and pools and never sees the
// shared secrets, and the tenant sync (as the owner) refuses to move a site to another pool.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { THEME_NAMES } from '../../themes/index.ts'
import { loadTenants } from '../../app/modules/tenancy/load-tenants.server.ts'
import { PoolMoveError, syncTenants } from '../../app/modules/tenancy/sync.server.ts'
import { ownerDb } from '../../tests/fixtures.ts'
import { RUNTIME_ROLE, ensureRuntimeRole, sharedSecret, withClient, withDatabase, type DatabaseServer } from './database.ts'

const ownerUrl = process.env.TEST_OWNER_DATABASE_URL!
const database = new URL(ownerUrl).pathname.slice(1)
const server: DatabaseServer = {
  ownerUrl: (db) => withDatabase(ownerUrl, db),
  configuredAppUrl: () => null,
  defaultDatabase: database,
  embedded: false,
  stop: async () => undefined,
}
const dirs: string[] = []
const owner = ownerDb()

afterAll(async () => {
  await owner.$disconnect()
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })))
})

/** A node with its own DATA_DIR (and so its own secrets.json proposal). */
async function nodeDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'node-'))
  dirs.push(dir)
  return dir
}

describe('the runtime role on a shared database', () => {
  it('gets the password the database holds, whichever node asks, and it keeps working', async () => {
    const first = await ensureRuntimeRole(server, database, { dataDir: await nodeDir() })
    const second = await ensureRuntimeRole(server, database, { dataDir: await nodeDir() })
    expect(second).toBe(first)
    expect(decodeURIComponent(new URL(first).username)).toBe(RUNTIME_ROLE)
    // A fresh connection with the first node's URL after the second node's start-up.
    await withClient(first, async (client) => expect((await client.query('SELECT current_user AS u')).rows[0].u).toBe(RUNTIME_ROLE))
    const stored = await withClient(ownerUrl, async (client) => (await client.query(`SELECT value FROM dating_private.secret WHERE name = 'runtime_role_password'`)).rows[0]?.value)
    expect(decodeURIComponent(new URL(first).password)).toBe(stored)
  })

  it('may only read sites and pools, and cannot see the shared secrets', async () => {
    const url = await ensureRuntimeRole(server, database, { dataDir: await nodeDir() })
    await withClient(url, async (client) => {
      expect((await client.query('SELECT count(*)::int AS n FROM "Tenant"')).rows[0].n).toBeGreaterThan(0)
      await expect(client.query(`INSERT INTO "Pool" (id) VALUES ('intruder')`)).rejects.toThrow(/permission denied/)
      await expect(client.query(`UPDATE "Tenant" SET "poolId" = 'datevibe' WHERE id = 'flirtlokaal'`)).rejects.toThrow(/permission denied/)
      await expect(client.query(`DELETE FROM "Tenant" WHERE id = 'flirtlokaal'`)).rejects.toThrow(/permission denied/)
      await expect(client.query('SELECT value FROM dating_private.secret')).rejects.toThrow(/permission denied/)
    })
  })

  it('creates a shared secret once, even when nodes ask at the same moment', async () => {
    // Several rounds of ten: each call also sets the store's privileges, which nodes starting
    // together once raced on ("tuple concurrently updated").
    for (const round of [1, 2, 3]) {
      const name = `race_test_${round}`
      const answers = await Promise.all(Array.from({ length: 10 }, (_, n) => sharedSecret(ownerUrl, name, () => `value-${n}`)))
      expect(new Set(answers.map((a) => a.value)).size).toBe(1)
      expect(answers.filter((a) => a.created)).toHaveLength(1)
      expect((await sharedSecret(ownerUrl, name, () => 'later')).value).toBe(answers[0]!.value)
    }
  })
})

describe('tenant sync', () => {
  it('refuses to move an existing site to another pool, naming the file and both pools', async () => {
    const tenants = await loadTenants(THEME_NAMES)
    const moved = tenants.map((t) => (t.slug === 'datedichtbij' ? { ...t, pool: 'datevibe' } : t))
    const error = await syncTenants(owner, moved).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(PoolMoveError)
    expect((error as Error).message).toMatch(/tenants\/datedichtbij\.ts: pool: the site "datedichtbij" is in pool "benelux" in the database; moving it to "datevibe"/)
    expect((await owner.tenant.findUnique({ where: { id: 'datedichtbij' } }))?.poolId).toBe('benelux')
    await expect(syncTenants(owner, tenants)).resolves.toBeTypeOf('number')
  })
})
