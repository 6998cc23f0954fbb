// The inbox against real Postgres (issue #21): claims race (20 chatters, one winner), the
// maximum per chatter, replies as the profile that never charge the member and leave the
// queue, auto-assignment to the available chatter with the fewest open conversations, and
// the scope: a chatter of another pool finds nothing.
/* eslint-disable no-restricted-imports -- this test drives the route modules themselves */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appDb, createMember, createProfile, DATEDICHTBIJ, DATEVIBE, FLIRTLOKAAL, ownerDb } from '../../../tests/fixtures.ts'
import { consoleArgs, createTestOperator, signedInOperator } from '../../../tests/operators.ts'
import { runRoute } from '../../../tests/route-harness.ts'
import { action as conversationAction, loader as conversationLoader } from '../../routes/console.inbox.$conversation.tsx'
import { action as inboxAction } from '../../routes/console.inbox._index.tsx'
import { loader as metricsLoader } from '../../routes/console.inbox.metrics.tsx'
import { action as repliesAction } from '../../routes/console.inbox.replies.tsx'
import { sendMessage } from '../chat/send.server.ts'
import { loadChat } from '../chat/conversations.server.ts'
import { changeCredits } from '../credits/ledger.server.ts'
import type { Db } from '../db/client.server.ts'
import { withScope } from '../db/scoped.server.ts'
import { loadTenants } from '../tenancy/load-tenants.server.ts'
import { THEME_NAMES } from '../../../themes/index.ts'
import { operatorDb, reachOf, withOperator } from '../operators/scope.server.ts'
import type { OperatorRole } from '../operators/roles.ts'
import { assignWaiting, pickChatter } from './assign.server.ts'
import { claimConversation } from './claims.server.ts'
import { loadConversationView } from './conversation.server.ts'
import { listQueue } from './queue.server.ts'
import { replyAsProfile } from './reply.server.ts'

let db: Db
let tenants: Awaited<ReturnType<typeof loadTenants>>

beforeAll(async () => {
  db = appDb(12)
  tenants = await loadTenants(THEME_NAMES)
})

afterAll(async () => {
  await db.$disconnect()
})

/** A member of flirtlokaal with credits who wrote to a new fictional profile: a waiting conversation. */
async function waitingConversation(scope = FLIRTLOKAAL) {
  const member = await createMember(db, scope)
  const fictional = await createProfile(db, scope, { fictional: true, name: 'Fiona' })
  await withScope(db, scope, (tx) => changeCredits(tx, scope, { userId: member.user.id, delta: 50, reason: 'bonus', reference: `test-${member.user.id}` }))
  const sent = await sendMessage(db, scope, { sender: { userId: member.user.id, profileId: member.profile.id, paidUser: true }, recipientId: fictional, body: 'Are you real?', cost: 10, maxLength: 500, language: 'nl' })
  if (!sent.ok) throw new Error(`send: ${sent.reason}`)
  return { member, fictional, conversation: sent.conversationId }
}

type TestOperator = { id: string; email: string; role: OperatorRole; maxChats: number; allSites: boolean; pools: string[]; sites: string[] }
const actorOf = (o: TestOperator) => ({ id: o.id, email: o.email, role: o.role, ip: '127.0.0.1', maxChats: o.maxChats, sites: reachOf(o, tenants).sites.map((s) => s.slug) })

describe('claims', () => {
  it('twenty chatters claiming one conversation at once: exactly one wins', async () => {
    const { conversation } = await waitingConversation()
    const chatters = await Promise.all(Array.from({ length: 20 }, () => createTestOperator(db, { role: 'chatter', pools: ['benelux'] })))
    const results = await Promise.all(chatters.map((c) => withOperator(operatorDb(db, c.id), (tx) => claimConversation(tx, actorOf(c), conversation, { mustWait: true }), { maxWait: 20_000, timeout: 20_000 })))
    expect(results.filter((r) => r.ok)).toHaveLength(1)
    expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.reason === 'taken')).toBe(true)
    const winner = chatters[results.findIndex((r) => r.ok)]!
    const row = await withOperator(operatorDb(db, winner.id), (tx) => tx.conversation.findFirst({ where: { id: conversation }, select: { claimedBy: true } }))
    expect(row?.claimedBy).toBe(winner.id)
  })

  it('a chatter holds no more than their maximum', async () => {
    const chatter = await createTestOperator(db, { role: 'chatter', pools: ['benelux'], maxChats: 1 })
    const a = await waitingConversation()
    const b = await waitingConversation()
    const op = operatorDb(db, chatter.id)
    expect((await withOperator(op, (tx) => claimConversation(tx, actorOf(chatter), a.conversation))).ok).toBe(true)
    expect(await withOperator(op, (tx) => claimConversation(tx, actorOf(chatter), b.conversation))).toEqual({ ok: false, reason: 'limit' })
  })

  it('a chatter of another pool cannot claim, see or answer it', async () => {
    const { conversation } = await waitingConversation()
    const stranger = await createTestOperator(db, { role: 'chatter', pools: ['datevibe'] })
    const op = operatorDb(db, stranger.id)
    expect(await withOperator(op, (tx) => claimConversation(tx, actorOf(stranger), conversation))).toEqual({ ok: false, reason: 'not_found' })
    expect(await withOperator(op, (tx) => loadConversationView(tx, { conversationId: conversation, operatorId: stranger.id, sites: tenants, locale: 'en' }))).toBeNull()
    expect(await replyAsProfile(op, actorOf(stranger), tenants, { conversationId: conversation, body: 'hi' })).toEqual({ ok: false, reason: 'not_found' })
    const queue = await withOperator(op, (tx) => listQueue(tx, { id: stranger.id, sites: ['flirtlokaal'], pools: ['benelux'], languages: [] }))
    expect(queue.find((q) => q.id === conversation)).toBeUndefined()
  })
})

describe('a chatter of one site of the pool', () => {
  // flirtlokaal and datedichtbij share the pool benelux: the database admits the pool's
  // conversations to a chatter of flirtlokaal, the app must not hand them datedichtbij's.
  it('cannot open, claim, note or answer a conversation of the sibling site\'s member', async () => {
    const { member, conversation } = await waitingConversation(DATEDICHTBIJ)
    const { operator: chatter, cookie } = await signedInOperator(db, { role: 'chatter', sites: ['flirtlokaal'] })
    const params = { conversation: String(conversation) }
    const post = (form: Record<string, string>) => runRoute(async () => conversationAction(await consoleArgs(`/inbox/${conversation}`, { cookie, form, params })))
    expect((await runRoute(async () => conversationLoader(await consoleArgs(`/inbox/${conversation}`, { cookie, params })))).status).toBe(404)
    expect((await post({ intent: 'claim' })).status).toBe(404)
    expect((await runRoute(async () => inboxAction(await consoleArgs('/inbox', { cookie, form: { intent: 'claim', conversation: String(conversation) } })))).status).toBe(404)
    expect((await post({ intent: 'note', profile: String(member.profile.id), note: 'seen elsewhere' })).status).toBe(400)
    // Even holding a claim (say, from before the assignment changed), no answer goes out.
    const owner = ownerDb()
    try {
      await owner.conversation.updateMany({ where: { id: conversation }, data: { claimedBy: chatter.id, claimedUntil: new Date(Date.now() + 60_000) } })
      expect((await post({ intent: 'reply', body: 'Hello from next door' })).status).toBe(404)
      const notes = await owner.operatorNote.count({ where: { profileId: member.profile.id } })
      const answers = await owner.message.count({ where: { conversationId: conversation, operatorId: chatter.id } })
      expect({ notes, answers }).toEqual({ notes: 0, answers: 0 })
    } finally {
      await owner.$disconnect()
    }
    // Their own site's conversation: claimed as before.
    const own = await waitingConversation(FLIRTLOKAAL)
    expect((await withOperator(operatorDb(db, chatter.id), (tx) => claimConversation(tx, actorOf(chatter), own.conversation))).ok).toBe(true)
  })

  it('neither deletes the sibling site\'s saved replies nor counts its answers in the metrics', async () => {
    const owner = ownerDb()
    try {
      const saved = await owner.cannedReply.create({ data: { tenantId: 'datedichtbij', language: 'nl', title: 'Hallo', body: 'Hoi {name}!' } })
      const { cookie } = await signedInOperator(db, { role: 'chatter', sites: ['flirtlokaal'] })
      const deleted = await runRoute(async () => repliesAction(await consoleArgs('/inbox/replies', { cookie, form: { intent: 'delete', id: String(saved.id) } })))
      expect(deleted.status).toBe(404)
      expect(await owner.cannedReply.count({ where: { id: saved.id } })).toBe(1)
      // An answer to a datedichtbij member, by a chatter of the pool.
      const { conversation } = await waitingConversation(DATEDICHTBIJ)
      const poolChatter = await createTestOperator(db, { role: 'chatter', pools: ['benelux'] })
      expect((await withOperator(operatorDb(db, poolChatter.id), (tx) => claimConversation(tx, actorOf(poolChatter), conversation))).ok).toBe(true)
      expect((await replyAsProfile(operatorDb(db, poolChatter.id), actorOf(poolChatter), tenants, { conversationId: conversation, body: 'Hoi!' })).ok).toBe(true)
      type Metrics = { metrics: { groups: { tenantId: string }[]; chatters: { operatorId: string }[] } }
      const seen = (await runRoute(async () => metricsLoader(await consoleArgs('/inbox/metrics', { cookie })))).body as Metrics
      expect(seen.metrics.groups.map((g) => g.tenantId)).not.toContain('datedichtbij')
      expect(seen.metrics.chatters.map((c) => c.operatorId)).not.toContain(poolChatter.id)
      const pool = (await signedInOperator(db, { role: 'admin', pools: ['benelux'] })).cookie
      const all = (await runRoute(async () => metricsLoader(await consoleArgs('/inbox/metrics', { cookie: pool })))).body as Metrics
      expect(all.metrics.chatters.map((c) => c.operatorId)).toContain(poolChatter.id)
    } finally {
      await owner.$disconnect()
    }
  })
})

describe('answers', () => {
  it('go out as the profile, charge the member nothing, leave the queue and are audited', async () => {
    const { member, fictional, conversation } = await waitingConversation()
    const chatter = await createTestOperator(db, { role: 'chatter', pools: ['benelux'] })
    const op = operatorDb(db, chatter.id)
    const balance = async () => (await withScope(db, FLIRTLOKAAL, (tx) => tx.user.findUniqueOrThrow({ where: { poolId_tenantId_id: { poolId: FLIRTLOKAAL.poolId, tenantId: FLIRTLOKAAL.tenantId, id: member.user.id } }, select: { credits: true } }))).credits
    const before = await balance()
    expect(before).toBe(40)
    // Not claimed: refused.
    expect(await replyAsProfile(op, actorOf(chatter), tenants, { conversationId: conversation, body: 'Hello!' })).toEqual({ ok: false, reason: 'not_claimed' })
    expect((await withOperator(op, (tx) => claimConversation(tx, actorOf(chatter), conversation))).ok).toBe(true)
    const view = await withOperator(op, (tx) => loadConversationView(tx, { conversationId: conversation, operatorId: chatter.id, sites: tenants, locale: 'en' }))
    expect(view?.member).toMatchObject({ credits: 40, paid: false })
    // Never the e-mail address.
    expect(JSON.stringify(view)).not.toContain(member.user.email)
    const reply = await replyAsProfile(op, actorOf(chatter), tenants, { conversationId: conversation, body: 'Hello!' })
    expect(reply.ok).toBe(true)
    expect(await balance()).toBe(before)
    const row = await withScope(db, FLIRTLOKAAL, (tx) => tx.conversation.findUniqueOrThrow({ where: { poolId_id: { poolId: FLIRTLOKAAL.poolId, id: conversation } } }))
    expect(row).toMatchObject({ operatorWaitingFor: null, operatorWaitingSince: null, claimedBy: null })
    const message = await withScope(db, FLIRTLOKAAL, (tx) => tx.message.findFirstOrThrow({ where: { conversationId: conversation, senderId: fictional } }))
    expect(message).toMatchObject({ body: 'Hello!', credits: 0, recipientId: member.profile.id, operatorId: chatter.id })
    const admin = await createTestOperator(db, { role: 'admin', allSites: true })
    const audit = await withOperator(operatorDb(db, admin.id), (tx) => tx.operatorAudit.findMany({ where: { targetId: String(conversation) }, orderBy: { id: 'asc' } }))
    expect(audit.map((a) => a.action)).toEqual(['inbox.claim', 'inbox.reply'])
  })

  it('a photo of the profile reaches the member\'s chat as a picture; a private or foreign photo is refused', async () => {
    const { member, fictional, conversation } = await waitingConversation()
    const chatter = await createTestOperator(db, { role: 'chatter', pools: ['benelux'] })
    const op = operatorDb(db, chatter.id)
    await withOperator(op, (tx) => claimConversation(tx, actorOf(chatter), conversation))
    const photo = await withScope(db, FLIRTLOKAAL, (tx) => tx.photo.findFirstOrThrow({ where: { profileId: fictional }, select: { id: true, filename: true } }))
    const other = await createProfile(db, FLIRTLOKAAL, { fictional: true })
    const foreign = await withScope(db, FLIRTLOKAAL, (tx) => tx.photo.findFirstOrThrow({ where: { profileId: other }, select: { id: true } }))
    expect(await replyAsProfile(op, actorOf(chatter), tenants, { conversationId: conversation, photoId: foreign.id })).toEqual({ ok: false, reason: 'photo_unknown' })
    expect((await replyAsProfile(op, actorOf(chatter), tenants, { conversationId: conversation, photoId: photo.id })).ok).toBe(true)
    const chat = await withScope(db, FLIRTLOKAAL, (tx) => loadChat(tx, FLIRTLOKAAL, member.profile.id, conversation, '/media/'))
    expect(chat?.messages.at(-1)).toMatchObject({ mine: false, photo: `/media/${photo.filename}` })
  })

  it('a gift the member\'s site does not offer is refused', async () => {
    const { conversation } = await waitingConversation()
    const chatter = await createTestOperator(db, { role: 'chatter', pools: ['benelux'] })
    const op = operatorDb(db, chatter.id)
    await withOperator(op, (tx) => claimConversation(tx, actorOf(chatter), conversation))
    expect(await replyAsProfile(op, actorOf(chatter), tenants, { conversationId: conversation, gift: 'yacht' })).toEqual({ ok: false, reason: 'gift_unknown' })
    expect((await replyAsProfile(op, actorOf(chatter), tenants, { conversationId: conversation, gift: 'rose' })).ok).toBe(true)
  })
})

describe('auto-assignment', () => {
  it('picks the available chatter of the pool and language with the fewest open conversations, never above the maximum', () => {
    const base = { email: 'x', role: 'chatter' as const, allSites: false, sites: [], languages: [], maxChats: 3, lastAssignedAt: null }
    const busy = { ...base, id: 'busy', pools: ['benelux'], open: 2 }
    const free = { ...base, id: 'free', pools: ['benelux'], open: 1 }
    const full = { ...base, id: 'full', pools: ['benelux'], open: 3 }
    const other = { ...base, id: 'other', pools: ['datevibe'], open: 0 }
    const english = { ...base, id: 'english', pools: ['benelux'], open: 0, languages: ['en'] }
    expect(pickChatter({ id: 1, tenantId: 'flirtlokaal', language: 'nl' }, 'benelux', [busy, free, full, other, english])?.id).toBe('free')
    expect(pickChatter({ id: 1, tenantId: 'flirtlokaal', language: 'nl' }, 'benelux', [full, other])).toBeNull()
  })

  it('hands waiting conversations to available online chatters only', async () => {
    const { conversation } = await waitingConversation(DATEVIBE)
    const offline = await createTestOperator(db, { role: 'chatter', pools: ['datevibe'] })
    await db.operator.update({ where: { id: offline.id }, data: { available: true, lastSeenAt: new Date(Date.now() - 3_600_000) } })
    const away = await createTestOperator(db, { role: 'chatter', pools: ['datevibe'] })
    await db.operator.update({ where: { id: away.id }, data: { available: false, lastSeenAt: new Date() } })
    expect((await assignWaiting(db, tenants)).find((a) => a.conversation === conversation)).toBeUndefined()
    const ready = await createTestOperator(db, { role: 'chatter', pools: ['datevibe'] })
    await db.operator.update({ where: { id: ready.id }, data: { available: true, lastSeenAt: new Date() } })
    const made = await assignWaiting(db, tenants)
    expect(made.find((a) => a.conversation === conversation)?.operatorId).toBe(ready.id)
  })
})
