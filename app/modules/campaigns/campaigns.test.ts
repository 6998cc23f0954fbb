// Campaigns (issue #23): 500 seeded members of a segment, 50 of them opted out of
// promotions: 450 mails, each once, with List-Unsubscribe; a worker dying mid-batch (its
// transaction rolls back) and two workers at once still send each member exactly one.
/* eslint-disable no-restricted-imports -- this test drives the route module too */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appDb, DATEDICHTBIJ, ownerDb } from '../../../tests/fixtures.ts'
import { consoleArgs, signedInOperator } from '../../../tests/operators.ts'
import { runRoute, tenantFor } from '../../../tests/route-harness.ts'
import { action as campaignsAction, loader as campaignsLoader } from '../../routes/console.campaigns.tsx'
import type { Db } from '../db/client.server.ts'
import { withScope } from '../db/scoped.server.ts'
import type { LoadedTenant } from '../tenancy/load-tenants.server.ts'
import { setUnsubscribeKey } from '../notifications/links.server.ts'
import { sendCampaignBatch } from './campaigns.server.ts'

let db: Db
let owner: Db
let site: LoadedTenant

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
})

afterAll(async () => {
  await db.$disconnect()
  await owner.$disconnect()
})

const newCampaign = () =>
  withScope(db, DATEDICHTBIJ, (tx) =>
    tx.campaign.create({ data: { poolId: 'benelux', tenantId: 'datedichtbij', language: 'nl', kind: 'promotions', subject: 'Voorjaarsactie', body: 'Deze week 20% korting.\n\nAlleen voor jou.', discountCode: 'SPRING20', segment: { paid: 'all' }, status: 'scheduled', createdBy: 'test' } }),
  )

describe('a campaign', () => {
  it('reaches 450 of 500 (50 opted out), each once, also after a worker died mid-send and with two workers at once', async () => {
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
    const made = await post({ intent: 'create', site: 'datedichtbij', language: 'nl', kind: 'promotions', subject: 'Nieuws', body: 'Hallo allemaal.', paid: 'all', country: 'NL' })
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
})
