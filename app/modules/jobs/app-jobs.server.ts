// The app's job handlers: which function each queue runs. Started on every app node by
// startTenancy (app/entry.server.tsx) and by the standalone worker (scripts/jobs-worker.ts).
import type { Db } from '../db/client.server.ts'
import { purgeAllTenants } from '../accounts/purge-scheduler.server.ts'
import { runPasswordResetJob, type PasswordResetJob } from '../accounts/password-reset.server.ts'
import { reconcileOpenPayments } from '../payments/reconcile.server.ts'
import { sendRefund } from '../payments/refunds.server.ts'
import { assignWaiting } from '../inbox/assign.server.ts'
import { deliverOutboxMail, sweepOutbox } from '../mail/send.server.ts'
import { deliverPush } from '../notifications/push.server.ts'
import { runNotify, type NotifyJob } from '../notifications/notify.server.ts'
import { sendUnreadReminders, sendWeeklyUpdates } from '../notifications/digests.server.ts'
import type { PushPayload } from '../notifications/kinds.ts'
import type { LoadedTenant } from '../tenancy/load-tenants.server.ts'
import type { JobHandlers } from './runner.server.ts'

type Log = Pick<Console, 'info' | 'error' | 'warn'>

export function appJobHandlers(options: { db: Db; tenants: () => Promise<readonly LoadedTenant[]>; log?: Log; extra?: JobHandlers }): JobHandlers {
  const { db, tenants, log = console } = options
  const tenantBySlug = async (slug: unknown) => (await tenants()).find((t) => t.slug === slug)
  return {
    'mail-send': async (data) => {
      const { tenantId, id } = data as { tenantId: string; id: string }
      const tenant = await tenantBySlug(tenantId)
      if (!tenant) return
      const outcome = await deliverOutboxMail(db, tenant, id)
      // Another node holds the row right now: let pg-boss try again shortly.
      if (outcome === 'busy') throw new Error('mail is being sent elsewhere; retrying')
    },
    'mail-sweep': async (data) => {
      // At a node's start every unsent mail is queued again (a job in the hands of a node that
      // died is retried only after its expiry); delivery is idempotent, so a duplicate job is harmless.
      const startup = (data as { startup?: boolean } | null)?.startup === true
      for (const tenant of await tenants()) {
        const n = await sweepOutbox(db, { tenantId: tenant.slug, poolId: tenant.pool }, new Date(), startup ? 0 : 60_000)
        if (n > 0) log.info(`[jobs] mail: ${tenant.slug}: ${n} unsent mail(s) queued again`)
      }
    },
    notify: async (data, job) => {
      await runNotify(db, await tenants(), data as NotifyJob, job.id)
    },
    'password-reset': async (data) => {
      await runPasswordResetJob(db, await tenants(), data as PasswordResetJob)
    },
    'push-send': async (data) => {
      const { tenantId, subscriptionId, payload } = data as { tenantId: string; subscriptionId: string; payload: PushPayload }
      const tenant = await tenantBySlug(tenantId)
      if (!tenant) return
      await deliverPush(db, { tenantId: tenant.slug, poolId: tenant.pool }, subscriptionId, payload, `mailto:${tenant.supportEmail}`)
    },
    'accounts-purge': async () => {
      await purgeAllTenants(db, await tenants(), new Date(), log)
    },
    'reminders-unread': async () => {
      await sendUnreadReminders(db, await tenants(), new Date())
    },
    'weekly-update': async () => {
      await sendWeeklyUpdates(db, await tenants(), new Date())
    },
    // Open payments whose webhook never came (a node died, Mollie gave up): decision 015.
    'payments-reconcile': async () => {
      await reconcileOpenPayments(db, await tenants(), { log })
    },
    // An approved refund's Mollie call (decision 040); a provider error throws, so it is retried.
    'payment-refund': async (data) => {
      const { tenantId, paymentId } = data as { tenantId: string; paymentId: string }
      const tenant = await tenantBySlug(tenantId)
      if (!tenant) return
      await sendRefund(db, tenant, { tenantId: tenant.slug, poolId: tenant.pool }, paymentId, log)
    },
    // Waiting conversations to available chatters (issue #21).
    'inbox-assign': async () => {
      await assignWaiting(db, await tenants())
    },
    ...options.extra,
  }
}
