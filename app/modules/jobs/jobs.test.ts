// The job runner on the runtime role: jobs queued in a transaction exist only when it commits,
// the purge runs as a job when a node starts, and the role has rows, not DDL, in pgboss.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appDb, createMember, DATEVIBE } from '../../../tests/fixtures.ts'
import { THEME_NAMES } from '../../../themes/index.ts'
import { GRACE_MS } from '../accounts/deletion.server.ts'
import type { Db } from '../db/client.server.ts'
import { withScope } from '../db/scoped.server.ts'
import { loadTenants } from '../tenancy/load-tenants.server.ts'
import { appJobHandlers } from './app-jobs.server.ts'
import { enqueueIn, startJobs } from './runner.server.ts'

const tenants = await loadTenants(THEME_NAMES)
let db: Db

beforeAll(() => {
  db = appDb()
})
afterAll(async () => {
  await db.$disconnect()
})

const jobsNamed = async (name: string) => Number((await db.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM pgboss.job WHERE name = ${name}`)[0]!.n)

describe('jobs', () => {
  it('a job queued in a transaction that rolls back does not exist', async () => {
    const before = await jobsNamed('notify')
    await expect(
      withScope(db, DATEVIBE, async (tx) => {
        await enqueueIn(tx, 'notify', { type: 'like', poolId: 'datevibe', to: 1, from: 2 })
        throw new Error('rolled back')
      }),
    ).rejects.toThrow('rolled back')
    expect(await jobsNamed('notify')).toBe(before)
    await withScope(db, DATEVIBE, (tx) => enqueueIn(tx, 'notify', { type: 'like', poolId: 'datevibe', to: 1, from: 2 }))
    expect(await jobsNamed('notify')).toBe(before + 1)
  })

  it('purges accounts past their 14 days when a node starts (and hourly), as a job', async () => {
    const m = await createMember(db, DATEVIBE)
    await withScope(db, DATEVIBE, async (tx) => {
      await tx.user.update({ where: { poolId_tenantId_id: { poolId: DATEVIBE.poolId, tenantId: DATEVIBE.tenantId, id: m.user.id } }, data: { status: 'deleted', deletedAt: new Date(Date.now() - GRACE_MS - 60_000) } })
      await tx.profile.update({ where: { poolId_id: { poolId: DATEVIBE.poolId, id: m.profile.id } }, data: { status: 'deleted' } })
    })
    const handlers = appJobHandlers({ db, tenants: async () => tenants, log: { info: () => undefined, warn: () => undefined, error: console.error } })
    const runner = await startJobs({ connectionString: process.env.APP_DATABASE_URL!, handlers: { 'accounts-purge': handlers['accounts-purge'] }, pollingIntervalSeconds: 0.5 })
    try {
      await expect.poll(() => withScope(db, DATEVIBE, (tx) => tx.user.count({ where: { id: m.user.id } })), { timeout: 15_000 }).toBe(0)
      const schedules = await db.$queryRaw<{ name: string; cron: string }[]>`SELECT name, cron FROM pgboss.schedule WHERE name = 'accounts-purge'`
      expect(schedules).toEqual([{ name: 'accounts-purge', cron: '7 * * * *' }])
    } finally {
      await runner.stop()
    }
  })

  it('the runtime role may not create or drop tables in the job schema', async () => {
    await expect(db.$executeRawUnsafe('CREATE TABLE pgboss.intruder (id int)')).rejects.toThrow(/permission denied/)
    await expect(db.$executeRawUnsafe('DROP TABLE pgboss.job')).rejects.toThrow(/must be owner|permission denied/)
  })
})
