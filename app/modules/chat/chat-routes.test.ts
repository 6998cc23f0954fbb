// The chat routes with a real context and session: sending from the form (charged, or the
// buy-credits answer with nothing sent), the free limit's text, the list and its unread
// counts, opening a chat (read), DELETE /api/chat, GET /api/chats, and other members'
// or other pools' conversations out of reach.
/* eslint-disable no-restricted-imports -- this test drives the route modules themselves */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appDb, DATEDICHTBIJ, DATEVIBE, FLIRTLOKAAL } from '../../../tests/fixtures.ts'
import { contextFor, loggedInMember, runRoute, siteRequest, tenantFor } from '../../../tests/route-harness.ts'
import { loader as chatsLoader, action as chatsAction } from '../../routes/_default.chats._index.tsx'
import { loader as chatLoader, action as chatAction } from '../../routes/_default.chats.$id.tsx'
import { loader as startLoader, action as startAction } from '../../routes/_default.members.$id_.chat.tsx'
import { loader as layoutLoader } from '../../routes/_default.tsx'
import { action as profileAction } from '../../routes/_default.members.$id.tsx'
import { loader as apiChatsLoader } from '../../routes/api.chats.ts'
import { action as apiChatAction } from '../../routes/api.chat.ts'
import { createBlock } from '../accounts/blocks.server.ts'
import { changeCredits } from '../credits/ledger.server.ts'
import type { Db } from '../db/client.server.ts'
import { withScope, type Scope } from '../db/scoped.server.ts'

let db: Db
beforeAll(() => {
  db = appDb()
})
afterAll(async () => {
  await db.$disconnect()
})

type Handler = (args: LoaderFunctionArgs & ActionFunctionArgs) => Promise<unknown>
type Member = Awaited<ReturnType<typeof loggedInMember>>

async function call(scope: Scope, path: string, cookie: string | undefined, handler: Handler, params: Record<string, string> = {}, init: RequestInit = {}) {
  const request = await siteRequest(scope, path, { cookie, ...init })
  return runRoute(async () => handler({ request, context: await contextFor(scope, request), params }))
}
const post = (scope: Scope, path: string, m: Member, handler: Handler, params: Record<string, string>, body: string) =>
  call(scope, path, m.cookie, handler, params, { method: 'POST', body: new URLSearchParams({ body }), headers: { 'Content-Type': 'application/x-www-form-urlencoded' } })
const give = (scope: Scope, m: Member, credits: number) => withScope(db, scope, (tx) => changeCredits(tx, scope, { userId: m.user.id, delta: credits, reason: 'bonus' }))
const creditsOf = (scope: Scope, m: Member) => withScope(db, scope, async (tx) => (await tx.user.findUniqueOrThrow({ where: { poolId_tenantId_id: { poolId: scope.poolId, tenantId: scope.tenantId, id: m.user.id } } })).credits)
let tenantCost = 0
beforeAll(async () => {
  tenantCost = (await tenantFor(FLIRTLOKAAL)).credits.message
  expect(tenantCost).toBeGreaterThan(0)
})

describe('chat routes', () => {
  it('send visitors to the login page', async () => {
    for (const [path, handler, params] of [
      ['/chats', chatsLoader, {}],
      ['/chats/1', chatLoader, { id: '1' }],
      ['/members/1/chat', startLoader, { id: '1' }],
    ] as const) {
      const result = await call(FLIRTLOKAAL, path, undefined, handler as Handler, params)
      expect(result.status, path).toBe(302)
      expect(result.headers.get('Location')).toContain('/login?redirectTo=')
    }
  })

  it('A writes to B: without credits the buy-credits answer and nothing sent; with credits charged, listed, unread for B until opened', async () => {
    const a = await loggedInMember(db, FLIRTLOKAAL, 'Anna')
    const b = await loggedInMember(db, DATEDICHTBIJ, 'Bram')
    const params = { id: String(b.profile.id) }
    const start = await call(FLIRTLOKAAL, `/members/${b.profile.id}/chat`, a.cookie, startLoader as Handler, params)
    expect(start.status).toBe(200)
    expect(start.body).toMatchObject({ partner: { id: b.profile.id, name: 'Bram' }, composer: { limitReached: false } })

    const broke = await post(FLIRTLOKAAL, `/members/${b.profile.id}/chat`, a, startAction as Handler, params, 'Hoi <b>Bram</b>')
    expect(broke.status).toBe(402)
    expect(broke.body).toEqual({ error: 'insufficient', body: 'Hoi <b>Bram</b>' })
    expect(await withScope(db, FLIRTLOKAAL, (tx) => tx.message.count({ where: { senderId: a.profile.id } }))).toBe(0)

    await give(FLIRTLOKAAL, a, tenantCost + 2)
    const sent = await post(FLIRTLOKAAL, `/members/${b.profile.id}/chat`, a, startAction as Handler, params, 'Hoi <b>Bram</b>')
    expect(sent.status).toBe(302)
    const location = sent.headers.get('Location')!
    expect(location).toMatch(/^\/chats\/\d+$/)
    const conversationId = location.split('/').pop()!
    expect(await creditsOf(FLIRTLOKAAL, a)).toBe(2)
    // Opening /members/{id}/chat again goes to the conversation.
    expect((await call(FLIRTLOKAAL, `/members/${b.profile.id}/chat`, a.cookie, startLoader as Handler, params)).headers.get('Location')).toBe(location)

    // B, on the other site of the pool: the badge, the list, then opening reads it.
    const layout = await call(DATEDICHTBIJ, '/chats', b.cookie, layoutLoader as Handler)
    expect(layout.body).toEqual({ attention: { newLikes: 0, unreadMessages: 1 }, account: { credits: 0, paidUser: false } })
    const list = await call(DATEDICHTBIJ, '/chats', b.cookie, chatsLoader as Handler)
    expect((list.body as { chats: unknown[] }).chats).toMatchObject([{ id: Number(conversationId), unread: 1, partner: { name: 'Anna' }, lastMessage: { body: 'Hoi <b>Bram</b>' } }])
    const api = await call(DATEDICHTBIJ, '/api/chats', b.cookie, apiChatsLoader as Handler)
    expect(api.body).toMatchObject({ unread_messages: 1, new_likes: 0, chats: [{ conversation: { id: Number(conversationId) }, profile: { id: a.profile.id }, num_unread_messages: 1 }] })
    // The periodic refresh asks for the totals only, and the credits and premium state.
    expect((await call(DATEDICHTBIJ, '/api/chats?totals=1', b.cookie, apiChatsLoader as Handler)).body).toEqual({ unread_messages: 1, new_likes: 0, credits: 0, paid_user: false })
    // Credits bought elsewhere (a purchase, another tab) show at the next refresh.
    await give(DATEDICHTBIJ, b, 7)
    await withScope(db, DATEDICHTBIJ, (tx) => tx.user.update({ where: { poolId_tenantId_id: { poolId: DATEDICHTBIJ.poolId, tenantId: DATEDICHTBIJ.tenantId, id: b.user.id } }, data: { paidUser: true } }))
    expect((await call(DATEDICHTBIJ, '/api/chats?totals=1', b.cookie, apiChatsLoader as Handler)).body).toMatchObject({ credits: 7, paid_user: true })
    expect((await call(DATEDICHTBIJ, '/chats', b.cookie, layoutLoader as Handler)).body).toMatchObject({ account: { credits: 7, paidUser: true } })
    // The layout of the page that opens the conversation (its loader runs alongside the
    // chat's, which marks it read) counts it read already: no badge, no (1) in the title.
    expect((await call(DATEDICHTBIJ, location, b.cookie, layoutLoader as Handler)).body).toMatchObject({ attention: { newLikes: 0, unreadMessages: 0 } })
    expect((await call(DATEDICHTBIJ, `${location}?_data=routes%2F_default`, b.cookie, layoutLoader as Handler)).body).toMatchObject({ attention: { unreadMessages: 0 } })
    const open = await call(DATEDICHTBIJ, location, b.cookie, chatLoader as Handler, { id: conversationId })
    expect(open.status).toBe(200)
    // B is premium by now: past the history cap the page says so, not "go premium".
    expect(open.body).toMatchObject({ premium: true })
    expect((open.body as { chat: { messages: { body: string; mine: boolean }[] } }).chat.messages).toEqual([expect.objectContaining({ body: 'Hoi <b>Bram</b>', mine: false })])
    expect((await call(DATEDICHTBIJ, '/chats', b.cookie, layoutLoader as Handler)).body).toMatchObject({ attention: { newLikes: 0, unreadMessages: 0 } })

    // B answers in the conversation.
    await give(DATEDICHTBIJ, b, 100)
    const answer = await post(DATEDICHTBIJ, location, b, chatAction as Handler, { id: conversationId }, 'Hallo Anna')
    expect(answer.status).toBe(302)
    expect(answer.headers.get('Location')).toBe(location)

    // A third member cannot open or write into it; nor can a member of another pool.
    const c = await loggedInMember(db, FLIRTLOKAAL, 'Cas')
    const far = await loggedInMember(db, DATEVIBE, 'Far')
    expect((await call(FLIRTLOKAAL, location, c.cookie, chatLoader as Handler, { id: conversationId })).status).toBe(404)
    expect((await post(FLIRTLOKAAL, location, c, chatAction as Handler, { id: conversationId }, 'ik ook')).status).toBe(404)
    expect((await call(DATEVIBE, location, far.cookie, chatLoader as Handler, { id: conversationId })).status).toBe(404)
    expect((await call(DATEVIBE, `/members/${a.profile.id}/chat`, far.cookie, startLoader as Handler, { id: String(a.profile.id) })).status).toBe(404)
  })

  it("a free member's third conversation is refused with the limit's text, uncharged", async () => {
    const a = await loggedInMember(db, FLIRTLOKAAL)
    const [x, y, z] = await Promise.all([1, 2, 3].map(() => loggedInMember(db, FLIRTLOKAAL)))
    await give(FLIRTLOKAAL, a, 100)
    for (const m of [x!, y!]) expect((await post(FLIRTLOKAAL, `/members/${m.profile.id}/chat`, a, startAction as Handler, { id: String(m.profile.id) }, 'hoi')).status).toBe(302)
    const page = await call(FLIRTLOKAAL, `/members/${z!.profile.id}/chat`, a.cookie, startLoader as Handler, { id: String(z!.profile.id) })
    expect(page.body).toMatchObject({ composer: { limitReached: true } })
    const third = await post(FLIRTLOKAAL, `/members/${z!.profile.id}/chat`, a, startAction as Handler, { id: String(z!.profile.id) }, 'hoi')
    expect(third.status).toBe(403)
    expect(third.body).toEqual({ error: 'conversation_limit', body: 'hoi' })
    expect(await creditsOf(FLIRTLOKAAL, a)).toBe(100 - 2 * tenantCost)
  })

  it('a blocked or invisible member (no conversation yet) is not found, and writing to them is refused uncharged', async () => {
    const a = await loggedInMember(db, FLIRTLOKAAL)
    const blocker = await loggedInMember(db, FLIRTLOKAAL)
    const hidden = await loggedInMember(db, FLIRTLOKAAL)
    await give(FLIRTLOKAAL, a, 20)
    await createBlock(db, FLIRTLOKAAL, blocker.profile.id, a.profile.id)
    await withScope(db, FLIRTLOKAAL, (tx) => tx.profile.update({ where: { poolId_id: { poolId: FLIRTLOKAAL.poolId, id: hidden.profile.id } }, data: { invisible: true } }))
    for (const m of [blocker, hidden]) {
      const params = { id: String(m.profile.id) }
      expect((await call(FLIRTLOKAAL, `/members/${m.profile.id}/chat`, a.cookie, startLoader as Handler, params)).status).toBe(404)
      const sent = await post(FLIRTLOKAAL, `/members/${m.profile.id}/chat`, a, startAction as Handler, params, 'hoi')
      expect(sent.status).toBe(404)
    }
    expect(await creditsOf(FLIRTLOKAAL, a)).toBe(20)
  })

  it('DELETE /api/chat removes it from the member\'s list only; another member\'s conversation is a 404; the plain form too', async () => {
    const a = await loggedInMember(db, FLIRTLOKAAL)
    const b = await loggedInMember(db, FLIRTLOKAAL)
    await give(FLIRTLOKAAL, a, 20)
    const sent = await post(FLIRTLOKAAL, `/members/${b.profile.id}/chat`, a, startAction as Handler, { id: String(b.profile.id) }, 'hoi')
    const id = Number(sent.headers.get('Location')!.split('/').pop())
    const del = (m: Member, body: unknown) =>
      call(FLIRTLOKAAL, '/api/chat', m.cookie, apiChatAction as Handler, {}, { method: 'DELETE', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } })
    const stranger = await loggedInMember(db, FLIRTLOKAAL)
    expect((await del(stranger, { conversation: id })).status).toBe(404)
    expect((await del(b, { conversation: 'x' })).status).toBe(400)
    expect((await del(b, { conversation: id })).body).toEqual({ ok: true })
    expect((await call(FLIRTLOKAAL, '/chats', b.cookie, chatsLoader as Handler)).body).toMatchObject({ chats: [] })
    expect((await call(FLIRTLOKAAL, '/chats', a.cookie, chatsLoader as Handler)).body).toMatchObject({ chats: [{ id }] })
    // By profile, and by the plain form.
    expect((await del(a, { profile: b.profile.id })).body).toEqual({ ok: true })
    expect((await call(FLIRTLOKAAL, '/chats', a.cookie, chatsLoader as Handler)).body).toMatchObject({ chats: [] })
    const form = await call(FLIRTLOKAAL, '/chats', a.cookie, chatsAction as Handler, {}, { method: 'POST', body: new URLSearchParams({ conversation: String(id) }), headers: { 'Content-Type': 'application/x-www-form-urlencoded' } })
    expect(form.status).toBe(302)
  })

  it('a gift from the profile: refused uncharged without credits (the buy alert), an unknown kind refused, then sent into the chat for gift_credits', async () => {
    const a = await loggedInMember(db, FLIRTLOKAAL, 'Gina')
    const b = await loggedInMember(db, FLIRTLOKAAL, 'Gert')
    const tenant = await tenantFor(FLIRTLOKAAL)
    const params = { id: String(b.profile.id) }
    const giftPost = (gift: string) =>
      call(FLIRTLOKAAL, `/members/${b.profile.id}`, a.cookie, profileAction as Handler, params, {
        method: 'POST',
        body: new URLSearchParams({ intent: 'gift', gift }),
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      })
    const broke = await giftPost('rose')
    expect(broke.status).toBe(402)
    expect(broke.body).toMatchObject({ error: 'insufficient', gift: true })
    await give(FLIRTLOKAAL, a, tenant.credits.gift + 1)
    const unknown = await giftPost('yacht')
    expect(unknown.status).toBe(400)
    expect(unknown.body).toMatchObject({ error: 'gift_unknown' })
    expect(await creditsOf(FLIRTLOKAAL, a)).toBe(tenant.credits.gift + 1)
    const sent = await giftPost('rose')
    expect(sent.status).toBe(302)
    const location = sent.headers.get('Location')!
    expect(location).toMatch(/^\/chats\/\d+$/)
    expect(await creditsOf(FLIRTLOKAAL, a)).toBe(1)
    const chat = await call(FLIRTLOKAAL, location, b.cookie, chatLoader as Handler, { id: location.split('/').pop()! })
    expect(chat.body).toMatchObject({ chat: { messages: [{ gift: 'rose', mine: false }] } })
  })
})
