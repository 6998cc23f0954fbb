// Blocks are pool-scoped: visible on every site of the pool, invisible to another pool, and
// a profile of another pool cannot be blocked because it cannot even be found.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appDb, createMember, DATEDICHTBIJ, DATEVIBE, FLIRTLOKAAL } from '../../../tests/fixtures.ts'
import type { Db } from '../db/client.server.ts'
import { withScope, type Scope } from '../db/scoped.server.ts'
import { blockMember, createBlock, isBlocked, listBlocked, profilesBlocking, unblockMember } from './blocks.server.ts'

let db: Db
const inScope = <T>(scope: Scope, fn: Parameters<typeof withScope<T>>[2]) => withScope(db, scope, fn)

beforeAll(() => {
  db = appDb()
})

afterAll(async () => {
  await db.$disconnect()
})

describe('blockMember', () => {
  it('blocks one way: the blocked member is blocked from the blocker, not the other way round', async () => {
    const anna = await createMember(db, FLIRTLOKAAL)
    const bert = await createMember(db, FLIRTLOKAAL)
    expect(await inScope(FLIRTLOKAAL, (tx) => blockMember(tx, FLIRTLOKAAL, anna.profile.id, bert.profile.id))).toEqual({ ok: true })
    // Bert views Anna's profile: refused. Anna views Bert's: allowed.
    expect(await inScope(FLIRTLOKAAL, (tx) => isBlocked(tx, FLIRTLOKAAL, bert.profile.id, anna.profile.id))).toBe(true)
    expect(await inScope(FLIRTLOKAAL, (tx) => isBlocked(tx, FLIRTLOKAAL, anna.profile.id, bert.profile.id))).toBe(false)
    expect(await inScope(FLIRTLOKAAL, (tx) => profilesBlocking(tx, FLIRTLOKAAL, bert.profile.id))).toEqual([anna.profile.id])
  })

  it('blocking twice is harmless', async () => {
    const a = await createMember(db, FLIRTLOKAAL)
    const b = await createMember(db, FLIRTLOKAAL)
    await createBlock(db, FLIRTLOKAAL, a.profile.id, b.profile.id)
    await createBlock(db, FLIRTLOKAAL, a.profile.id, b.profile.id)
    expect(await inScope(FLIRTLOKAAL, (tx) => listBlocked(tx, FLIRTLOKAAL, a.profile.id))).toHaveLength(1)
  })

  it('refuses yourself', async () => {
    const a = await createMember(db, FLIRTLOKAAL)
    expect(await inScope(FLIRTLOKAAL, (tx) => blockMember(tx, FLIRTLOKAAL, a.profile.id, a.profile.id))).toEqual({ ok: false, reason: 'self' })
  })

  it('cannot find, so cannot block, a profile of another pool', async () => {
    const a = await createMember(db, FLIRTLOKAAL)
    const far = await createMember(db, DATEVIBE)
    expect(await inScope(FLIRTLOKAAL, (tx) => blockMember(tx, FLIRTLOKAAL, a.profile.id, far.profile.id))).toEqual({ ok: false, reason: 'not_found' })
    // Nor in the other direction with a forged scope key: the row-level policy rejects it.
    await expect(
      inScope(DATEVIBE, (tx) => tx.block.create({ data: { poolId: 'benelux', blockerId: far.profile.id, blockedId: a.profile.id } })),
    ).rejects.toThrow(/row-level security/i)
    expect(await inScope(FLIRTLOKAAL, (tx) => tx.block.count({ where: { blockedId: far.profile.id } }))).toBe(0)
  })

  it('refuses unknown and deleted profiles', async () => {
    const a = await createMember(db, FLIRTLOKAAL)
    const gone = await createMember(db, FLIRTLOKAAL)
    await inScope(FLIRTLOKAAL, (tx) => tx.profile.update({ where: { poolId_id: { poolId: FLIRTLOKAAL.poolId, id: gone.profile.id } }, data: { status: 'deleted' } }))
    expect(await inScope(FLIRTLOKAAL, (tx) => blockMember(tx, FLIRTLOKAAL, a.profile.id, gone.profile.id))).toEqual({ ok: false, reason: 'not_found' })
    expect(await inScope(FLIRTLOKAAL, (tx) => blockMember(tx, FLIRTLOKAAL, a.profile.id, 2_000_000_000))).toEqual({ ok: false, reason: 'not_found' })
    await expect(createBlock(db, FLIRTLOKAAL, a.profile.id, 2_000_000_000)).rejects.toThrow(/not_found/)
  })
})

describe('hidden members stay hidden', () => {
  it('an invisible, unconfirmed or deleted member cannot be blocked or unblocked: "not found" and no name', async () => {
    const me = await createMember(db, FLIRTLOKAAL)
    const hidden = await createMember(db, FLIRTLOKAAL, 'hiddenname')
    const unconfirmed = await createMember(db, FLIRTLOKAAL, 'unconfirmedname')
    const gone = await createMember(db, FLIRTLOKAAL, 'gonename')
    await inScope(FLIRTLOKAAL, async (tx) => {
      await tx.profile.update({ where: { poolId_id: { poolId: FLIRTLOKAAL.poolId, id: hidden.profile.id } }, data: { invisible: true } })
      await tx.profile.update({ where: { poolId_id: { poolId: FLIRTLOKAAL.poolId, id: unconfirmed.profile.id } }, data: { status: 'disabled' } })
      await tx.profile.update({ where: { poolId_id: { poolId: FLIRTLOKAAL.poolId, id: gone.profile.id } }, data: { status: 'deleted' } })
    })
    for (const target of [hidden, unconfirmed, gone]) {
      expect(await inScope(FLIRTLOKAAL, (tx) => blockMember(tx, FLIRTLOKAAL, me.profile.id, target.profile.id))).toEqual({ ok: false, reason: 'not_found' })
      expect(await inScope(FLIRTLOKAAL, (tx) => unblockMember(tx, FLIRTLOKAAL, me.profile.id, target.profile.id))).toBeNull()
    }
    expect(await inScope(FLIRTLOKAAL, (tx) => tx.block.count({ where: { blockerId: me.profile.id } }))).toBe(0)
    // A member blocked while visible can still be unblocked after going invisible.
    const later = await createMember(db, FLIRTLOKAAL, 'laterhidden')
    await createBlock(db, FLIRTLOKAAL, me.profile.id, later.profile.id)
    await inScope(FLIRTLOKAAL, (tx) => tx.profile.update({ where: { poolId_id: { poolId: FLIRTLOKAAL.poolId, id: later.profile.id } }, data: { invisible: true } }))
    expect(await inScope(FLIRTLOKAAL, (tx) => blockMember(tx, FLIRTLOKAAL, me.profile.id, later.profile.id))).toEqual({ ok: true })
    expect(await inScope(FLIRTLOKAAL, (tx) => unblockMember(tx, FLIRTLOKAAL, me.profile.id, later.profile.id))).toEqual({ name: 'laterhidden' })
  })
})

describe('pool scope', () => {
  it('a block is seen on every site of its pool and by no other pool', async () => {
    const a = await createMember(db, FLIRTLOKAAL)
    const b = await createMember(db, DATEDICHTBIJ)
    await createBlock(db, FLIRTLOKAAL, a.profile.id, b.profile.id)
    expect(await inScope(DATEDICHTBIJ, (tx) => isBlocked(tx, DATEDICHTBIJ, b.profile.id, a.profile.id))).toBe(true)
    expect(await inScope(DATEVIBE, (tx) => isBlocked(tx, DATEVIBE, b.profile.id, a.profile.id))).toBe(false)
    expect(await inScope(DATEVIBE, (tx) => tx.block.count())).toBe(0)
    expect(await inScope(DATEVIBE, (tx) => listBlocked(tx, DATEVIBE, a.profile.id))).toEqual([])
    // Another pool cannot lift it either.
    expect(await inScope(DATEVIBE, (tx) => unblockMember(tx, DATEVIBE, a.profile.id, b.profile.id))).toBeNull()
    expect(await inScope(FLIRTLOKAAL, (tx) => isBlocked(tx, FLIRTLOKAAL, b.profile.id, a.profile.id))).toBe(true)
  })
})

describe('listBlocked and unblockMember', () => {
  it('lists newest first, hides deleted profiles, and unblocks', async () => {
    const me = await createMember(db, FLIRTLOKAAL)
    const first = await createMember(db, FLIRTLOKAAL, 'firstblocked')
    const second = await createMember(db, FLIRTLOKAAL, 'secondblocked')
    const leaving = await createMember(db, FLIRTLOKAAL)
    await createBlock(db, FLIRTLOKAAL, me.profile.id, first.profile.id)
    await createBlock(db, FLIRTLOKAAL, me.profile.id, second.profile.id)
    await createBlock(db, FLIRTLOKAAL, me.profile.id, leaving.profile.id)
    await inScope(FLIRTLOKAAL, (tx) => tx.profile.update({ where: { poolId_id: { poolId: FLIRTLOKAAL.poolId, id: leaving.profile.id } }, data: { status: 'deleted' } }))
    const list = await inScope(FLIRTLOKAAL, (tx) => listBlocked(tx, FLIRTLOKAAL, me.profile.id))
    expect(list.map((b) => b.name)).toEqual(['secondblocked', 'firstblocked'])
    expect(list[0]!.blockedAt).toBeInstanceOf(Date)

    expect(await inScope(FLIRTLOKAAL, (tx) => unblockMember(tx, FLIRTLOKAAL, me.profile.id, first.profile.id))).toEqual({ name: 'firstblocked' })
    expect(await inScope(FLIRTLOKAAL, (tx) => unblockMember(tx, FLIRTLOKAAL, me.profile.id, first.profile.id))).toBeNull()
    expect(await inScope(FLIRTLOKAAL, (tx) => isBlocked(tx, FLIRTLOKAAL, first.profile.id, me.profile.id))).toBe(false)
    // Someone else's block on the same member is not mine to lift.
    const other = await createMember(db, FLIRTLOKAAL)
    await createBlock(db, FLIRTLOKAAL, other.profile.id, second.profile.id)
    await inScope(FLIRTLOKAAL, (tx) => unblockMember(tx, FLIRTLOKAAL, me.profile.id, second.profile.id))
    expect(await inScope(FLIRTLOKAAL, (tx) => isBlocked(tx, FLIRTLOKAAL, second.profile.id, other.profile.id))).toBe(true)
  })
})
