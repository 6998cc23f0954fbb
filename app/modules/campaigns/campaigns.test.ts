// Campaigns (issue #23): 500 seeded members of a segment, 50 of them opted out of
// promotions by e-mail: 450 mails, each once, with List-Unsubscribe, into a real SMTP
// server, sent by a real worker process (scripts/jobs-worker.ts) that is killed with SIGKILL
// mid-send and restarted; by web push (decision 054) into the local push service, once per
// member and subscription, only where the member wants promotions by push. In-process: a
// worker dying mid-batch (its transaction rolls back) and two workers at once still send
// each member exactly one.
/* eslint-disable no-restricted-imports -- this test drives the route module too */
import { spawn, type ChildProcess } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startPushReceiver, type TestSubscription } from '../../../tests/push-receiver.ts'
import { startSmtpReceiver } from '../../../tests/smtp-receiver.ts'
import { appDb, DATEDICHTBIJ, ownerDb } from '../../../tests/fixtures.ts'
import { consoleArgs, signedInOperator } from '../../../tests/operators.ts'
import { runRoute, tenantFor } from '../../../tests/route-harness.ts'
import { action as campaignsAction, loader as campaignsLoader } from '../../routes/console.campaigns.tsx'
import type { Db } from '../db/client.server.ts'
import { withScope } from '../db/scoped.server.ts'
import type { LoadedTenant } from '../tenancy/load-tenants.server.ts'
import { setUnsubscribeKey } from '../notifications/links.server.ts'
import { scheduleCampaignIn, sendCampaignBatch } from './campaigns.server.ts'

let db: Db
let owner: Db
let site: LoadedTenant
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>
let push: Awaited<ReturnType<typeof startPushReceiver>>
let worker: ChildProcess | undefined
let killed: Promise<void> | undefined
const KILL_AT = 120
// Push subscribers: 20 who want promotions by push (3 of them opted out of promotion mails),
// 5 with a subscription who do not want promotions by push.
const subscriptions = new Map<string, TestSubscription>()

/** A real worker process (node itself, not the tsx wrapper, whose child would outlive a kill). */
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
  owner = ownerDb()
  site = await tenantFor(DATEDICHTBIJ)
  // As a node does at start (loadNotificationSecrets): the key that signs unsubscribe links.
  setUnsubscribeKey(Buffer.from('campaign-test-unsubscribe-key-32b').toString('base64url'))
  // 500 active members of datedichtbij in Dutch; the first 50 do not want promotions.
  await owner.$executeRaw`
    INSERT INTO "User" (id, "poolId", "tenantId", email, status, locale, "emailKinds")
    SELECT gen_random_uuid()::text, 'benelux', 'datedichtbij', 'camp' || lpad(i::text, 3, '0') || '@example.test', 'active', 'nl',
           CASE WHEN i <= 50 THEN ARRAY['new_messages'] ELSE ARRAY['new_messages', 'promotions'] END
      FROM generate_series(1, 500) AS i`
  await owner.$executeRaw`
    INSERT INTO "Profile" ("poolId", "tenantId", "userId", name, gender, "birthDate", country, status)
    SELECT 'benelux', 'datedichtbij', u.id, 'Camp', 'woman', '1990-01-01', 'NL', 'active' FROM "User" u WHERE u.email LIKE 'camp%@example.test'`
  push = await startPushReceiver()
  smtp = await startSmtpReceiver(0, {
    beforeAccept: async () => {
      if (smtp.mails.length === KILL_AT && worker && !killed) {
        // The worker waits for this mail's answer: kill it now, then refuse the mail.
        const dying = worker
        killed = new Promise<void>((resolve) => dying.once('exit', () => resolve()))
        dying.kill('SIGKILL')
        await killed
        return false
      }
      return true
    },
  })
  const users = await owner.user.findMany({ where: { tenantId: 'datedichtbij', email: { in: [48, 49, 50, ...Array.from({ length: 22 }, (_, i) => 101 + i)].map((i) => `camp${String(i).padStart(3, '0')}@example.test`) } }, orderBy: { email: 'asc' } })
  for (const [i, u] of users.entries()) {
    const browser = push.subscribe()
    subscriptions.set(u.email, browser)
    // camp118-camp122 have a subscription but want no promotions by push.
    if (i < 20) await owner.user.updateMany({ where: { id: u.id }, data: { pushKinds: ['new_messages', 'promotions'] } })
    await owner.pushSubscription.create({ data: { poolId: 'benelux', tenantId: 'datedichtbij', userId: u.id, endpoint: browser.endpoint, p256dh: browser.keys.p256dh, auth: browser.keys.auth } })
  }
})

afterAll(async () => {
  if (worker && worker.exitCode === null && worker.signalCode === null) {
    const exited = new Promise((resolve) => worker!.once('exit', resolve))
    worker.kill('SIGTERM')
    await exited
  }
  await smtp.stop()
  await push.stop()
  await db.$disconnect()
  await owner.$disconnect()
})

const newCampaign = (channels: string[] = ['email'], status: 'scheduled' | 'draft' = 'scheduled') =>
  withScope(db, DATEDICHTBIJ, (tx) =>
    tx.campaign.create({ data: { poolId: 'benelux', tenantId: 'datedichtbij', language: 'nl', kind: 'promotions', subject: 'Voorjaarsactie', body: 'Deze week 20% korting.\n\nAlleen voor jou.', discountCode: 'SPRING20', channels, segment: { paid: 'all' }, status, createdBy: 'test' } }),
  )

describe('a campaign', () => {
  it('by e-mail and web push: 450 mails and 20 pushes, each once, although the worker was killed mid-send and restarted', async () => {
    const campaign = await newCampaign(['email', 'push'], 'draft')
    await withScope(db, DATEDICHTBIJ, (tx) => scheduleCampaignIn(tx, DATEDICHTBIJ, campaign.id, null))
    worker = startWorker()
    // A busy 2-core machine needs well over a minute to start a worker and send 120 mails.
    await expect.poll(() => killed !== undefined, { timeout: 150_000, interval: 100 }).toBe(true)
    await killed
    expect(smtp.mails).toHaveLength(KILL_AT)
    worker = startWorker()
    await expect.poll(() => smtp.mails.length, { timeout: 200_000, interval: 200 }).toBe(450)
    await expect.poll(() => push.pushes.length, { timeout: 30_000, interval: 200 }).toBe(20)
    // Leftover jobs (the killed worker's, the start-up sweep's) find everything sent.
    await new Promise((resolve) => setTimeout(resolve, 2_000))
    expect(smtp.mails).toHaveLength(450)
    const to = smtp.mails.map((m) => m.to[0]!)
    expect(new Set(to).size).toBe(450)
    expect(to.filter((a) => /^camp0([0-4]\d|50)@/.test(a))).toEqual([])
    for (const mail of smtp.mails) {
      expect(mail.headers['list-unsubscribe']).toMatch(/^<http:\/\/datedichtbij\.localhost:\d+\/api\/unsubscribe\?token=[^>]+>$/)
      expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click')
    }
    // Pushes: the 20 who want promotions by push (also camp048-050, who do not want the mail), once each.
    expect(push.errors).toEqual([])
    const wanted = [...subscriptions.entries()].slice(0, 20).map(([, b]) => b.endpoint).sort()
    expect(push.pushes.map((p) => p.endpoint).sort()).toEqual(wanted)
    expect(push.pushes[0]!.payload).toEqual({ title: 'Voorjaarsactie', body: 'Deze week 20% korting.', url: '/credits?code=SPRING20', tag: `campaign:${campaign.id}`, kind: 'promotions' })
    expect(await owner.campaignSend.count({ where: { campaignId: campaign.id } })).toBe(453)
    expect((await owner.campaign.findFirstOrThrow({ where: { id: campaign.id } })).status).toBe('done')
  }, 420_000)

  it('reaches 450 of 500 (50 opted out), each once, also after a worker died mid-batch and with two workers at once', async () => {
    const campaign = await newCampaign()
    // A worker dies in the middle of a batch: nothing of that batch remains.
    await expect(sendCampaignBatch(db, site, campaign.id, { batchSize: 200, afterEach: async (n) => { if (n === 150) throw new Error('worker killed') } })).rejects.toThrow('worker killed')
    expect(await owner.campaignSend.count({ where: { campaignId: campaign.id } })).toBe(0)
    expect(await owner.outboxMail.count({ where: { dedupeKey: { startsWith: `campaign:${campaign.id}:` } } })).toBe(0)
    // Restarted, two workers at once, batch after batch until done.
    for (let round = 0; round < 10; round++) {
      const [a, b] = await Promise.all([sendCampaignBatch(db, site, campaign.id, { batchSize: 120 }), sendCampaignBatch(db, site, campaign.id, { batchSize: 120 })])
      if (a + b === 0) break
    }
    const mails = await owner.outboxMail.findMany({ where: { dedupeKey: { startsWith: `campaign:${campaign.id}:` } }, select: { to: true, headers: true, subject: true, text: true } })
    expect(mails).toHaveLength(450)
    expect(new Set(mails.map((m) => m.to)).size).toBe(450)
    expect(mails.some((m) => ['camp001@example.test', 'camp050@example.test'].includes(m.to))).toBe(false)
    const headers = mails[0]!.headers as Record<string, string>
    expect(headers['List-Unsubscribe']).toMatch(/^<http:\/\/datedichtbij\.localhost:\d+\/api\/unsubscribe\?token=/)
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
    expect(mails[0]!.subject).toBe('Voorjaarsactie')
    expect(mails[0]!.text).toContain('Deze week 20% korting.')
    expect(mails[0]!.text).toContain('SPRING20')
    expect(await owner.campaignSend.count({ where: { campaignId: campaign.id } })).toBe(450)
    expect((await owner.campaign.findFirstOrThrow({ where: { id: campaign.id } })).status).toBe('done')
    // Done: another run sends nothing.
    expect(await sendCampaignBatch(db, site, campaign.id)).toBe(0)
    // Each mail carries its own member's unsubscribe link.
    expect(mails[0]!.text).toContain((headers['List-Unsubscribe'] ?? '').slice(1, -1))
  }, 120_000)

  it('is made, previewed, test-sent and scheduled in the console by a marketer, audited', async () => {
    const { cookie, operator } = await signedInOperator(db, { role: 'marketer', pools: ['benelux'] })
    const post = async (form: Record<string, string>) => runRoute(async () => campaignsAction(await consoleArgs('/campaigns', { cookie, form })))
    const bad = await post({ intent: 'create', site: 'datedichtbij', language: 'nl', kind: 'promotions', subject: '', body: 'x', paid: 'all' })
    expect(bad.status).toBe(400)
    expect((bad.body as { errors: Record<string, string> }).errors.subject).toBe('campaigns.subjectRequired')
    const none = await post({ intent: 'create', site: 'datedichtbij', language: 'nl', kind: 'promotions', subject: 'Nieuws', body: 'Hallo allemaal.', paid: 'all', country: 'NL' })
    expect((none.body as { errors: Record<string, string>; values: Record<string, string> }).errors).toEqual({ channels: 'campaigns.channelsRequired' })
    expect((none.body as { values: Record<string, string> }).values.subject).toBe('Nieuws')
    const made = await post({ intent: 'create', site: 'datedichtbij', language: 'nl', kind: 'promotions', subject: 'Nieuws', body: 'Hallo allemaal.', paid: 'all', country: 'NL', channels: 'email' })
    expect(made.status).toBe(200)
    const id = String((made.body as { id: number }).id)
    const listed = await runRoute(async () => campaignsLoader(await consoleArgs('/campaigns', { cookie })))
    const row = (listed.body as { campaigns: { id: number; reach: number | null; status: string }[] }).campaigns.find((c) => String(c.id) === id)!
    expect(row).toMatchObject({ status: 'draft', reach: 450 })
    expect((await post({ intent: 'test', id })).status).toBe(200)
    expect(await owner.outboxMail.count({ where: { to: operator.email, subject: 'Nieuws' } })).toBe(1)
    expect((await post({ intent: 'schedule', id, at: '' })).status).toBe(200)
    expect((await owner.campaign.findFirstOrThrow({ where: { id: Number(id) } })).status).toBe('scheduled')
    const trail = await owner.operatorAudit.findMany({ where: { targetType: 'campaign', targetId: id }, orderBy: { id: 'asc' } })
    expect(trail.map((a) => a.action)).toEqual(['campaign.create', 'campaign.test', 'campaign.schedule'])
    const moderator = (await signedInOperator(db, { role: 'moderator', pools: ['benelux'] })).cookie
    expect((await runRoute(async () => campaignsLoader(await consoleArgs('/campaigns', { cookie: moderator })))).status).toBe(403)
  })

  it('a marketer of another pool or of the sibling site cannot see, test-send, schedule or cancel it, nor make one there', async () => {
    const { cookie } = await signedInOperator(db, { role: 'marketer', sites: ['datedichtbij'] })
    const made = await runRoute(async () => campaignsAction(await consoleArgs('/campaigns', { cookie, form: { intent: 'create', site: 'datedichtbij', language: 'nl', kind: 'news', subject: 'Alleen hier', body: 'Hallo.', paid: 'all', channels: 'email' } })))
    const id = String((made.body as { id: number }).id)
    for (const reach of [{ pools: ['datevibe'] }, { sites: ['flirtlokaal'] }]) {
      const { cookie: other, operator } = await signedInOperator(db, { role: 'marketer', ...reach })
      const post = async (form: Record<string, string>) => (await runRoute(async () => campaignsAction(await consoleArgs('/campaigns', { cookie: other, form })))).status
      const listed = await runRoute(async () => campaignsLoader(await consoleArgs('/campaigns', { cookie: other })))
      expect((listed.body as { campaigns: { id: number }[] }).campaigns.map((c) => String(c.id))).not.toContain(id)
      expect([await post({ intent: 'test', id }), await post({ intent: 'schedule', id, at: '' }), await post({ intent: 'cancel', id })]).toEqual([404, 404, 404])
      expect(await owner.outboxMail.count({ where: { to: operator.email } })).toBe(0)
      expect(await post({ intent: 'create', site: 'datedichtbij', language: 'nl', kind: 'news', subject: 'Van buiten', body: 'Hallo.', paid: 'all', channels: 'email' })).toBe(400)
    }
    expect((await owner.campaign.findFirstOrThrow({ where: { id: Number(id) } })).status).toBe('draft')
    expect(await owner.campaign.count({ where: { subject: 'Van buiten' } })).toBe(0)
  })
})
