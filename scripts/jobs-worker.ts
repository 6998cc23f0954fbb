// A job worker without the web server: works every queue of the app (mail, push,
// notifications, purge, reminders) on APP_DATABASE_URL, like each app node does. For a
// dedicated worker machine, and for the test that kills a worker mid-queue.
// Usage: tsx scripts/jobs-worker.ts [--poll=<seconds>] [--no-schedules]
import { THEME_NAMES } from '../themes/index.ts'
import { getEnv } from '../app/modules/config/env.server.ts'
import { createDb } from '../app/modules/db/client.server.ts'
import { appJobHandlers } from '../app/modules/jobs/app-jobs.server.ts'
import { startJobs } from '../app/modules/jobs/runner.server.ts'
import { loadNotificationSecrets } from '../app/modules/notifications/vapid.server.ts'
import { loadTenants } from '../app/modules/tenancy/load-tenants.server.ts'

const env = getEnv()
if (!env.APP_DATABASE_URL) {
  console.error('APP_DATABASE_URL is required')
  process.exit(1)
}
const poll = Number(process.argv.find((a) => a.startsWith('--poll='))?.slice(7) ?? 2)
const tenants = await loadTenants(THEME_NAMES)
await loadNotificationSecrets(
  tenants.map((t) => t.slug),
  env.DATABASE_URL,
)
const db = createDb(env.APP_DATABASE_URL, 4)
const runner = await startJobs({
  connectionString: env.APP_DATABASE_URL,
  handlers: appJobHandlers({ db, tenants: async () => tenants }),
  pollingIntervalSeconds: poll,
  schedules: !process.argv.includes('--no-schedules'),
})
console.info('[jobs] worker started')
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void runner
      .stop()
      .then(() => db.$disconnect())
      .then(() => process.exit(0))
  })
}
