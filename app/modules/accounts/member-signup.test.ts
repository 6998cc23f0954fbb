// /members/{id}/signup (SPEC §1, §2): signing up with a first message to that member,
// through the route modules with a real context. Bad input keeps what was typed; the
// message is stored once the account exists, paid from the hidden signup credits (the
// page never shows a number), and reaches the member when the e-mail is confirmed.
/* eslint-disable no-restricted-imports -- this test drives the route modules themselves */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appDb, createMember, FLIRTLOKAAL } from '../../../tests/fixtures.ts'
import { contextFor, loggedInMember, runRoute, siteRequest, tenantFor } from '../../../tests/route-harness.ts'
import { action, loader } from '../../routes/_default.members.$id_.signup.tsx'
import { buildAppContext } from '../tenancy/context.server.ts'
import { issueToken } from '../auth/tokens.server.ts'
import type { Db } from '../db/client.server.ts'
import { withScope } from '../db/scoped.server.ts'
import { countUnreadMessages } from '../chat/conversations.server.ts'
import { activateAccount } from './activation.server.ts'

let db: Db
beforeAll(() => {
  db = appDb()
})
afterAll(async () => {
  await db.$disconnect()
})

let ip = 0
async function post(targetId: number, values: Record<string, string>) {
  const request = await siteRequest(FLIRTLOKAAL, `/members/${targetId}/signup`, { method: 'POST', body: new URLSearchParams(values), headers: { 'content-type': 'application/x-www-form-urlencoded' } })
  const context = await buildAppContext(request, await tenantFor(FLIRTLOKAAL), { clientIp: `10.9.0.${++ip % 250}` })
  try {
    return await runRoute(async () => action({ request, context, params: { id: String(targetId) } }))
  } finally {
    await context.endReads()
  }
}

async function get(targetId: number, cookie?: string) {
  const request = await siteRequest(FLIRTLOKAAL, `/members/${targetId}/signup`, { cookie })
  return runRoute(async () => loader({ request, context: await contextFor(FLIRTLOKAAL, request), params: { id: String(targetId) } }))
}

describe('/members/{id}/signup', () => {
  it('shows the wizard with the message box for a visible member; members go to the chat; hidden members are a 404', async () => {
    const target = await createMember(db, FLIRTLOKAAL, 'Sanne')
    const page = await get(target.profile.id)
    expect(page.status).toBe(200)
    expect(page.body).toMatchObject({ view: { message: { name: 'Sanne' }, action: `/members/${target.profile.id}/signup` }, target: { id: target.profile.id } })
    const member = await loggedInMember(db, FLIRTLOKAAL)
    const redirected = await get(target.profile.id, member.cookie)
    expect(redirected.status).toBe(302)
    expect(redirected.headers.get('Location')).toBe(`/members/${target.profile.id}/chat`)
    await withScope(db, FLIRTLOKAAL, (tx) => tx.profile.update({ where: { poolId_id: { poolId: FLIRTLOKAAL.poolId, id: target.profile.id } }, data: { invisible: true } }))
    expect((await get(target.profile.id)).status).toBe(404)
    expect((await post(target.profile.id, { step: '0', gender: 'man', sexuality: 'hetero', signupMessage: 'Hoi' })).status).toBe(404)
  })

  it('an empty or too long message is refused at the field with what was typed kept; then the account and the message, paid from the hidden credits', async () => {
    const target = await createMember(db, FLIRTLOKAAL, 'Lotte')
    const tenant = await tenantFor(FLIRTLOKAAL)
    const empty = await post(target.profile.id, { step: '0', gender: 'man', sexuality: 'hetero', signupMessage: '   ' })
    expect(empty.status).toBe(400)
    expect(empty.body).toMatchObject({ step: 0, result: { error: { signupMessage: ['signup:errors.messageEmpty'] }, initialValue: { gender: 'man', sexuality: 'hetero' } } })
    const long = await post(target.profile.id, { step: '0', gender: 'man', sexuality: 'hetero', signupMessage: 'x'.repeat(tenant.messageLength + 1) })
    expect(long.body).toMatchObject({ result: { error: { signupMessage: ['signup:errors.messageTooLong'] } } })

    const message = 'Hoi Lotte, <b>zin</b> in een date?'
    const s0 = await post(target.profile.id, { step: '0', gender: 'man', sexuality: 'hetero', signupMessage: message })
    expect(s0.body).toMatchObject({ step: 1, draft: { gender: 'man', signupMessage: message } })
    const place = { birthDate: '1990-01-01', country: 'NL', region: 'UT' }
    const email = `profile-signup-${Date.now()}@example.test`
    // A mistake on the last step keeps the message carried along.
    const bad = await post(target.profile.id, { step: '2', gender: 'man', sexuality: 'hetero', signupMessage: message, ...place, name: 'Piet', email: 'not-an-address', password: 'a-long-password-1' })
    expect(bad.status).toBe(400)
    expect(bad.body).toMatchObject({ step: 2, draft: { signupMessage: message } })
    const done = await post(target.profile.id, { step: '2', gender: 'man', sexuality: 'hetero', signupMessage: message, ...place, name: 'Piet', email, password: 'a-long-password-1' })
    expect(done.status).toBe(302)
    expect(done.headers.get('Location')).toBe('/signup?step=3')

    const user = await withScope(db, FLIRTLOKAAL, (tx) => tx.user.findFirstOrThrow({ where: { tenantId: 'flirtlokaal', email }, select: { id: true, credits: true, profile: { select: { id: true } } } }))
    const stored = await withScope(db, FLIRTLOKAAL, (tx) => tx.message.findMany({ where: { senderId: user.profile!.id }, select: { recipientId: true, body: true, deliveredAt: true, credits: true } }))
    expect(stored).toEqual([{ recipientId: target.profile.id, body: message, deliveredAt: null, credits: tenant.credits.message }])
    expect(user.credits).toBe(tenant.credits.signup - tenant.credits.message)
    const ledger = await withScope(db, FLIRTLOKAAL, (tx) => tx.creditTransaction.findMany({ where: { userId: user.id }, orderBy: { id: 'asc' }, select: { reason: true, delta: true } }))
    expect(ledger).toEqual([{ reason: 'signup_grant', delta: tenant.credits.signup }, { reason: 'message', delta: -tenant.credits.message }])
    // Not delivered before the e-mail is confirmed; delivered on activation.
    expect(await withScope(db, FLIRTLOKAAL, (tx) => countUnreadMessages(tx, FLIRTLOKAAL, target.profile.id))).toBe(0)
    const token = await withScope(db, FLIRTLOKAAL, (tx) => issueToken(tx, { ...FLIRTLOKAAL, userId: user.id, purpose: 'activation' }))
    expect(await activateAccount(db, FLIRTLOKAAL, token)).toMatchObject({ ok: true })
    expect(await withScope(db, FLIRTLOKAAL, (tx) => countUnreadMessages(tx, FLIRTLOKAAL, target.profile.id))).toBe(1)
  })
})
