// Tenant and pool isolation, enforced by Postgres row-level security for the runtime
// role. Every test here tries to cross a boundary and must fail to.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appDb, createMember, DATEDICHTBIJ, DATEVIBE, FLIRTLOKAAL, ownerDb } from '../../../tests/fixtures.ts'
import { createDb, type Db } from './client.server.ts'
import { withScope } from './scoped.server.ts'

let db: Db
let a: Awaited<ReturnType<typeof createMember>>
let b: Awaited<ReturnType<typeof createMember>>
let sibling: Awaited<ReturnType<typeof createMember>>

beforeAll(async () => {
  db = appDb()
  a = await createMember(db, FLIRTLOKAAL, 'anna')
  sibling = await createMember(db, DATEDICHTBIJ, 'sanne')
  b = await createMember(db, DATEVIBE, 'beth')
})

afterAll(async () => {
  await db.$disconnect()
})

describe('the runtime role', () => {
  it('owns no table and cannot bypass row-level security', async () => {
    const rows = await db.$queryRaw<{ rolsuper: boolean; rolbypassrls: boolean; owns: bigint }[]>`
      SELECT r.rolsuper, r.rolbypassrls,
             (SELECT count(*) FROM pg_tables t WHERE t.schemaname = 'public' AND t.tableowner = current_user) AS owns
      FROM pg_roles r WHERE r.rolname = current_user`
    expect(rows[0]).toEqual({ rolsuper: false, rolbypassrls: false, owns: 0n })
  })

  it('has FORCE ROW LEVEL SECURITY on every table with a tenantId or poolId', async () => {
    const owner = ownerDb()
    const scoped = await owner.$queryRaw<{ table_name: string }[]>`
      SELECT DISTINCT table_name FROM information_schema.columns
      WHERE table_schema = 'public' AND column_name IN ('tenantId', 'poolId')
        AND table_name <> 'Tenant' ORDER BY 1`
    const forced = await owner.$queryRaw<{ relname: string }[]>`
      SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind = 'r' AND c.relrowsecurity AND c.relforcerowsecurity ORDER BY 1`
    const policies = await owner.$queryRaw<{ tablename: string }[]>`SELECT DISTINCT tablename FROM pg_policies WHERE schemaname = 'public' ORDER BY 1`
    await owner.$disconnect()
    const tables = scoped.map((r) => r.table_name)
    expect(tables).toEqual(expect.arrayContaining(['Photo', 'Profile', 'Session', 'Token', 'User']))
    expect(forced.map((r) => r.relname)).toEqual(tables)
    expect(policies.map((r) => r.tablename)).toEqual(tables)
  })
})

describe('outside the scoped helper', () => {
  it('sees no rows of any scoped table', async () => {
    expect(await db.user.findMany()).toEqual([])
    expect(await db.profile.findMany()).toEqual([])
    expect(await db.profile.findFirst({ where: { id: a.profile.id } })).toBeNull()
    const raw = await db.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM "Profile"`
    expect(raw[0]!.n).toBe(0n)
  })

  it('cannot write a scoped row', async () => {
    await expect(
      db.user.create({ data: { poolId: 'benelux', tenantId: 'flirtlokaal', email: 'sneaky@example.test' } }),
    ).rejects.toThrow(/row-level security/i)
    const updated = await db.user.updateMany({ data: { credits: 1000 } })
    expect(updated.count).toBe(0)
  })

  it('an empty setting matches nothing either', async () => {
    const rows = await db.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT set_config('app.tenant_id', '', true), set_config('app.pool_id', '', true)`
      return tx.profile.count()
    })
    expect(rows).toBe(0)
  })
})

describe('tenant-scoped rows (accounts)', () => {
  it('a site reads its own accounts only, even when asking by id', async () => {
    const own = await withScope(db, FLIRTLOKAAL, (tx) => tx.user.findUnique({ where: { poolId_tenantId_id: { poolId: FLIRTLOKAAL.poolId, tenantId: FLIRTLOKAAL.tenantId, id: a.user.id } } }))
    expect(own?.email).toBe(a.user.email)
    const other = await withScope(db, FLIRTLOKAAL, (tx) => tx.user.findUnique({ where: { poolId_tenantId_id: { poolId: FLIRTLOKAAL.poolId, tenantId: FLIRTLOKAAL.tenantId, id: b.user.id } } }))
    expect(other).toBeNull()
    // Same pool, other site: accounts are still separate.
    const siblingAccount = await withScope(db, FLIRTLOKAAL, (tx) => tx.user.findUnique({ where: { poolId_tenantId_id: { poolId: FLIRTLOKAAL.poolId, tenantId: FLIRTLOKAAL.tenantId, id: sibling.user.id } } }))
    expect(siblingAccount).toBeNull()
  })

  it('a site cannot change or delete another site’s account', async () => {
    const updated = await withScope(db, FLIRTLOKAAL, (tx) => tx.user.updateMany({ where: { id: b.user.id }, data: { credits: 999 } }))
    expect(updated.count).toBe(0)
    const deleted = await withScope(db, FLIRTLOKAAL, (tx) => tx.user.deleteMany({ where: { id: b.user.id } }))
    expect(deleted.count).toBe(0)
    const still = await withScope(db, DATEVIBE, (tx) => tx.user.findUnique({ where: { poolId_tenantId_id: { poolId: DATEVIBE.poolId, tenantId: DATEVIBE.tenantId, id: b.user.id } } }))
    expect(still?.credits).toBe(0)
  })

  it('a site cannot create an account in another site’s name', async () => {
    await expect(
      withScope(db, FLIRTLOKAAL, (tx) => tx.user.create({ data: { poolId: 'datevibe', tenantId: 'datevibe', email: 'x@example.test' } })),
    ).rejects.toThrow(/row-level security/i)
  })

  it('a site cannot move its account to another site', async () => {
    await expect(
      withScope(db, FLIRTLOKAAL, (tx) => tx.user.update({ where: { poolId_tenantId_id: { poolId: FLIRTLOKAAL.poolId, tenantId: FLIRTLOKAAL.tenantId, id: a.user.id } }, data: { tenantId: 'datevibe' } })),
    ).rejects.toThrow(/row-level security/i)
  })
})

describe('pool-scoped rows (profiles)', () => {
  it('sites of one pool see the same members; another pool sees none of them', async () => {
    const fromFlirt = await withScope(db, FLIRTLOKAAL, (tx) => tx.profile.findMany({ select: { id: true } }))
    const fromDichtbij = await withScope(db, DATEDICHTBIJ, (tx) => tx.profile.findMany({ select: { id: true } }))
    expect(fromFlirt.map((p) => p.id).sort()).toEqual(fromDichtbij.map((p) => p.id).sort())
    expect(fromFlirt.map((p) => p.id)).toEqual(expect.arrayContaining([a.profile.id, sibling.profile.id]))
    const fromVibe = await withScope(db, DATEVIBE, (tx) => tx.profile.findMany({ select: { id: true } }))
    expect(fromVibe.map((p) => p.id)).toEqual([b.profile.id])
  })

  it('another pool cannot read or change a profile by id', async () => {
    const read = await withScope(db, DATEVIBE, (tx) => tx.profile.findUnique({ where: { poolId_id: { poolId: DATEVIBE.poolId, id: a.profile.id } } }))
    expect(read).toBeNull()
    const changed = await withScope(db, DATEVIBE, (tx) => tx.profile.updateMany({ where: { id: a.profile.id }, data: { name: 'hacked' } }))
    expect(changed.count).toBe(0)
    const raw = await withScope(db, DATEVIBE, (tx) => tx.$executeRaw`UPDATE "Profile" SET name = 'hacked' WHERE id = ${a.profile.id}`)
    expect(raw).toBe(0)
  })
})

describe('a pool of one connection', () => {
  it('1,000 alternating requests of two tenants never see each other’s rows', { timeout: 180_000 }, async () => {
    const single = createDb(process.env.APP_DATABASE_URL!, 1)
    try {
      const seen = { flirt: new Set<string>(), vibe: new Set<string>() }
      const requests = Array.from({ length: 1000 }, (_, i) => {
        const scope = i % 2 === 0 ? FLIRTLOKAAL : DATEVIBE
        // All 1,000 wait for the one connection: allow them the time that takes on a busy machine.
        return withScope(single, scope, async (tx) => {
          const users = await tx.user.findMany({ select: { tenantId: true } })
          const profiles = await tx.profile.findMany({ select: { poolId: true } })
          const bucket = i % 2 === 0 ? seen.flirt : seen.vibe
          for (const u of users) bucket.add(`user:${u.tenantId}`)
          for (const p of profiles) bucket.add(`profile:${p.poolId}`)
        }, { maxWait: 120_000, timeout: 120_000 })
      })
      // Interleaved on purpose: all are queued at once on the single connection.
      await Promise.all(requests)
      // And nothing lingers on the connection after the transactions end.
      const after = await single.user.count()
      expect([...seen.flirt].sort()).toEqual(['profile:benelux', 'user:flirtlokaal'])
      expect([...seen.vibe].sort()).toEqual(['profile:datevibe', 'user:datevibe'])
      expect(after).toBe(0)
    } finally {
      await single.$disconnect()
    }
  })
})
