// The console's scope in the database (decision 023), tried as attacks: an operator's
// handle reaches exactly the sites and pools they are assigned, the tables their role may
// see, and nothing once disabled; the audit log is append-only; the fictional flag sticks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appDb, createMember, createProfile, DATEVIBE, FLIRTLOKAAL, ownerDb } from '../../../tests/fixtures.ts'
import { createTestOperator } from '../../../tests/operators.ts'
import type { Db } from '../db/client.server.ts'
import { withScope } from '../db/scoped.server.ts'
import { auditIn } from './audit.server.ts'
import { operatorDb, withOperator } from './scope.server.ts'

let db: Db
let nl: Awaited<ReturnType<typeof createMember>>
let uk: Awaited<ReturnType<typeof createMember>>
let fictionalNl: number
let fictionalUk: number
let operatedNl: number
let privateNl: number

beforeAll(async () => {
  db = appDb()
  nl = await createMember(db, FLIRTLOKAAL, 'nora')
  uk = await createMember(db, DATEVIBE, 'ursula')
  const other = await createMember(db, FLIRTLOKAAL, 'otto')
  fictionalNl = await createProfile(db, FLIRTLOKAAL, { fictional: true })
  fictionalUk = await createProfile(db, DATEVIBE, { fictional: true })
  operatedNl = await withScope(db, FLIRTLOKAAL, async (tx) =>
    (await tx.conversation.create({ data: { poolId: 'benelux', profileAId: Math.min(nl.profile.id, fictionalNl), profileBId: Math.max(nl.profile.id, fictionalNl), startedById: nl.profile.id, operated: true, operatorWaitingFor: nl.profile.id, operatorWaitingSince: new Date() } })).id,
  )
  privateNl = await withScope(db, FLIRTLOKAAL, async (tx) =>
    (await tx.conversation.create({ data: { poolId: 'benelux', profileAId: Math.min(nl.profile.id, other.profile.id), profileBId: Math.max(nl.profile.id, other.profile.id), startedById: nl.profile.id } })).id,
  )
  await withScope(db, DATEVIBE, (tx) => tx.conversation.create({ data: { poolId: 'datevibe', profileAId: Math.min(uk.profile.id, fictionalUk), profileBId: Math.max(uk.profile.id, fictionalUk), startedById: uk.profile.id, operated: true } }))
})

afterAll(async () => {
  await db.$disconnect()
})

describe('an operator assigned to one pool', () => {
  it('reads that pool and never another pool, not even by id', async () => {
    const op = operatorDb(db, (await createTestOperator(db, { role: 'moderator', pools: ['benelux'] })).id)
    const seen = await withOperator(op, (tx) => tx.profile.findMany({ where: { id: { in: [nl.profile.id, uk.profile.id, fictionalUk] } }, select: { id: true } }))
    expect(seen.map((p) => p.id)).toEqual([nl.profile.id])
    expect(await withOperator(op, (tx) => tx.user.findFirst({ where: { id: uk.user.id } }))).toBeNull()
    expect(await withOperator(op, (tx) => tx.user.findFirst({ where: { id: nl.user.id }, select: { id: true } }))).toEqual({ id: nl.user.id })
  })

  it('cannot write into another pool, even when a function is handed that pool as its scope', async () => {
    const op = operatorDb(db, (await createTestOperator(db, { role: 'admin', pools: ['benelux'] })).id)
    await expect(
      withScope(op, DATEVIBE, (tx) => tx.profile.create({ data: { poolId: 'datevibe', tenantId: 'datevibe', name: 'Sneaky', gender: 'woman', birthDate: new Date('1990-01-01'), country: 'GB', status: 'active', fictional: true } })),
    ).rejects.toThrow(/row-level security/)
    const changed = await withScope(op, DATEVIBE, (tx) => tx.profile.updateMany({ where: { poolId: 'datevibe', id: uk.profile.id }, data: { name: 'Hacked' } }))
    expect(changed.count).toBe(0)
  })

  it('a site assignment opens that site and its pool, not the sibling site\'s accounts', async () => {
    const op = operatorDb(db, (await createTestOperator(db, { role: 'moderator', sites: ['datedichtbij'] })).id)
    // flirtlokaal shares the pool: its profiles are seen (as its members see them), its accounts are not.
    expect(await withOperator(op, (tx) => tx.profile.count({ where: { id: nl.profile.id } }))).toBe(1)
    expect(await withOperator(op, (tx) => tx.user.count({ where: { id: nl.user.id } }))).toBe(0)
  })
})

describe('roles in the database', () => {
  it('a chatter never reads member accounts, money, or conversations between two members', async () => {
    const op = operatorDb(db, (await createTestOperator(db, { role: 'chatter', pools: ['benelux'] })).id)
    await withOperator(op, async (tx) => {
      expect(await tx.user.count()).toBe(0)
      expect(await tx.payment.count()).toBe(0)
      expect(await tx.creditTransaction.count()).toBe(0)
      const conversations = await tx.conversation.findMany({ select: { id: true } })
      expect(conversations.map((c) => c.id)).toEqual([operatedNl])
      expect(await tx.conversation.findFirst({ where: { id: privateNl } })).toBeNull()
    })
  })

  it('a moderator sees member conversations of the pool but no money', async () => {
    const op = operatorDb(db, (await createTestOperator(db, { role: 'moderator', pools: ['benelux'] })).id)
    await withOperator(op, async (tx) => {
      expect((await tx.conversation.findMany({ select: { id: true } })).map((c) => c.id).sort()).toEqual([operatedNl, privateNl].sort())
      expect(await tx.payment.count()).toBe(0)
    })
  })

  it('a disabled operator reaches nothing, whatever session they still hold', async () => {
    const row = await createTestOperator(db, { role: 'admin', allSites: true, status: 'disabled' })
    await withOperator(operatorDb(db, row.id), async (tx) => {
      expect(await tx.profile.count()).toBe(0)
      expect(await tx.user.count()).toBe(0)
    })
  })

  it('every site for allSites', async () => {
    const op = operatorDb(db, (await createTestOperator(db, { role: 'admin', allSites: true })).id)
    expect(await withOperator(op, (tx) => tx.user.count({ where: { id: { in: [nl.user.id, uk.user.id] } } }))).toBe(2)
  })
})

describe('the audit log', () => {
  it('is append-only for the runtime role and readable by admins of the pool only', async () => {
    const admin = await createTestOperator(db, { role: 'admin', pools: ['benelux'] })
    const chatter = await createTestOperator(db, { role: 'chatter', pools: ['benelux'] })
    const actor = { id: chatter.id, email: chatter.email, role: chatter.role, ip: '127.0.0.1' }
    await withOperator(operatorDb(db, chatter.id), (tx) => auditIn(tx, actor, { action: 'test.benelux', poolId: 'benelux', tenantId: 'flirtlokaal', targetType: 'conversation', targetId: 1, before: { a: 1 }, after: { a: 2 } }))
    await withOperator(operatorDb(db, chatter.id), (tx) => auditIn(tx, actor, { action: 'test.datevibe', poolId: 'datevibe' }))
    // The chatter who wrote them cannot read them back.
    expect(await withOperator(operatorDb(db, chatter.id), (tx) => tx.operatorAudit.count())).toBe(0)
    const seen = await withOperator(operatorDb(db, admin.id), (tx) => tx.operatorAudit.findMany({ where: { action: { startsWith: 'test.' } } }))
    expect(seen.map((r) => r.action)).toEqual(['test.benelux'])
    expect(seen[0]).toMatchObject({ operatorEmail: chatter.email, role: 'chatter', before: { a: 1 }, after: { a: 2 }, ip: '127.0.0.1' })
    await expect(db.$executeRaw`UPDATE "OperatorAudit" SET "action" = 'x'`).rejects.toThrow(/permission denied/)
    await expect(db.$executeRaw`DELETE FROM "OperatorAudit"`).rejects.toThrow(/permission denied/)
    // Not even the owner changes it.
    const owner = ownerDb()
    try {
      await expect(owner.$executeRaw`DELETE FROM "OperatorAudit"`).rejects.toThrow(/append-only/)
      await expect(owner.$executeRaw`UPDATE "OperatorAudit" SET "ip" = NULL`).rejects.toThrow(/append-only/)
    } finally {
      await owner.$disconnect()
    }
  })
})

describe('fictional profiles', () => {
  it('stay fictional: the flag cannot be cleared, by operators or anyone', async () => {
    const op = operatorDb(db, (await createTestOperator(db, { role: 'admin', allSites: true })).id)
    await expect(withOperator(op, (tx) => tx.profile.update({ where: { poolId_id: { poolId: 'benelux', id: fictionalNl } }, data: { fictional: false } }))).rejects.toThrow(/stays fictional/)
    await expect(withScope(db, FLIRTLOKAAL, (tx) => tx.profile.update({ where: { poolId_id: { poolId: FLIRTLOKAAL.poolId, id: fictionalNl } }, data: { fictional: false } }))).rejects.toThrow(/stays fictional/)
  })
})
