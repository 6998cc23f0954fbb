// The console's campaign preview (decision 058): a marketer sees a campaign's mail exactly as
// members get it (the site's own layout, the placeholder for the unsubscribe link) and its
// push message, for an existing campaign and for a draft before it is stored; an operator
// of another site or pool gets 404, and the component frames the mail sandboxed.
/* eslint-disable no-restricted-imports -- this test drives the route module too */
import { renderToStaticMarkup } from 'react-dom/server'
import { createElement } from 'react'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appDb, DATEDICHTBIJ, FLIRTLOKAAL, ownerDb } from '../../../tests/fixtures.ts'
import { consoleArgs, signedInOperator } from '../../../tests/operators.ts'
import { runRoute, tenantFor } from '../../../tests/route-harness.ts'
import { CampaignPreview } from '../../components/console/campaign-preview.tsx'
import { action as campaignsAction, loader as campaignsLoader } from '../../routes/console.campaigns.tsx'
import type { Db } from '../db/client.server.ts'
import { withScope } from '../db/scoped.server.ts'
import { themeFor } from '../../../themes/index.ts'
import { renderCampaignMail, UNSUBSCRIBE_PLACEHOLDER, type CampaignPreview as Preview } from './campaigns.server.ts'

let db: Db
let owner: Db
let campaignId: number

type Previewed = { id: number; site: string; preview: Preview }

beforeAll(async () => {
  db = appDb()
  owner = ownerDb()
  const row = await withScope(db, DATEDICHTBIJ, (tx) =>
    tx.campaign.create({ data: { poolId: 'benelux', tenantId: 'datedichtbij', language: 'nl', kind: 'promotions', subject: 'Voorbeeldactie', body: 'Deze week 20% korting.\n\nAlleen voor jou.', discountCode: 'PREVIEW20', channels: ['email', 'push'], segment: { paid: 'all' }, createdBy: 'test' } }),
  )
  campaignId = row.id
})

afterAll(async () => {
  await db.$disconnect()
  await owner.$disconnect()
})

const load = async (cookie: string, path: string) => runRoute(async () => campaignsLoader(await consoleArgs(path, { cookie })))

describe('the campaign preview', () => {
  it('shows an existing campaign as members get it: the site’s layout, the code, a placeholder unsubscribe link, the push message', async () => {
    const { cookie } = await signedInOperator(db, { role: 'marketer', pools: ['benelux'] })
    const without = await load(cookie, '/campaigns')
    expect((without.body as { preview: Previewed | null }).preview).toBeNull()
    const res = await load(cookie, `/campaigns?preview=${campaignId}`)
    expect(res.status).toBe(200)
    const previewed = (res.body as { preview: Previewed }).preview
    expect(previewed).toMatchObject({ id: campaignId, site: 'DateDichtbij' })
    const { mail, push, subject } = previewed.preview
    expect(subject).toBe('Voorbeeldactie')
    // Exactly the mail the batch renders for a member, before their own link is put in.
    const site = await tenantFor(DATEDICHTBIJ)
    const campaign = await owner.campaign.findFirstOrThrow({ where: { id: campaignId } })
    const sent = await renderCampaignMail(site, campaign, UNSUBSCRIBE_PLACEHOLDER)
    expect(mail).toEqual({ html: sent.html, text: sent.text })
    expect(mail!.html).toContain('DateDichtbij')
    expect(mail!.html).toContain(themeFor(site).colors.primary)
    expect(mail!.html).not.toContain('FlirtLokaal')
    expect(mail!.html).toContain('PREVIEW20')
    expect(mail!.html).toContain(UNSUBSCRIBE_PLACEHOLDER)
    expect(mail!.html).toMatch(/<html[^>]*lang="nl"/)
    expect(push).toEqual({ title: 'Voorbeeldactie', body: 'Deze week 20% korting.', url: '/credits?code=PREVIEW20', tag: `campaign:${campaignId}`, kind: 'promotions' })
    // Nothing was sent or stored by looking.
    expect(await owner.outboxMail.count({ where: { subject: 'Voorbeeldactie' } })).toBe(0)
  })

  it('answers 404 to an operator of another pool or only another site, and to an unknown id', async () => {
    const otherPool = (await signedInOperator(db, { role: 'marketer', pools: ['datevibe'] })).cookie
    expect((await load(otherPool, `/campaigns?preview=${campaignId}`)).status).toBe(404)
    const otherSite = (await signedInOperator(db, { role: 'marketer', sites: ['flirtlokaal'] })).cookie
    expect((await load(otherSite, `/campaigns?preview=${campaignId}`)).status).toBe(404)
    const mine = (await signedInOperator(db, { role: 'marketer', sites: ['datedichtbij'] })).cookie
    expect((await load(mine, `/campaigns?preview=${campaignId}`)).status).toBe(200)
    expect((await load(mine, '/campaigns?preview=2147483647')).status).toBe(404)
    expect((await load(mine, '/campaigns?preview=abc')).status).toBe(404)
    const moderator = (await signedInOperator(db, { role: 'moderator', pools: ['benelux'] })).cookie
    expect((await load(moderator, `/campaigns?preview=${campaignId}`)).status).toBe(403)
  })

  it('shows a draft before it is created, in the chosen site’s layout, and stores nothing', async () => {
    const { cookie } = await signedInOperator(db, { role: 'marketer', pools: ['benelux'] })
    const post = async (form: Record<string, string>) => runRoute(async () => campaignsAction(await consoleArgs('/campaigns', { cookie, form })))
    const draft = { intent: 'preview', language: 'nl', kind: 'news', subject: 'Conceptnieuws', body: 'Hallo allemaal.', code: '', paid: 'all', channels: 'email' }
    const before = await owner.campaign.count()
    const res = await post({ ...draft, site: 'flirtlokaal' })
    expect(res.status).toBe(200)
    const body = res.body as { preview: { site: string; preview: Preview } }
    expect(body.preview.site).toBe('FlirtLokaal')
    const flirt = await tenantFor(FLIRTLOKAAL)
    const expected = await renderCampaignMail(flirt, { language: 'nl', kind: 'news', subject: 'Conceptnieuws', body: 'Hallo allemaal.', discountCode: null }, UNSUBSCRIBE_PLACEHOLDER)
    expect(body.preview.preview.mail!.html).toBe(expected.html)
    expect(body.preview.preview.mail!.html).toContain(themeFor(flirt).colors.primary)
    expect(body.preview.preview.mail!.html).not.toContain('DateDichtbij')
    expect(body.preview.preview.push).toBeNull()
    expect(await owner.campaign.count()).toBe(before)
    // By push only: the push message, no mail.
    const pushOnly = (await post({ ...draft, site: 'datedichtbij', channels: 'push' })).body as { preview: { preview: Preview } }
    expect(pushOnly.preview.preview).toMatchObject({ mail: null, push: { title: 'Conceptnieuws', body: 'Hallo allemaal.' } })
    // Invalid or outside the operator's sites: the form's errors, no preview.
    const invalid = await post({ ...draft, site: 'datedichtbij', subject: '' })
    expect(invalid.status).toBe(400)
    expect((invalid.body as { preview?: unknown; errors: Record<string, string> }).errors.subject).toBe('campaigns.subjectRequired')
    const foreign = await post({ ...draft, site: 'datevibe' })
    expect(foreign.status).toBe(400)
    expect((foreign.body as { preview?: unknown }).preview).toBeUndefined()
    expect(await owner.campaign.count()).toBe(before)
  })

  it('frames the mail sandboxed (no scripts, no same origin) with a title, and shows the push text', () => {
    const preview: Preview = { subject: 'S', mail: { html: '<html><body><p>mail<script>alert(1)</script></p></body></html>', text: 'mail' }, push: { title: 'Push-titel', body: 'Push-tekst', url: '/', tag: 't', kind: 'promotions' } }
    const html = renderToStaticMarkup(createElement(CampaignPreview, { preview, site: 'DateDichtbij' }))
    const frame = html.match(/<iframe[^>]*>/)?.[0] ?? ''
    expect(frame).toMatch(/ sandbox=""/)
    expect(frame).toMatch(/ srcDoc="[^"]*&lt;script&gt;/i)
    expect(frame).toMatch(/ title="[^"]+"/)
    expect(html).not.toContain('<script>')
    expect(html).toContain('Push-titel')
    expect(html).toContain('Push-tekst')
  })
})
