// A job worker without the web server: works every queue of the app (mail, push,
// notifications, purge, reminders, payment reconciliation) on APP_DATABASE_URL. The same as
// `npm start` with PROCESS_ROLE=worker; also for the test that kills a worker mid-queue.
// Usage: tsx scripts/jobs-worker.ts [--poll=<seconds>] [--no-schedules]
import { getEnv } from '../app/modules/config/env.server.ts'
import { keepRunningThroughOutages } from './lib/production-node.ts'
import { startWorker } from './lib/worker.ts'

keepRunningThroughOutages()

const poll = Number(process.argv.find((a) => a.startsWith('--poll='))?.slice(7) ?? 2)
let worker
try {
  // The owner's URL, when this process has it, may create missing secrets (the demo).
  worker = await startWorker({ pollSeconds: poll, schedules: !process.argv.includes('--no-schedules'), ownerUrl: getEnv().DATABASE_URL })
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}
console.info('[jobs] worker started')
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void worker.stop().then(() => process.exit(0))
  })
}
