// Member care in the console (issue #23), against the real database through the route
// modules: lookup across the operator's sites only, credit adjustments as ledger rows with a
// reason, ban (logged out everywhere, no login, gone from search) and unban, roles, the GDPR
// export as a zip and the erasure, each audited.
/* eslint-disable no-restricted-imports -- this test drives the route modules themselves */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appDb, createMember, DATEDICHTBIJ, DATEVIBE, FLIRTLOKAAL, ownerDb } from '../../../tests/fixtures.ts'
import { consoleArgs, signedInOperator } from '../../../tests/operators.ts'
import { loggedInMember, runRoute } from '../../../tests/route-harness.ts'
import { action as memberAction, loader as memberLoader } from '../../routes/console.members.$id.tsx'
import { action as eraseAction, loader as searchLoader } from '../../routes/console.members._index.tsx'
import { action as exportAction } from '../../routes/console.members.export.ts'
import { logIn } from '../accounts/login.server.ts'
import { hashPassword } from '../auth/password.server.ts'
import { loadMember } from '../auth/session.server.ts'
import type { Db } from '../db/client.server.ts'
import { withScope } from '../db/scoped.server.ts'
import { closeLimits } from '../limits/limiter.server.ts'

let db: Db
let owner: Db
let admin: string
let moderator: string
let finance: string
let vibeModerator: string

beforeAll(async () => {
  db = appDb()
  owner = ownerDb()
  admin = (await signedInOperator(db, { role: 'admin', pools: ['benelux'] })).cookie
  moderator = (await signedInOperator(db, { role: 'moderator', pools: ['benelux'] })).cookie
  finance = (await signedInOperator(db, { role: 'finance', pools: ['benelux'] })).cookie
  vibeModerator = (await signedInOperator(db, { role: 'moderator', pools: ['datevibe'] })).cookie
})

afterAll(async () => {
  await closeLimits()
  await db.$disconnect()
  await owner.$disconnect()
})

type Hit = { userId: string; email: string }
const search = async (cookie: string, q: string) => {
  const result = await runRoute(async () => searchLoader(await consoleArgs(`/members?q=${encodeURIComponent(q)}`, { cookie })))
  return result.status === 200 ? ((result.body as { hits: Hit[] | null }).hits ?? []) : result.status
}
const act = async (cookie: string, userId: string, form: Record<string, string>) =>
  runRoute(async () => memberAction(await consoleArgs(`/members/${userId}`, { cookie, form, params: { id: userId } })))
const auditOf = (userId: string) => owner.operatorAudit.findMany({ where: { targetType: 'member', targetId: userId }, orderBy: { id: 'asc' } })

describe('finding a member', () => {
  it('by e-mail, name, profile id and payment id, on the operator\'s sites only', async () => {
    const nl = await createMember(db, FLIRTLOKAAL, 'wilhelmina')
    const uk = await createMember(db, DATEVIBE, 'wilhelmina')
    const payment = await withScope(db, FLIRTLOKAAL, (tx) => tx.payment.create({ data: { poolId: 'benelux', tenantId: 'flirtlokaal', userId: nl.user.id, bundleId: 'b', credits: 10, amount: 995, currency: 'EUR', molliePaymentId: 'tr_care123' } }))
    for (const q of [nl.user.email, 'wilhelmina', String(nl.profile.id), nl.user.id]) {
      const hits = await search(moderator, q)
      expect(Array.isArray(hits) ? hits.map((h) => h.userId) : hits, q).toEqual([nl.user.id])
    }
    // Payments: for roles that see money.
    expect(((await search(finance, payment.id)) as Hit[]).map((h) => h.userId)).toEqual([nl.user.id])
    expect(((await search(admin, 'tr_care123')) as Hit[]).map((h) => h.userId)).toEqual([nl.user.id])
    // Another pool's operator finds the other Wilhelmina only, and never opens this one.
    expect(((await search(vibeModerator, 'wilhelmina')) as Hit[]).map((h) => h.userId)).toEqual([uk.user.id])
    const foreign = await runRoute(async () => memberLoader(await consoleArgs(`/members/${nl.user.id}`, { cookie: vibeModerator, params: { id: nl.user.id } })))
    expect(foreign.status).toBe(404)
    const chatter = await signedInOperator(db, { role: 'chatter', pools: ['benelux'] })
    expect(await search(chatter.cookie, 'wilhelmina')).toBe(403)
    const signedOut = await runRoute(async () => searchLoader(await consoleArgs('/members')))
    expect(signedOut.status).toBe(302)
  })
})

describe('credits', () => {
  it('an adjustment is a ledger row operator_adjustment with the reason, audited; never below zero', async () => {
    const m = await createMember(db, FLIRTLOKAAL)
    const added = await act(finance, m.user.id, { intent: 'credits', delta: '+25', note: 'Goodwill after outage' })
    expect(added.status).toBe(200)
    const taken = await act(finance, m.user.id, { intent: 'credits', delta: '-5', note: 'Correction' })
    expect(taken.status).toBe(200)
    const tooMuch = await act(finance, m.user.id, { intent: 'credits', delta: '-500', note: 'Too much' })
    expect(tooMuch.status).toBe(400)
    expect((tooMuch.body as { errors: Record<string, string>; values: Record<string, string> }).errors.delta).toBe('members.insufficient')
    expect((tooMuch.body as { values: Record<string, string> }).values.delta).toBe('-500')
    const bad = await act(finance, m.user.id, { intent: 'credits', delta: 'ten', note: '' })
    expect((bad.body as { errors: Record<string, string> }).errors).toEqual({ delta: 'members.deltaInvalid', note: 'members.reasonRequired' })
    const rows = await withScope(db, FLIRTLOKAAL, (tx) => tx.creditTransaction.findMany({ where: { userId: m.user.id }, orderBy: { id: 'asc' } }))
    expect(rows.map((r) => [r.reason, r.delta, r.balanceAfter, r.note])).toEqual([
      ['operator_adjustment', 25, 25, 'Goodwill after outage'],
      ['operator_adjustment', -5, 20, 'Correction'],
    ])
    expect((await auditOf(m.user.id)).map((a) => a.action)).toEqual(['member.credits', 'member.credits'])
    // A moderator may not touch money.
    expect((await act(moderator, m.user.id, { intent: 'credits', delta: '5', note: 'nope' })).status).toBe(403)
  })
})

describe('ban', () => {
  it('logs the member out everywhere, refuses the login, hides the profile; unban restores', async () => {
    const m = await loggedInMember(db, FLIRTLOKAAL, 'banme')
    const password = 'a very good password'
    await withScope(db, FLIRTLOKAAL, (tx) => tx.user.update({ where: { poolId_tenantId_id: { poolId: FLIRTLOKAAL.poolId, tenantId: FLIRTLOKAAL.tenantId, id: m.user.id } }, data: { passwordHash: '' } }))
    const hash = await hashPassword(password)
    await withScope(db, FLIRTLOKAAL, (tx) => tx.user.update({ where: { poolId_tenantId_id: { poolId: FLIRTLOKAAL.poolId, tenantId: FLIRTLOKAAL.tenantId, id: m.user.id } }, data: { passwordHash: hash } }))
    expect(await loadMember(db, FLIRTLOKAAL, m.cookie)).not.toBeNull()

    expect((await act(finance, m.user.id, { intent: 'ban', reason: 'Scam' })).status).toBe(403)
    const empty = await act(moderator, m.user.id, { intent: 'ban', reason: '' })
    expect((empty.body as { errors: Record<string, string> }).errors.reason).toBe('members.reasonRequired')
    expect((await act(moderator, m.user.id, { intent: 'ban', reason: 'Asked for money' })).status).toBe(200)

    expect(await loadMember(db, FLIRTLOKAAL, m.cookie)).toBeNull()
    expect(await withScope(db, FLIRTLOKAAL, (tx) => tx.session.count({ where: { userId: m.user.id } }))).toBe(0)
    const login = await logIn({ db, scope: FLIRTLOKAAL }, { email: m.user.email, password, ip: '10.1.1.1' })
    expect(login).toEqual({ ok: false, reason: 'banned' })
    const wrong = await logIn({ db, scope: FLIRTLOKAAL }, { email: m.user.email, password: 'not the password', ip: '10.1.1.1' })
    expect(wrong).toEqual({ ok: false, reason: 'failed' })
    const profile = await withScope(db, FLIRTLOKAAL, (tx) => tx.profile.findUniqueOrThrow({ where: { poolId_id: { poolId: FLIRTLOKAAL.poolId, id: m.profile.id } } }))
    expect(profile.status).toBe('disabled')

    expect((await act(moderator, m.user.id, { intent: 'unban' })).status).toBe(200)
    expect((await logIn({ db, scope: FLIRTLOKAAL }, { email: m.user.email, password, ip: '10.1.1.2' })).ok).toBe(true)
    expect((await withScope(db, FLIRTLOKAAL, (tx) => tx.profile.findUniqueOrThrow({ where: { poolId_id: { poolId: FLIRTLOKAAL.poolId, id: m.profile.id } } }))).status).toBe('active')
    expect((await auditOf(m.user.id)).map((a) => a.action)).toEqual(['member.ban', 'member.unban'])
    // An operator of another pool cannot ban this member.
    expect((await act(vibeModerator, m.user.id, { intent: 'ban', reason: 'Foreign' })).status).toBe(404)
  })
})

describe('another site', () => {
  it('an admin of the sibling site of the pool, or of another pool, reaches none of a member\'s actions: 404, nothing changes', async () => {
    const m = await createMember(db, FLIRTLOKAAL)
    const before = await owner.user.findFirstOrThrow({ where: { id: m.user.id } })
    const next = await createMember(db, DATEDICHTBIJ)
    for (const reach of [{ sites: ['datedichtbij'] }, { pools: ['datevibe'] }]) {
      const { cookie } = await signedInOperator(db, { role: 'admin', ...reach })
      expect((await runRoute(async () => memberLoader(await consoleArgs(`/members/${m.user.id}`, { cookie, params: { id: m.user.id } })))).status).toBe(404)
      const forms: Record<string, string>[] = [
        { intent: 'credits', delta: '+500', note: 'Gift from next door' },
        { intent: 'ban', reason: 'From next door' },
        { intent: 'directDebit', mode: 'allowed', limit: '900' },
        { intent: 'note', body: 'Seen next door' },
        { intent: 'reset' },
        { intent: 'delete' },
      ]
      for (const form of forms) expect([form.intent, (await act(cookie, m.user.id, form)).status]).toEqual([form.intent, 404])
    }
    const after = await owner.user.findFirstOrThrow({ where: { id: m.user.id } })
    expect(after).toEqual(before)
    expect(await owner.creditTransaction.count({ where: { userId: m.user.id, reason: 'operator_adjustment' } })).toBe(0)
    expect(await owner.operatorNote.count({ where: { profileId: m.profile.id } })).toBe(0)
    expect(await auditOf(m.user.id)).toEqual([])
    // The sibling site's own member stays within reach of its admin.
    const { cookie } = await signedInOperator(db, { role: 'admin', sites: ['datedichtbij'] })
    expect((await runRoute(async () => memberLoader(await consoleArgs(`/members/${next.user.id}`, { cookie, params: { id: next.user.id } })))).status).toBe(200)
  })
})

describe('mails and deletion', () => {
  it('sends a password reset and deletes as the member would, each audited', async () => {
    const m = await loggedInMember(db, FLIRTLOKAAL)
    expect((await act(moderator, m.user.id, { intent: 'reset' })).status).toBe(200)
    expect(await withScope(db, FLIRTLOKAAL, (tx) => tx.token.count({ where: { userId: m.user.id, purpose: 'password_reset' } }))).toBe(1)
    expect((await act(moderator, m.user.id, { intent: 'activation' })).status).toBe(400)
    expect((await act(moderator, m.user.id, { intent: 'delete' })).status).toBe(200)
    const user = await withScope(db, FLIRTLOKAAL, (tx) => tx.user.findUniqueOrThrow({ where: { poolId_tenantId_id: { poolId: FLIRTLOKAAL.poolId, tenantId: FLIRTLOKAAL.tenantId, id: m.user.id } } }))
    expect(user.status).toBe('deleted')
    expect(await loadMember(db, FLIRTLOKAAL, m.cookie)).toBeNull()
    expect(await withScope(db, FLIRTLOKAAL, (tx) => tx.token.count({ where: { userId: m.user.id, purpose: 'reactivation' } }))).toBe(1)
    expect((await auditOf(m.user.id)).map((a) => a.action)).toEqual(['member.reset', 'member.delete'])
  })
})

describe('GDPR', () => {
  it('exports everything about an address as one zip, and erases it across the operator\'s sites without logging the data', async () => {
    const a = await createMember(db, FLIRTLOKAAL, 'gdpr')
    const email = a.user.email
    const b = await withScope(db, { tenantId: 'datedichtbij', poolId: 'benelux' }, (tx) => tx.user.create({ data: { poolId: 'benelux', tenantId: 'datedichtbij', email, status: 'active' } }))
    const foreign = await withScope(db, DATEVIBE, (tx) => tx.user.create({ data: { poolId: 'datevibe', tenantId: 'datevibe', email, status: 'active' } }))

    const exported = await exportAction(await consoleArgs('/members/export', { cookie: admin, form: { email } }))
    expect(exported.status).toBe(200)
    expect(exported.headers.get('content-type')).toBe('application/zip')
    const zip = Buffer.from(await exported.arrayBuffer())
    expect(zip.subarray(0, 2).toString()).toBe('PK')
    expect(zip.includes(Buffer.from('data.json'))).toBe(true)
    expect((await auditOf(a.user.id)).map((x) => x.action)).toEqual(['member.export'])

    const mismatch = await runRoute(async () => eraseAction(await consoleArgs('/members', { cookie: admin, form: { email, confirm: 'other@example.test' } })))
    expect(mismatch.status).toBe(400)
    expect((mismatch.body as { email: string }).email).toBe(email)
    expect((await runRoute(async () => eraseAction(await consoleArgs('/members', { cookie: finance, form: { email, confirm: email } })))).status).toBe(403)
    const erased = await runRoute(async () => eraseAction(await consoleArgs('/members', { cookie: admin, form: { email, confirm: email } })))
    expect(erased.status).toBe(200)
    expect((erased.body as { erased: number }).erased).toBe(2)
    expect(await owner.user.count({ where: { id: { in: [a.user.id, b.id] } } })).toBe(0)
    expect(await owner.profile.count({ where: { id: a.profile.id } })).toBe(0)
    // Another pool's account with the same address is not this operator's to erase.
    expect(await owner.user.count({ where: { id: foreign.id } })).toBe(1)
    const trail = await owner.operatorAudit.findMany({ where: { action: 'member.erase' } })
    expect(trail.map((x) => x.targetId).sort()).toEqual([a.user.id, b.id].sort())
    expect(JSON.stringify(trail.map((x) => [x.before, x.after, x.targetId, x.targetType]))).not.toContain(email)
  })
})
