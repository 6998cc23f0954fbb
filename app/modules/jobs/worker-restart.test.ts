// Acceptance (issue #14): killing the worker mid-queue and restarting it sends every pending
// mail exactly once. A real worker process (scripts/jobs-worker.ts) sends to a real SMTP
// server; the test kills it with SIGKILL while the server holds a mail unanswered (node
// itself is spawned, not the tsx wrapper, whose child would outlive the kill).
import { spawn, type ChildProcess } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSmtpReceiver } from '../../../tests/smtp-receiver.ts'
import { appDb, FLIRTLOKAAL } from '../../../tests/fixtures.ts'
import type { Db } from '../db/client.server.ts'
import { withScope } from '../db/scoped.server.ts'
import { queueMailIn } from '../mail/send.server.ts'

const COUNT = 12
const KILL_AT = 5

let db: Db
let worker: ChildProcess | undefined
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>
let killed: Promise<void> | undefined

function startWorker(): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/jobs-worker.ts', '--poll=0.5', '--no-schedules'], {
    env: { ...process.env, SMTP_URL: smtp.url, DATABASE_URL: process.env.TEST_OWNER_DATABASE_URL, NODE_ENV: 'test' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stderr?.on('data', (d: Buffer) => process.stderr.write(`[worker] ${d.toString()}`))
  return child
}

beforeAll(async () => {
  db = appDb()
  smtp = await startSmtpReceiver(0, {
    beforeAccept: async () => {
      if (smtp.mails.length === KILL_AT && !killed) {
        // The worker is waiting for this mail's answer: kill it now, then refuse the mail.
        const dying = worker!
        killed = new Promise<void>((resolve) => dying.once('exit', () => resolve()))
        dying.kill('SIGKILL')
        await killed
        return false
      }
      return true
    },
  })
})

afterAll(async () => {
  if (worker && worker.exitCode === null) {
    const exited = new Promise((resolve) => worker!.once('exit', resolve))
    worker.kill('SIGTERM')
    await exited
  }
  await db.$disconnect()
  await smtp.stop()
})

describe('a worker killed mid-queue', () => {
  it('sends every pending mail exactly once after a restart', { timeout: 90_000 }, async () => {
    const ids = await withScope(db, FLIRTLOKAAL, async (tx) => {
      const out: string[] = []
      for (let i = 0; i < COUNT; i++) out.push((await queueMailIn(tx, FLIRTLOKAAL, { to: `queue${i}@example.test`, subject: `Mail ${i}`, text: `mail ${i}`, html: `<p>mail ${i}</p>` }))!)
      return out
    })
    worker = startWorker()
    await expect.poll(() => killed !== undefined, { timeout: 30_000, interval: 100 }).toBe(true)
    await killed
    expect(smtp.mails).toHaveLength(KILL_AT)
    const unsent = await withScope(db, FLIRTLOKAAL, (tx) => tx.outboxMail.count({ where: { sentAt: null } }))
    expect(unsent).toBe(COUNT - KILL_AT)

    const restartedAt = Date.now()
    worker = startWorker()
    await expect.poll(() => smtp.mails.length, { timeout: 30_000, interval: 100 }).toBe(COUNT)
    console.info(`restart to all mails sent: ${Date.now() - restartedAt} ms`)
    // Leftover jobs (the killed worker's, the start-up sweep's) find the mails sent and do nothing.
    await new Promise((resolve) => setTimeout(resolve, 2_000))
    expect(smtp.mails).toHaveLength(COUNT)
    expect(new Set(smtp.mails.map((m) => m.subject)).size).toBe(COUNT)
    expect(smtp.mails.map((m) => m.messageId).sort()).toEqual(ids.map((id) => `<${id}@flirtlokaal.nl>`).sort())
    expect(await withScope(db, FLIRTLOKAAL, (tx) => tx.outboxMail.count({ where: { sentAt: null } }))).toBe(0)
  })
})
