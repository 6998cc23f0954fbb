// Owner-side setup of the job queue (run by `npm run setup`, `npm start`, the test template):
// pg-boss creates or migrates its schema and the app's queues. The runtime role only gets
// data access to them (scripts/lib/database.ts grants it), like every other table.
import PgBoss from 'pg-boss'
import type pg from 'pg'
import { JOB_SCHEMA, QUEUES, QUEUE_NAMES } from './queues.ts'

export async function ensureJobSchema(ownerUrl: string): Promise<void> {
  const boss = new PgBoss({ connectionString: ownerUrl, schema: JOB_SCHEMA, max: 1, migrate: true, supervise: false, schedule: false, application_name: 'dating-setup' })
  boss.on('error', (error: unknown) => console.error('[jobs] setup:', error))
  await boss.start()
  try {
    // The internal queue pg-boss uses to run cron schedules.
    await boss.createQueue('__pgboss__send-it')
    const existing = new Set((await boss.getQueues()).map((q) => q.name))
    for (const name of QUEUE_NAMES) {
      const spec = QUEUES[name]
      const options = { name, policy: 'standard' as const, retryLimit: spec.retryLimit, retryDelay: spec.retryDelay, retryBackoff: spec.retryBackoff, expireInSeconds: spec.expireInSeconds }
      if (existing.has(name)) await boss.updateQueue(name, options)
      else await boss.createQueue(name, options)
    }
  } finally {
    await boss.stop({ graceful: false, close: true })
  }
}

/** Data access to the queue's tables for `role` (no DDL: queues are the owner's). */
export async function grantJobSchema(client: pg.Client, quotedRole: string): Promise<void> {
  const exists = await client.query(`SELECT 1 FROM pg_namespace WHERE nspname = $1`, [JOB_SCHEMA])
  if (!exists.rowCount) return
  await client.query(`GRANT USAGE ON SCHEMA ${JOB_SCHEMA} TO ${quotedRole}`)
  await client.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${JOB_SCHEMA} TO ${quotedRole}`)
}
