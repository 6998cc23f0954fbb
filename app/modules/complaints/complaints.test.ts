// Complaints (SPEC §1, §2) through the /complaints and /operator/complaints route modules
// against a real database: stored on the site it was filed on, confirmed by mail in the
// sender's language, bad input answered at the field with what was typed kept, and one
// site's operator never sees or changes another site's complaints.
/* eslint-disable no-restricted-imports -- this test drives the route modules themselves */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appDb, DATEVIBE, FLIRTLOKAAL } from '../../../tests/fixtures.ts'
import { loggedInMember, runRoute, siteRequest, tenantFor } from '../../../tests/route-harness.ts'
import { action as complaintAction, loader as complaintLoader } from '../../routes/_default.complaints.tsx'
import { action as operatorAction, loader as operatorLoader } from '../../routes/console.complaints.tsx'
import { consoleArgs, signedInOperator } from '../../../tests/operators.ts'
import type { Db } from '../db/client.server.ts'
import { withScope, type Scope } from '../db/scoped.server.ts'
import { closeLimits } from '../limits/limiter.server.ts'
import { buildAppContext } from '../tenancy/context.server.ts'

let db: Db

beforeAll(() => {
  db = appDb()
})
afterAll(async () => {
  await closeLimits()
  await db.$disconnect()
})

let ip = 0
async function file(scope: Scope, fields: Record<string, string>, cookie?: string) {
  const request = await siteRequest(scope, '/complaints', { method: 'POST', body: new URLSearchParams(fields), cookie })
  const context = await buildAppContext(request, await tenantFor(scope), { clientIp: `10.77.0.${++ip}` })
  return runRoute(() => complaintAction({ request, context, params: {} }))
}

/** The console's complaints page as an operator of DateVibe's pool (its own site only). */
async function operatorPage(_scope: Scope, method: 'GET' | 'POST' = 'GET', body?: URLSearchParams) {
  vibeOperator ??= (await signedInOperator(db, { role: 'moderator', pools: ['datevibe'] })).cookie
  const form = body ? { ...Object.fromEntries(body), site: body.get('site') ?? 'datevibe' } : undefined
  const args = await consoleArgs('/complaints', { cookie: vibeOperator, form: method === 'POST' ? form : undefined })
  return runRoute(() => (method === 'GET' ? operatorLoader(args) : operatorAction(args)))
}
let vibeOperator: string | undefined

const outboxTo = (scope: Scope, to: string) => withScope(db, scope, (tx) => tx.outboxMail.findMany({ where: { to } }))

const valid = (email: string) => ({ name: 'Anna de Vries', email, subject: 'Dubbel afgeschreven', message: 'Mijn betaling van gisteren is twee keer afgeschreven van mijn rekening.', transaction: 'tr_12345' })

describe('/complaints', () => {
  it('stores a visitor\'s complaint on its own site, shows the reference and mails nobody', async () => {
    const email = `klacht.${Date.now()}@example.test`
    const result = await file(FLIRTLOKAAL, valid(email))
    expect(result.status).toBe(302)
    const location = result.headers.get('location')!
    expect(location).toMatch(/^\/complaints\?sent=K-\d{6}$/)
    const reference = location.split('=')[1]!
    const stored = await withScope(db, FLIRTLOKAAL, (tx) => tx.complaint.findMany({ where: { email } }))
    expect(stored).toHaveLength(1)
    expect(stored[0]).toMatchObject({ tenantId: 'flirtlokaal', subject: 'Dubbel afgeschreven', transaction: 'tr_12345', locale: 'nl', userId: null })
    // Row-level security: the other site sees nothing of it.
    expect(await withScope(db, DATEVIBE, (tx) => tx.complaint.count({ where: { email } }))).toBe(0)
    // A typed address is anyone's: no mail goes to it (the page shows the number).
    expect(await outboxTo(FLIRTLOKAAL, email)).toHaveLength(0)
    // The confirmation page shows the reference.
    const request = await siteRequest(FLIRTLOKAAL, location)
    const page = await runRoute(async () => complaintLoader({ request, context: await buildAppContext(request, await tenantFor(FLIRTLOKAAL)), params: {} }))
    expect(page.body).toMatchObject({ sent: reference })
  })

  it('answers bad input at the field, keeps what was typed, stores and sends nothing', async () => {
    const email = `kort.${Date.now()}@example.test`
    const result = await file(FLIRTLOKAAL, { ...valid(email), message: 'te kort', subject: '' })
    expect(result.status).toBe(400)
    const reply = (result.body as { result: { error: Record<string, string[]>; initialValue: Record<string, string> } }).result
    expect(reply.error.message).toEqual(['account:complaint.errors.tooShort'])
    expect(reply.error.subject).toEqual(['account:complaint.errors.required'])
    expect(reply.initialValue).toMatchObject({ name: 'Anna de Vries', email, message: 'te kort' })
    expect(await withScope(db, FLIRTLOKAAL, (tx) => tx.complaint.count({ where: { email } }))).toBe(0)
    expect(await outboxTo(FLIRTLOKAAL, email)).toHaveLength(0)
  })

  it('links a logged-in member’s complaint to their account and fills in their address', async () => {
    const member = await loggedInMember(db, DATEVIBE, 'complainer')
    const request = await siteRequest(DATEVIBE, '/complaints', { cookie: member.cookie })
    const page = await runRoute(async () => complaintLoader({ request, context: await buildAppContext(request, await tenantFor(DATEVIBE)), params: {} }))
    expect((page.body as { defaults: { email: string } }).defaults.email).toBe(member.user.email)
    const result = await file(DATEVIBE, valid(member.user.email), member.cookie)
    expect(result.status).toBe(302)
    const stored = await withScope(db, DATEVIBE, (tx) => tx.complaint.findFirstOrThrow({ where: { email: member.user.email } }))
    expect(stored.userId).toBe(member.user.id)
    expect(stored.locale).toBe('en')
    const [mail, ...more] = await outboxTo(DATEVIBE, member.user.email)
    expect(more).toHaveLength(0)
    expect(mail!.subject).toMatch(/^We have received your complaint \(K-\d{6}\)$/)
    expect(mail!.text).toContain('DateVibe')
    expect(mail!.text).not.toContain('FlirtLokaal')
  })

  it('confirms only to the member\'s own address, with the number and nothing the sender typed', async () => {
    const member = await loggedInMember(db, FLIRTLOKAAL, 'quoted')
    const victim = `victim.${Date.now()}@example.test`
    const result = await file(FLIRTLOKAAL, { ...valid(victim), name: 'Click www.evil.example now', subject: 'You won a prize at www.evil.example' }, member.cookie)
    expect(result.status).toBe(302)
    const reference = result.headers.get('location')!.split('=')[1]!
    expect(await outboxTo(FLIRTLOKAAL, victim)).toHaveLength(0)
    const [mail] = await outboxTo(FLIRTLOKAAL, member.user.email)
    expect(mail!.subject).toBe(`We hebben je klacht ontvangen (${reference})`)
    expect(mail!.text).toContain(reference)
    expect(`${mail!.subject}\n${mail!.text}\n${mail!.html}`).not.toContain('evil.example')
  })

  it('is told the same as a person when the honeypot is filled, and nothing is stored', async () => {
    const email = `bot.${Date.now()}@example.test`
    const result = await file(FLIRTLOKAAL, { ...valid(email), website: 'http://spam.example' })
    expect(result.status).toBe(302)
    expect(await withScope(db, FLIRTLOKAAL, (tx) => tx.complaint.count({ where: { email } }))).toBe(0)
  })
})

describe('/complaints on the console host', () => {
  it('lists the site’s own complaints only and marks them handled; another site’s id changes nothing', async () => {
    const email = `operator.${Date.now()}@example.test`
    await file(DATEVIBE, { ...valid(email), subject: 'Vibe complaint' })
    await file(FLIRTLOKAAL, { ...valid(email), subject: 'Flirt klacht' })
    const vibe = await operatorPage(DATEVIBE)
    const vibeList = (vibe.body as { complaints: { id: number; subject: string; email: string; handled: boolean }[] }).complaints.filter((c) => c.email === email)
    expect(vibeList.map((c) => c.subject)).toEqual(['Vibe complaint'])
    const flirtId = (await withScope(db, FLIRTLOKAAL, (tx) => tx.complaint.findFirstOrThrow({ where: { email } }))).id
    // The Vibe operator tries to close FlirtLokaal's complaint, by its id and naming its site: not found, nothing changed.
    expect((await operatorPage(DATEVIBE, 'POST', new URLSearchParams({ id: String(flirtId) }))).status).toBe(404)
    expect((await operatorPage(DATEVIBE, 'POST', new URLSearchParams({ id: String(flirtId), site: 'flirtlokaal' }))).status).toBe(404)
    expect((await withScope(db, FLIRTLOKAAL, (tx) => tx.complaint.findFirstOrThrow({ where: { id: flirtId } }))).handledAt).toBeNull()
    const own = await operatorPage(DATEVIBE, 'POST', new URLSearchParams({ id: String(vibeList[0]!.id) }))
    expect(own.status).toBe(200)
    const after = (await operatorPage(DATEVIBE)).body as { complaints: { id: number; handled: boolean }[] }
    expect(after.complaints.find((c) => c.id === vibeList[0]!.id)?.handled).toBe(true)
    // Signed out: to the console's login. A chatter: not for their role.
    const anonymous = await runRoute(async () => operatorLoader(await consoleArgs('/complaints')))
    expect(anonymous.status).toBe(302)
    const chatter = await signedInOperator(db, { role: 'chatter', pools: ['datevibe'] })
    expect((await runRoute(async () => operatorLoader(await consoleArgs('/complaints', { cookie: chatter.cookie })))).status).toBe(403)
  })
})
