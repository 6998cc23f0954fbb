// Reports (decision 053) through the route modules against the real database: a member
// reports a profile or a received message once (a repeat adds no row), never themselves,
// never across pools; the console's /reports shows the operator's sites only, to admins
// and moderators; dismiss, warn (the member sees it on the next visit), hide a photo and
// ban each close the reports and are audited.
/* eslint-disable no-restricted-imports -- this test drives the route modules themselves */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appDb, createMember, createProfile, DATEDICHTBIJ, DATEVIBE, FLIRTLOKAAL, ownerDb } from '../../../tests/fixtures.ts'
import { consoleArgs, signedInOperator } from '../../../tests/operators.ts'
import { contextFor, loggedInMember, runRoute, siteRequest } from '../../../tests/route-harness.ts'
import { action as reportsAction, loader as reportsLoader } from '../../routes/console.reports.tsx'
import { action as reportAction, loader as reportLoader } from '../../routes/_default.members.$id_.report.tsx'
import { action as warningAction } from '../../routes/warning.ts'
import { loader as eventsLoader } from '../../routes/console.events.ts'
import { publishQueueChanged } from '../inbox/events.server.ts'
import { loadMember } from '../auth/session.server.ts'
import { sendMessage } from '../chat/send.server.ts'
import type { Db } from '../db/client.server.ts'
import type { Scope } from '../db/scoped.server.ts'
import { closeLimits } from '../limits/limiter.server.ts'

let db: Db
let owner: Db
let admin: string
let moderator: string
let vibeModerator: string

beforeAll(async () => {
  db = appDb()
  owner = ownerDb()
  admin = (await signedInOperator(db, { role: 'admin', pools: ['benelux'] })).cookie
  moderator = (await signedInOperator(db, { role: 'moderator', pools: ['benelux'] })).cookie
  vibeModerator = (await signedInOperator(db, { role: 'moderator', pools: ['datevibe'] })).cookie
})

afterAll(async () => {
  await closeLimits()
  await db.$disconnect()
  await owner.$disconnect()
})

type Member = Awaited<ReturnType<typeof loggedInMember>>

async function memberPost(scope: Scope, member: Member, targetId: number, form: Record<string, string>) {
  const request = await siteRequest(scope, `/members/${targetId}/report`, { method: 'POST', cookie: member.cookie, body: new URLSearchParams(form), headers: { 'content-type': 'application/x-www-form-urlencoded' } })
  const context = await contextFor(scope, request)
  const result = await runRoute(async () => reportAction({ request, context, params: { id: String(targetId) } }))
  // The toast rides on the cookies the edge adds to the answer.
  const toast = /toast=([^;]+)/.exec(context.setCookies.join('\n'))?.[1]
  return { ...result, toast: toast ? Buffer.from(decodeURIComponent(toast), 'base64').toString('utf8') : '' }
}
async function memberGet(scope: Scope, member: Member, path: string, targetId: number) {
  const request = await siteRequest(scope, path, { cookie: member.cookie })
  return runRoute(async () => reportLoader({ request, context: await contextFor(scope, request), params: { id: String(targetId) } }))
}
const reportsOf = (reporterId: number, targetId: number) => owner.report.findMany({ where: { reporterId, targetId }, orderBy: { id: 'asc' } })
type Group = { targetId: number; poolId: string; reports: { id: number; reason: string }[]; conversations: { lines: { body: string; reported: boolean }[] }[]; history: { warnings: unknown[] } }
async function queue(cookie: string) {
  const result = await runRoute(async () => reportsLoader(await consoleArgs('/reports', { cookie })))
  return result.status === 200 ? (result.body as { reports: { groups: Group[] } }).reports.groups : result.status
}
const act = async (cookie: string, form: Record<string, string>) => runRoute(async () => reportsAction(await consoleArgs('/reports', { cookie, form })))

describe('a member reports', () => {
  it('a profile once: a repeat is told it was reported already and adds no row', async () => {
    const reporter = await loggedInMember(db, FLIRTLOKAAL)
    const target = await createMember(db, FLIRTLOKAAL)
    expect((await memberGet(FLIRTLOKAAL, reporter, `/members/${target.profile.id}/report`, target.profile.id)).status).toBe(200)
    const first = await memberPost(FLIRTLOKAAL, reporter, target.profile.id, { reason: 'fake', note: 'Foto komt van een stockfotosite' })
    expect(first.status).toBe(302)
    expect(first.headers.get('location')).toBe(`/members/${target.profile.id}`)
    expect(first.toast).toContain('"reported"')
    const again = await memberPost(FLIRTLOKAAL, reporter, target.profile.id, { reason: 'scam' })
    expect(again.status).toBe(302)
    const rows = await reportsOf(reporter.profile.id, target.profile.id)
    expect(rows.map((r) => [r.reason, r.note, r.status, r.tenantId])).toEqual([['fake', 'Foto komt van een stockfotosite', 'open', 'flirtlokaal']])
    // The toasts differ: the second says "already reported".
    expect(again.toast).toContain('"alreadyReported"')
  })

  it('in parallel (a double click) still one open report', async () => {
    const reporter = await loggedInMember(db, FLIRTLOKAAL)
    const target = await createMember(db, FLIRTLOKAAL)
    await Promise.all([1, 2, 3].map(() => memberPost(FLIRTLOKAAL, reporter, target.profile.id, { reason: 'spam' })))
    expect(await reportsOf(reporter.profile.id, target.profile.id)).toHaveLength(1)
  })

  it('refuses a missing reason or a note too long, keeping the form; never themselves or another pool', async () => {
    const reporter = await loggedInMember(db, FLIRTLOKAAL)
    const target = await createMember(db, FLIRTLOKAAL)
    expect((await memberPost(FLIRTLOKAAL, reporter, target.profile.id, { note: 'zonder reden' })).status).toBe(400)
    expect((await memberPost(FLIRTLOKAAL, reporter, target.profile.id, { reason: 'other', note: 'x'.repeat(501) })).status).toBe(400)
    expect((await memberPost(FLIRTLOKAAL, reporter, target.profile.id, { reason: 'nonsense' })).status).toBe(400)
    expect((await memberPost(FLIRTLOKAAL, reporter, reporter.profile.id, { reason: 'fake' })).status).toBe(404)
    expect((await memberGet(FLIRTLOKAAL, reporter, `/members/${reporter.profile.id}/report`, reporter.profile.id)).status).toBe(404)
    const foreign = await createMember(db, DATEVIBE)
    expect((await memberPost(FLIRTLOKAAL, reporter, foreign.profile.id, { reason: 'fake' })).status).toBe(404)
    expect((await memberGet(FLIRTLOKAAL, reporter, `/members/${foreign.profile.id}/report`, foreign.profile.id)).status).toBe(404)
    expect(await owner.report.count({ where: { reporterId: reporter.profile.id } })).toBe(0)
  })

  it('a fictional profile, and a member of the sibling site of the pool', async () => {
    const reporter = await loggedInMember(db, FLIRTLOKAAL)
    const fictional = await createProfile(db, FLIRTLOKAAL, { fictional: true })
    expect((await memberPost(FLIRTLOKAAL, reporter, fictional, { reason: 'fake' })).status).toBe(302)
    const sibling = await createMember(db, DATEDICHTBIJ)
    expect((await memberPost(FLIRTLOKAAL, reporter, sibling.profile.id, { reason: 'harassment' })).status).toBe(302)
    expect(await owner.report.count({ where: { reporterId: reporter.profile.id } })).toBe(2)
  })

  it('a message they received (back to the chat), not one they did not', async () => {
    const reporter = await loggedInMember(db, FLIRTLOKAAL)
    const sender = await createMember(db, FLIRTLOKAAL)
    const third = await createMember(db, FLIRTLOKAAL)
    const sent = await sendMessage(db, FLIRTLOKAAL, { sender: { userId: sender.user.id, profileId: sender.profile.id, paidUser: true }, recipientId: reporter.profile.id, body: 'Stuur me je bankgegevens', cost: 0, maxLength: 1000 })
    const other = await sendMessage(db, FLIRTLOKAAL, { sender: { userId: sender.user.id, profileId: sender.profile.id, paidUser: true }, recipientId: third.profile.id, body: 'Hoi', cost: 0, maxLength: 1000 })
    if (!sent.ok || !other.ok) throw new Error('not sent')
    const page = await memberGet(FLIRTLOKAAL, reporter, `/members/${sender.profile.id}/report?message=${sent.messageId}`, sender.profile.id)
    expect((page.body as { message: { body: string } }).message.body).toBe('Stuur me je bankgegevens')
    const done = await memberPost(FLIRTLOKAAL, reporter, sender.profile.id, { reason: 'scam', message: sent.messageId })
    expect(done.status).toBe(302)
    expect(done.headers.get('location')).toBe(`/chats/${sent.conversationId}`)
    expect((await memberPost(FLIRTLOKAAL, reporter, sender.profile.id, { reason: 'scam', message: other.messageId })).status).toBe(404)
    expect((await reportsOf(reporter.profile.id, sender.profile.id)).map((r) => r.messageId)).toEqual([sent.messageId])
    // The moderator sees the message in its conversation.
    const group = ((await queue(moderator)) as Group[]).find((g) => g.targetId === sender.profile.id)
    expect(group?.conversations[0]?.lines.find((l) => l.reported)?.body).toBe('Stuur me je bankgegevens')
  })
})

describe('the console queue', () => {
  it('admins and moderators of the pool see it; other roles 403, signed out to /login, another pool never', async () => {
    const reporter = await loggedInMember(db, FLIRTLOKAAL)
    const target = await createMember(db, FLIRTLOKAAL)
    await memberPost(FLIRTLOKAAL, reporter, target.profile.id, { reason: 'underage' })
    for (const cookie of [admin, moderator]) expect(((await queue(cookie)) as Group[]).some((g) => g.targetId === target.profile.id)).toBe(true)
    expect(((await queue(vibeModerator)) as Group[]).some((g) => g.targetId === target.profile.id)).toBe(false)
    for (const role of ['chatter', 'finance', 'marketer'] as const) {
      const { cookie } = await signedInOperator(db, { role, pools: ['benelux'] })
      expect(await queue(cookie), role).toBe(403)
    }
    const signedOut = await runRoute(async () => reportsLoader(await consoleArgs('/reports')))
    expect(signedOut.status).toBe(302)
    expect(signedOut.headers.get('location')).toContain('/login')
    // The other pool's moderator cannot act on it, even naming the pool.
    expect((await act(vibeModerator, { intent: 'dismiss', pool: 'benelux', target: String(target.profile.id) })).status).toBe(404)
    expect((await reportsOf(reporter.profile.id, target.profile.id))[0]?.status).toBe('open')
  })

  it('a moderator of one site sees reports made on that site only', async () => {
    const siteModerator = (await signedInOperator(db, { role: 'moderator', sites: ['datedichtbij'] })).cookie
    const reporter = await loggedInMember(db, FLIRTLOKAAL)
    const target = await createMember(db, FLIRTLOKAAL)
    await memberPost(FLIRTLOKAAL, reporter, target.profile.id, { reason: 'spam' })
    expect(((await queue(siteModerator)) as Group[]).some((g) => g.targetId === target.profile.id)).toBe(false)
    expect((await act(siteModerator, { intent: 'dismiss', pool: 'benelux', target: String(target.profile.id) })).status).toBe(404)
  })

  it('dismiss closes every open report of the profile, once, audited', async () => {
    const target = await createMember(db, FLIRTLOKAAL)
    const a = await loggedInMember(db, FLIRTLOKAAL)
    const b = await loggedInMember(db, FLIRTLOKAAL)
    await memberPost(FLIRTLOKAAL, a, target.profile.id, { reason: 'spam' })
    await memberPost(FLIRTLOKAAL, b, target.profile.id, { reason: 'fake' })
    const group = ((await queue(moderator)) as Group[]).find((g) => g.targetId === target.profile.id)
    expect(group?.reports.map((r) => r.reason)).toEqual(['spam', 'fake'])
    expect((await act(moderator, { intent: 'dismiss', pool: 'benelux', target: String(target.profile.id) })).status).toBe(200)
    expect((await act(moderator, { intent: 'dismiss', pool: 'benelux', target: String(target.profile.id) })).status).toBe(404)
    expect((await owner.report.findMany({ where: { targetId: target.profile.id } })).map((r) => [r.status, r.decision])).toEqual([['dismissed', 'dismiss'], ['dismissed', 'dismiss']])
    expect(await owner.operatorAudit.count({ where: { action: 'report.dismiss', targetId: String(target.profile.id) } })).toBe(1)
    // Closed: the same member may report again, a new open report.
    await memberPost(FLIRTLOKAAL, a, target.profile.id, { reason: 'spam' })
    expect(await owner.report.count({ where: { targetId: target.profile.id, status: 'open' } })).toBe(1)
  })

  it('warn: the member sees the warning on the next visit until they confirm it', async () => {
    const target = await loggedInMember(db, FLIRTLOKAAL)
    const reporter = await loggedInMember(db, FLIRTLOKAAL)
    await memberPost(FLIRTLOKAAL, reporter, target.profile.id, { reason: 'harassment' })
    expect((await act(moderator, { intent: 'warn', pool: 'benelux', target: String(target.profile.id), reason: 'harassment' })).status).toBe(200)
    const seen = await loadMember(db, FLIRTLOKAAL, target.cookie)
    expect(seen?.profile?.warning?.reason).toBe('harassment')
    const warningId = seen!.profile!.warning!.id
    const request = await siteRequest(FLIRTLOKAAL, '/warning', { method: 'POST', cookie: target.cookie, body: new URLSearchParams({ id: String(warningId), redirectTo: '/chats' }), headers: { 'content-type': 'application/x-www-form-urlencoded' } })
    const confirmed = await runRoute(async () => warningAction({ request, context: await contextFor(FLIRTLOKAAL, request), params: {} }))
    expect(confirmed.headers.get('location')).toBe('/chats')
    expect((await loadMember(db, FLIRTLOKAAL, target.cookie))?.profile?.warning).toBeNull()
    expect(await owner.report.count({ where: { targetId: target.profile.id, status: 'actioned', decision: 'warn' } })).toBe(1)
    expect(await owner.operatorAudit.count({ where: { action: 'report.warn', targetId: String(target.profile.id) } })).toBe(1)
  })

  it('hide a photo: it leaves the profile; ban: logged out everywhere, reports closed, audited', async () => {
    const target = await loggedInMember(db, FLIRTLOKAAL)
    const reporter = await loggedInMember(db, FLIRTLOKAAL)
    const photo = await owner.photo.create({ data: { poolId: 'benelux', profileId: target.profile.id, filename: `r${target.profile.id}.jpg`, thumbFilename: `rt${target.profile.id}.jpg`, status: 'active', isMain: true } })
    await memberPost(FLIRTLOKAAL, reporter, target.profile.id, { reason: 'fake' })
    expect((await act(moderator, { intent: 'hide_photo', pool: 'benelux', target: String(target.profile.id), photo: String(photo.id) })).status).toBe(200)
    expect(await owner.photo.findFirstOrThrow({ where: { id: photo.id }, select: { status: true, isMain: true } })).toEqual({ status: 'rejected', isMain: false })
    expect((await owner.profile.findFirstOrThrow({ where: { id: target.profile.id } })).hasPhoto).toBe(false)
    await memberPost(FLIRTLOKAAL, reporter, target.profile.id, { reason: 'scam' })
    // A ban needs a reason; what was typed comes back.
    const missing = await act(moderator, { intent: 'ban', pool: 'benelux', target: String(target.profile.id), note: 'x' })
    expect(missing.status).toBe(400)
    expect((missing.body as { values: { note: string } }).values.note).toBe('x')
    expect((await act(moderator, { intent: 'ban', pool: 'benelux', target: String(target.profile.id), note: 'Oplichting, meerdere meldingen' })).status).toBe(200)
    expect((await owner.user.findFirstOrThrow({ where: { id: target.user.id } })).bannedAt).not.toBeNull()
    expect(await owner.session.count({ where: { userId: target.user.id } })).toBe(0)
    expect(await loadMember(db, FLIRTLOKAAL, target.cookie)).toBeNull()
    expect(await owner.report.count({ where: { targetId: target.profile.id, status: 'open' } })).toBe(0)
    expect(await owner.operatorAudit.count({ where: { action: { in: ['report.hide_photo', 'report.ban'] }, targetId: String(target.profile.id) } })).toBe(2)
    expect(await owner.operatorAudit.count({ where: { action: 'member.ban', targetId: target.user.id } })).toBe(1)
  })

  it('a fictional profile cannot be banned from here', async () => {
    const reporter = await loggedInMember(db, FLIRTLOKAAL)
    const fictional = await createProfile(db, FLIRTLOKAAL, { fictional: true })
    await memberPost(FLIRTLOKAAL, reporter, fictional, { reason: 'fake' })
    expect((await act(moderator, { intent: 'ban', pool: 'benelux', target: String(fictional), note: 'nep' })).status).toBe(400)
    expect(await owner.report.count({ where: { targetId: fictional, status: 'open' } })).toBe(1)
  })
})

/** The console's /events stream of one operator, read as it comes: the event lines received so far. */
async function listen(cookie: string) {
  const response = await eventsLoader(await consoleArgs('/events', { cookie }))
  if (!response.body) throw new Error('no stream')
  const reader = response.body.getReader()
  const decoder = new TextDecoder()
  const events: { type: string; data: Record<string, unknown> }[] = []
  const reading = (async () => {
    let text = ''
    for (;;) {
      const { value, done } = await reader.read()
      if (done) return
      text += decoder.decode(value, { stream: true })
      let end: number
      while ((end = text.indexOf('\n\n')) >= 0) {
        const block = text.slice(0, end)
        text = text.slice(end + 2)
        const type = /^event: (.+)$/m.exec(block)?.[1]
        const data = /^data: (.+)$/m.exec(block)?.[1]
        if (type && data) events.push({ type, data: JSON.parse(data) as Record<string, unknown> })
      }
    }
  })()
  const until = async (what: string, ok: () => boolean) => {
    const deadline = Date.now() + 5_000
    while (!ok()) {
      if (Date.now() > deadline) throw new Error(`no ${what} within 5 s: ${JSON.stringify(events)}`)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  }
  return {
    events,
    safety: () => events.filter((e) => e.type === 'safety').map((e) => e.data.site),
    /** Publishes a queue change of the pool and waits for it: everything published before it has arrived. */
    async probe(pool: string) {
      const seen = events.filter((e) => e.type === 'queue').length
      await publishQueueChanged(pool)
      await until('queue probe', () => events.filter((e) => e.type === 'queue').length > seen)
    },
    until,
    async close() {
      await reader.cancel()
      await reading
    },
  }
}

describe('the console live stream', () => {
  it('tells the moderators who can see the site of a new report and a new held message, no other operator', async () => {
    const siblingModerator = (await signedInOperator(db, { role: 'moderator', sites: ['datedichtbij'] })).cookie
    const chatter = (await signedInOperator(db, { role: 'chatter', pools: ['benelux'] })).cookie
    const listeners = { moderator: await listen(moderator), admin: await listen(admin), siblingModerator: await listen(siblingModerator), chatter: await listen(chatter), vibeModerator: await listen(vibeModerator) }
    const poolOf = (name: keyof typeof listeners) => (name === 'vibeModerator' ? 'datevibe' : 'benelux')
    try {
      // Subscribed: each hears its own pool.
      for (const [name, l] of Object.entries(listeners)) await l.probe(poolOf(name as keyof typeof listeners))

      const reporter = await loggedInMember(db, FLIRTLOKAAL)
      const target = await createMember(db, FLIRTLOKAAL)
      expect((await memberPost(FLIRTLOKAAL, reporter, target.profile.id, { reason: 'scam' })).status).toBe(302)
      await listeners.moderator.until('the report', () => listeners.moderator.safety().length === 1)
      // A repeat adds no report, and says nothing.
      expect((await memberPost(FLIRTLOKAAL, reporter, target.profile.id, { reason: 'scam' })).status).toBe(302)
      const sent = await sendMessage(db, FLIRTLOKAAL, { sender: { userId: target.user.id, profileId: target.profile.id, paidUser: true }, recipientId: reporter.profile.id, body: 'Mail me op anna.devries@gmail.com, dan praten we verder', cost: 0, maxLength: 1000, hold: true })
      expect(sent).toMatchObject({ ok: true, held: true })
      // An ordinary message is no safety event.
      expect(await sendMessage(db, FLIRTLOKAAL, { sender: { userId: target.user.id, profileId: target.profile.id, paidUser: true }, recipientId: reporter.profile.id, body: 'Hoi, hoe gaat het?', cost: 0, maxLength: 1000, hold: true })).toMatchObject({ ok: true, delivered: true })

      // After a probe published last, everything before it has arrived at every listener.
      for (const [name, l] of Object.entries(listeners)) await l.probe(poolOf(name as keyof typeof listeners))
      expect(listeners.moderator.safety()).toEqual(['flirtlokaal', 'flirtlokaal'])
      expect(listeners.admin.safety()).toEqual(['flirtlokaal', 'flirtlokaal'])
      expect(listeners.siblingModerator.safety()).toEqual([])
      expect(listeners.chatter.safety()).toEqual([])
      expect(listeners.vibeModerator.safety()).toEqual([])
    } finally {
      for (const l of Object.values(listeners)) await l.close()
    }
  })
})
