import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { linkIn, startSmtpReceiver } from '../../../tests/smtp-receiver.ts'
import { appDb, FLIRTLOKAAL } from '../../../tests/fixtures.ts'
import { THEMES } from '../../../themes/index.ts'
import { THEME_NAMES } from '../../../themes/index.ts'
import { withScope } from '../db/scoped.server.ts'
import { loadTenants } from '../tenancy/load-tenants.server.ts'
import { translatorFor } from '../tenancy/context.server.ts'
import { renderMail } from './render.server.ts'

const tenants = await loadTenants(THEME_NAMES)
const flirt = tenants.find((t) => t.slug === 'flirtlokaal')!
const vibe = tenants.find((t) => t.slug === 'datevibe')!

describe('renderMail', () => {
  it('is translated, themed and names the site, with the link as text and button', async () => {
    const mail = await renderMail('activation', { t: translatorFor('nl', flirt), tenant: flirt, theme: THEMES.violet!, link: 'https://flirtlokaal.nl/activate?token=abc', values: { name: 'Anna' } })
    expect(mail.subject).toBe('Bevestig je e-mailadres voor FlirtLokaal')
    expect(mail.text).toContain('Hoi Anna,')
    expect(mail.text).toContain('https://flirtlokaal.nl/activate?token=abc')
    expect(mail.html).toContain('#8e44ad')
    expect(mail.html).toContain('Lokaal Media B.V.')
    const en = await renderMail('password_reset', { t: translatorFor('en', vibe), tenant: vibe, theme: THEMES.ocean!, link: 'https://x/reset', values: { name: '<b>x</b>' } })
    expect(en.subject).toBe('Set a new password for DateVibe')
    expect(en.html).not.toContain('<b>x</b>')
  })
})

describe('sendMail', () => {
  let receiver: Awaited<ReturnType<typeof startSmtpReceiver>>
  beforeAll(async () => {
    receiver = await startSmtpReceiver()
  })
  afterAll(async () => {
    await receiver.stop()
    delete process.env.SMTP_URL
  })

  it('queues mails in the site’s outbox with a job; the job marks them delivered without SMTP_URL, and sends over real SMTP with it', async () => {
    const db = appDb()
    const ctx = { db, scope: FLIRTLOKAAL, tenant: flirt, theme: THEMES.violet!, t: translatorFor('nl', flirt) }
    // Fresh module instances: the transport is chosen on first use.
    vi.resetModules()
    const outbox = await import('./send.server.ts')
    await outbox.sendMail(ctx, { to: 'anna@example.test', kind: 'activation', link: 'http://flirtlokaal.localhost/activate?token=t1', values: { name: 'Anna' } })
    const stored = await withScope(db, FLIRTLOKAAL, (tx) => tx.outboxMail.findMany())
    expect(stored.map((m) => [m.to, m.sentAt])).toEqual([['anna@example.test', null]])
    expect(await withScope(db, { tenantId: 'datevibe', poolId: 'datevibe' }, (tx) => tx.outboxMail.count())).toBe(0)
    // Its delivery job is queued with it.
    const jobs = await db.$queryRaw<{ data: { id: string; tenantId: string } }[]>`SELECT data FROM pgboss.job WHERE name = 'mail-send'`
    expect(jobs.map((j) => j.data)).toEqual([{ tenantId: 'flirtlokaal', id: stored[0]!.id }])
    expect(await outbox.deliverOutboxMail(db, flirt, stored[0]!.id)).toBe('mailbox')
    expect(await outbox.deliverOutboxMail(db, flirt, stored[0]!.id)).toBe('done')

    process.env.SMTP_URL = receiver.url
    vi.resetModules()
    const smtp = await import('./send.server.ts')
    await smtp.sendMail(ctx, { to: 'bob@example.test', kind: 'activation', link: 'http://flirtlokaal.localhost/activate?token=t2', values: { name: 'Bob' } })
    expect(receiver.mails).toHaveLength(0)
    const bob = await withScope(db, FLIRTLOKAAL, (tx) => tx.outboxMail.findFirstOrThrow({ where: { to: 'bob@example.test' } }))
    expect(await smtp.deliverOutboxMail(db, flirt, bob.id)).toBe('sent')
    // A second job for the same mail (a retry, the sweep) sends nothing.
    expect(await smtp.deliverOutboxMail(db, flirt, bob.id)).toBe('done')
    expect(receiver.mails).toHaveLength(1)
    const [mail] = receiver.mails
    expect(mail!.to).toEqual(['bob@example.test'])
    expect(mail!.from).toBe('support@flirtlokaal.nl')
    expect(mail!.subject).toBe('Bevestig je e-mailadres voor FlirtLokaal')
    expect(linkIn(mail!, '/activate?token=')).toBe('http://flirtlokaal.localhost/activate?token=t2')
    await db.$disconnect()
  })
})
