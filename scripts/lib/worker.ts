// A job worker without the web server (PROCESS_ROLE=worker, `npm run jobs:worker`): works
// every queue of the app on APP_DATABASE_URL. It refuses to start without the secrets every
// node shares (the unsubscribe-link key, the sites' web push keys): mails and pushes signed
// with keys of its own would all be invalid (docs/decisions/046).
import { getEnv } from '../../app/modules/config/env.server.ts'
import { createDb } from '../../app/modules/db/client.server.ts'
import { appJobHandlers } from '../../app/modules/jobs/app-jobs.server.ts'
import { startJobs, type JobRunner } from '../../app/modules/jobs/runner.server.ts'
import { loadNotificationSecrets } from '../../app/modules/notifications/vapid.server.ts'
import { closeBus } from '../../app/modules/bus/bus.server.ts'
import { getRegistry, watchTenantFiles } from '../../app/modules/tenancy/registry.server.ts'

export type Worker = { runner: JobRunner; stop: () => Promise<void> }

export async function startWorker(options: { pollSeconds?: number; schedules?: boolean; ownerUrl?: string } = {}): Promise<Worker> {
  const env = getEnv()
  if (!env.APP_DATABASE_URL) throw new Error('Cannot start the worker: APP_DATABASE_URL is required')
  // The configuration release the web nodes serve (decision 057), and newer ones as they come.
  const { tenants } = await getRegistry()
  await watchTenantFiles()
  await loadNotificationSecrets(
    tenants.map((t) => t.slug),
    options.ownerUrl,
    { appUrl: env.APP_DATABASE_URL, required: true },
  )
  const db = createDb(env.APP_DATABASE_URL, 4)
  const runner = await startJobs({
    connectionString: env.APP_DATABASE_URL,
    handlers: appJobHandlers({ db, tenants: async () => (await getRegistry()).tenants }),
    pollingIntervalSeconds: options.pollSeconds ?? 2,
    schedules: options.schedules ?? true,
  })
  return {
    runner,
    async stop() {
      await runner.stop()
      await Promise.allSettled([db.$disconnect(), closeBus()])
    },
  }
}
