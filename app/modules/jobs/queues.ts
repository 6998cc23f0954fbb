// The job queues (pg-boss, schema `pgboss` in the app's own Postgres; decision 016). Queues are
// created by the owner during `npm run setup` / `npm start` (creating one makes a table, which
// the runtime role may not), so every queue the app uses is listed here. To add a recurring job
// (e.g. payment reconciliation): add its queue here with a `cron`, and its handler in
// `handlers` passed to startJobs (app/modules/jobs/runner.server.ts).

export type QueueSpec = {
  /** Retries after a failure, each `retryDelay` seconds later, doubling with `retryBackoff`. */
  retryLimit: number
  retryDelay: number
  retryBackoff: boolean
  /** A job running longer than this is considered lost (its node died) and retried. */
  expireInSeconds: number
  /** Cron expression (UTC) for recurring jobs; every node may schedule it, one job runs per slot. */
  cron?: string
  /** Also queued once when a node starts (catch up after downtime). */
  onStart?: boolean
}

export const QUEUES = {
  /** One outbox mail: { tenantId, id }. */
  'mail-send': { retryLimit: 8, retryDelay: 15, retryBackoff: true, expireInSeconds: 120 },
  /** Queues a delivery for outbox mails still unsent a minute after they were written. */
  'mail-sweep': { retryLimit: 2, retryDelay: 30, retryBackoff: false, expireInSeconds: 300, cron: '* * * * *', onStart: true },
  /** A member event that may notify (message, like, match): NotifyJob. */
  notify: { retryLimit: 6, retryDelay: 10, retryBackoff: true, expireInSeconds: 120 },
  /**
   * A reset link asked for (PasswordResetJob): queued for every request, known address or
   * not, so the request's answer and its timing say nothing about the account.
   */
  'password-reset': { retryLimit: 4, retryDelay: 15, retryBackoff: true, expireInSeconds: 120 },
  /** One web-push message to one subscription: { tenantId, subscriptionId, payload }. */
  'push-send': { retryLimit: 6, retryDelay: 15, retryBackoff: true, expireInSeconds: 120 },
  /** Deleted accounts past their 14 days, queued media removals, expired sessions and links, old outbox mails, limit counters. */
  'accounts-purge': { retryLimit: 3, retryDelay: 300, retryBackoff: true, expireInSeconds: 1800, cron: '7 * * * *', onStart: true },
  /** Unread-message reminders. */
  'reminders-unread': { retryLimit: 3, retryDelay: 300, retryBackoff: true, expireInSeconds: 1800, cron: '17 * * * *' },
  /** The weekly update, Mondays. */
  'weekly-update': { retryLimit: 3, retryDelay: 600, retryBackoff: true, expireInSeconds: 3600, cron: '0 9 * * 1' },
  /** Open payments re-checked with the provider (reconcileOpenPayments, decision 015): at start-up and every 5 minutes. */
  'payments-reconcile': { retryLimit: 2, retryDelay: 60, retryBackoff: true, expireInSeconds: 900, cron: '*/5 * * * *', onStart: true },
  /** The Mollie refund of an approved request: { tenantId, paymentId } (sendRefund, decision 040), queued in the approving transaction. */
  'payment-refund': { retryLimit: 10, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 },
  /** Waiting conversations handed to available chatters (app/modules/inbox/assign.server.ts). */
  'inbox-assign': { retryLimit: 1, retryDelay: 5, retryBackoff: false, expireInSeconds: 120, cron: '* * * * *', onStart: true },
} as const satisfies Record<string, QueueSpec>

export type QueueName = keyof typeof QUEUES
export const QUEUE_NAMES = Object.keys(QUEUES) as QueueName[]

/** pg-boss's own schema in the app's database. */
export const JOB_SCHEMA = 'pgboss'
