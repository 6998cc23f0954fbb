// The purge job: every site; a site whose lock another node holds is skipped, not purged
// twice; one site's failure does not stop the others. (As a pg-boss job: app/modules/jobs/jobs.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appDb, createMember, DATEDICHTBIJ, DATEVIBE, FLIRTLOKAAL } from '../../../tests/fixtures.ts'
import { THEME_NAMES } from '../../../themes/index.ts'
import type { Db } from '../db/client.server.ts'
import { withScope, type Scope } from '../db/scoped.server.ts'
import { loadTenants } from '../tenancy/load-tenants.server.ts'
import { GRACE_MS } from './deletion.server.ts'
import { OUTBOX_KEEP_MS, TOKEN_KEEP_MS } from './prune.server.ts'
import { PURGE_LOCK_CLASS, purgeAllTenants, type PurgeRun } from './purge-scheduler.server.ts'

const tenants = await loadTenants(THEME_NAMES)
const quiet = { info: () => undefined, error: () => undefined }
let db: Db

/** A member whose account was deleted `ago` ms before now (the grace period is over when ago >= 14 days). */
async function deletedMember(scope: Scope, ago = GRACE_MS + 3600_000) {
  const m = await createMember(db, scope)
  await withScope(db, scope, async (tx) => {
    await tx.user.update({ where: { poolId_tenantId_id: { poolId: scope.poolId, tenantId: scope.tenantId, id: m.user.id } }, data: { status: 'deleted', deletedAt: new Date(Date.now() - ago) } })
    await tx.profile.update({ where: { poolId_id: { poolId: scope.poolId, id: m.profile.id } }, data: { status: 'deleted' } })
  })
  return m
}

const exists = async (scope: Scope, userId: string) => (await withScope(db, scope, (tx) => tx.user.count({ where: { id: userId } }))) === 1

beforeAll(() => {
  db = appDb()
})

afterAll(async () => {
  await db.$disconnect()
})

describe('purgeAllTenants', () => {
  it('purges every site in its own scope', async () => {
    const a = await deletedMember(FLIRTLOKAAL)
    const b = await deletedMember(DATEDICHTBIJ)
    const c = await deletedMember(DATEVIBE)
    const recent = await deletedMember(DATEVIBE, 3600_000)
    const run = await purgeAllTenants(db, tenants, new Date(), quiet)
    expect(run).toEqual({ datedichtbij: 1, datevibe: 1, flirtlokaal: 1 })
    expect(await exists(FLIRTLOKAAL, a.user.id)).toBe(false)
    expect(await exists(DATEDICHTBIJ, b.user.id)).toBe(false)
    expect(await exists(DATEVIBE, c.user.id)).toBe(false)
    expect(await exists(DATEVIBE, recent.user.id)).toBe(true)
  })

  it('skips a site while another node holds its lock, and purges it on the next run', async () => {
    const a = await deletedMember(FLIRTLOKAAL)
    const c = await deletedMember(DATEVIBE)
    let run: PurgeRun = {}
    await db.$transaction(async (tx) => {
      // "Another node" is purging flirtlokaal right now.
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${PURGE_LOCK_CLASS}::int, hashtext('flirtlokaal'))`
      run = await purgeAllTenants(db, tenants, new Date(), quiet)
    })
    expect(run).toEqual({ datedichtbij: 0, datevibe: 1, flirtlokaal: 'skipped' })
    expect(await exists(FLIRTLOKAAL, a.user.id)).toBe(true)
    expect(await exists(DATEVIBE, c.user.id)).toBe(false)
    expect((await purgeAllTenants(db, tenants, new Date(), quiet)).flirtlokaal).toBe(1)
    expect(await exists(FLIRTLOKAAL, a.user.id)).toBe(false)
  })

  it('reports a failing site and carries on with the next', async () => {
    const c = await deletedMember(DATEVIBE)
    const errors: unknown[] = []
    const log = { info: () => undefined, error: (...args: unknown[]) => errors.push(args) }
    // An invalid clock makes every site's query fail; each failure is logged on its own (and
    // the limit counters' pruning, which is not per site, once more).
    const run = await purgeAllTenants(db, tenants, new Date(Number.NaN), log)
    expect(run).toEqual({ datedichtbij: 'failed', datevibe: 'failed', flirtlokaal: 'failed' })
    expect(errors).toHaveLength(4)
    expect(await exists(DATEVIBE, c.user.id)).toBe(true)
    expect((await purgeAllTenants(db, tenants, new Date(), quiet)).datevibe).toBe(1)
  })
})

describe('database hygiene in the purge job', () => {
  it('prunes expired sessions, long-expired tokens, old outbox mails and ended limit counters, and keeps the rest', async () => {
    const now = new Date()
    const ago = (ms: number) => new Date(now.getTime() - ms)
    const later = (ms: number) => new Date(now.getTime() + ms)
    const m = await createMember(db, FLIRTLOKAAL)
    const other = await createMember(db, DATEVIBE)
    const ids = await withScope(db, FLIRTLOKAAL, async (tx) => {
      const session = (id: string, expiresAt: Date) => tx.session.create({ data: { id, poolId: FLIRTLOKAAL.poolId, tenantId: FLIRTLOKAAL.tenantId, userId: m.user.id, expiresAt } })
      await session(`expired-${m.user.id}`, ago(1000))
      await session(`live-${m.user.id}`, later(3600_000))
      const token = (tokenHash: string, expiresAt: Date, usedAt: Date | null = null) =>
        tx.token.create({ data: { poolId: FLIRTLOKAAL.poolId, tenantId: FLIRTLOKAAL.tenantId, userId: m.user.id, purpose: 'password_reset', tokenHash, expiresAt, usedAt } })
      const old = await token(`old-${m.user.id}`, ago(TOKEN_KEEP_MS + 60_000))
      const recent = await token(`recent-${m.user.id}`, ago(60_000), ago(120_000))
      const live = await token(`live-${m.user.id}`, later(3600_000))
      const mail = (subject: string, createdAt: Date) => tx.outboxMail.create({ data: { poolId: FLIRTLOKAAL.poolId, tenantId: FLIRTLOKAAL.tenantId, to: m.user.email, subject, text: 'x', html: 'x', createdAt } })
      const oldMail = await mail('old', ago(OUTBOX_KEEP_MS + 60_000))
      const newMail = await mail('new', ago(60_000))
      return { old: old.id, recent: recent.id, live: live.id, oldMail: oldMail.id, newMail: newMail.id }
    })
    // Another site's expired session waits for its own site's run, and is pruned by it.
    await withScope(db, DATEVIBE, (tx) => tx.session.create({ data: { id: `expired-${other.user.id}`, poolId: DATEVIBE.poolId, tenantId: DATEVIBE.tenantId, userId: other.user.id, expiresAt: ago(1000) } }))
    await db.rateLimit.createMany({
      data: [
        { key: `test:ended:${m.user.id}`, points: 3, expire: BigInt(now.getTime() - 1000) },
        { key: `test:running:${m.user.id}`, points: 3, expire: BigInt(now.getTime() + 600_000) },
      ],
    })

    await purgeAllTenants(db, tenants.filter((t) => t.slug === 'flirtlokaal'), now, quiet)

    const left = await withScope(db, FLIRTLOKAAL, async (tx) => ({
      sessions: (await tx.session.findMany({ where: { userId: m.user.id }, select: { id: true } })).map((r) => r.id),
      tokens: (await tx.token.findMany({ where: { userId: m.user.id }, select: { id: true } })).map((r) => r.id).sort(),
      mails: (await tx.outboxMail.findMany({ where: { to: m.user.email }, select: { id: true } })).map((r) => r.id),
    }))
    expect(left.sessions).toEqual([`live-${m.user.id}`])
    expect(left.tokens).toEqual([ids.recent, ids.live].sort())
    expect(left.mails).toEqual([ids.newMail])
    expect((await db.rateLimit.findMany({ where: { key: { startsWith: 'test:' } } })).map((r) => r.key)).toEqual([`test:running:${m.user.id}`])
    expect(await withScope(db, DATEVIBE, (tx) => tx.session.count({ where: { userId: other.user.id } }))).toBe(1)
    await purgeAllTenants(db, tenants.filter((t) => t.slug === 'datevibe'), now, quiet)
    expect(await withScope(db, DATEVIBE, (tx) => tx.session.count({ where: { userId: other.user.id } }))).toBe(0)
  })
})
