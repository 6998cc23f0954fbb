// Deletion with 14 days' grace: hidden and logged out at once, reactivated by the mailed
// link within the grace period, erased for good after it, each site by its own run only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appDb, createMember, DATEDICHTBIJ, DATEVIBE, FLIRTLOKAAL } from '../../../tests/fixtures.ts'
import { THEMES, THEME_NAMES } from '../../../themes/index.ts'
import { hashPassword } from '../auth/password.server.ts'
import { createSession, loadMember } from '../auth/session.server.ts'
import { issueToken } from '../auth/tokens.server.ts'
import type { Db } from '../db/client.server.ts'
import { withScope, type Scope } from '../db/scoped.server.ts'
import type { MailContext } from '../mail/send.server.ts'
import { translatorFor } from '../tenancy/context.server.ts'
import { loadTenants } from '../tenancy/load-tenants.server.ts'
import { createBlock } from './blocks.server.ts'
import { deleteAccount, GRACE_MS, purgeExpiredAccounts, reactivateAccount, type DeleteReason } from './deletion.server.ts'

const PASSWORD = 'delete me please'
const DAY = 24 * 3600_000
const tenants = await loadTenants(THEME_NAMES)
let db: Db
let passwordHash: string

function mailContext(scope: Scope): MailContext {
  const tenant = tenants.find((t) => t.slug === scope.tenantId)!
  return { db, scope, tenant, theme: THEMES[tenant.theme]!, t: translatorFor(tenant.locales.default, tenant) }
}

async function member(scope: Scope, status: 'active' | 'not_confirmed' = 'active') {
  const m = await createMember(db, scope)
  await withScope(db, scope, async (tx) => {
    await tx.user.update({ where: { poolId_tenantId_id: { poolId: scope.poolId, tenantId: scope.tenantId, id: m.user.id } }, data: { passwordHash, status } })
    if (status === 'not_confirmed') await tx.profile.update({ where: { poolId_id: { poolId: scope.poolId, id: m.profile.id } }, data: { status: 'disabled' } })
  })
  return m
}

/** Deletes the account and returns the raw reactivation token from the mailed link. */
async function remove(scope: Scope, userId: string, now = new Date(), reason: DeleteReason = 'found_someone', remarks: string | null = 'Met dank!') {
  let link = ''
  const result = await deleteAccount(mailContext(scope), {
    userId,
    password: PASSWORD,
    reason,
    remarks,
    now,
    linkFor: (token) => (link = `https://example.test/reactivate?token=${token}`),
  })
  expect(result).toEqual({ ok: true })
  return new URL(link).searchParams.get('token')!
}

const readUser = (scope: Scope, id: string) => withScope(db, scope, (tx) => tx.user.findUnique({ where: { poolId_tenantId_id: { poolId: scope.poolId, tenantId: scope.tenantId, id: id } }, include: { profile: true } }))
const readProfile = (scope: Scope, id: number) => withScope(db, scope, (tx) => tx.profile.findUnique({ where: { poolId_id: { poolId: scope.poolId, id: id } } }))
const session = (scope: Scope, userId: string) => withScope(db, scope, (tx) => createSession(tx, { ...scope, userId }))

beforeAll(async () => {
  db = appDb()
  passwordHash = await hashPassword(PASSWORD)
})

afterAll(async () => {
  await db.$disconnect()
})

describe('deleteAccount', () => {
  it('hides the profile at once, ends every session, records the reason and mails a reactivation link', async () => {
    const m = await member(FLIRTLOKAAL)
    const one = await session(FLIRTLOKAAL, m.user.id)
    const two = await session(FLIRTLOKAAL, m.user.id)
    const now = new Date('2026-03-01T12:00:00Z')
    const token = await remove(FLIRTLOKAAL, m.user.id, now, 'price', '  Te duur  ')
    const user = await readUser(FLIRTLOKAAL, m.user.id)
    expect(user).toMatchObject({ status: 'deleted', statusBeforeDelete: 'active', deletedAt: now, deleteReason: 'price', deleteRemarks: 'Te duur' })
    expect(user!.profile!.status).toBe('deleted')
    // The sibling site of the pool sees the profile as deleted too.
    expect((await readProfile(DATEDICHTBIJ, m.profile.id))!.status).toBe('deleted')
    expect(await loadMember(db, FLIRTLOKAAL, `sid=${one}`)).toBeNull()
    expect(await loadMember(db, FLIRTLOKAAL, `sid=${two}`)).toBeNull()
    const sessions = await withScope(db, FLIRTLOKAAL, (tx) => tx.session.count({ where: { userId: m.user.id } }))
    expect(sessions).toBe(0)
    const stored = await withScope(db, FLIRTLOKAAL, (tx) => tx.token.findFirst({ where: { userId: m.user.id, purpose: 'reactivation', usedAt: null } }))
    expect(stored!.expiresAt).toEqual(new Date(now.getTime() + 14 * DAY))
    const mails = await withScope(db, FLIRTLOKAAL, (tx) => tx.outboxMail.findMany({ where: { to: m.user.email } }))
    expect(mails).toHaveLength(1)
    expect(mails[0]!.text).toContain(`/reactivate?token=${token}`)
  })

  it('refuses a wrong password and leaves the account alone', async () => {
    const m = await member(FLIRTLOKAAL)
    const result = await deleteAccount(mailContext(FLIRTLOKAAL), { userId: m.user.id, password: 'wrong', reason: 'other', linkFor: (t) => t })
    expect(result).toEqual({ ok: false, reason: 'wrong' })
    expect((await readUser(FLIRTLOKAAL, m.user.id))!.status).toBe('active')
  })

  it('stores no remarks when none were given', async () => {
    const m = await member(FLIRTLOKAAL)
    await remove(FLIRTLOKAAL, m.user.id, new Date(), 'time', '   ')
    expect((await readUser(FLIRTLOKAAL, m.user.id))!.deleteRemarks).toBeNull()
  })
})

describe('reactivateAccount', () => {
  it('within 14 days restores the account and the profile', async () => {
    const m = await member(FLIRTLOKAAL)
    const deletedAt = new Date('2026-03-01T12:00:00Z')
    const token = await remove(FLIRTLOKAAL, m.user.id, deletedAt)
    const almost = new Date(deletedAt.getTime() + 14 * DAY - 60_000)
    expect(await reactivateAccount(db, FLIRTLOKAAL, token, almost)).toEqual({ ok: true })
    const user = await readUser(FLIRTLOKAAL, m.user.id)
    expect(user).toMatchObject({ status: 'active', statusBeforeDelete: null, deletedAt: null, deleteReason: null, deleteRemarks: null })
    expect(user!.profile!.status).toBe('active')
    // Used once; and the purge leaves a reactivated account alone.
    expect(await reactivateAccount(db, FLIRTLOKAAL, token, almost)).toEqual({ ok: false, reason: 'used' })
    await purgeExpiredAccounts(db, FLIRTLOKAAL, new Date(deletedAt.getTime() + 30 * DAY))
    expect(await readUser(FLIRTLOKAAL, m.user.id)).not.toBeNull()
  })

  it('gives an unconfirmed account back its status, with its profile still hidden', async () => {
    const m = await member(FLIRTLOKAAL, 'not_confirmed')
    const token = await remove(FLIRTLOKAAL, m.user.id)
    expect(await reactivateAccount(db, FLIRTLOKAAL, token)).toEqual({ ok: true })
    const user = await readUser(FLIRTLOKAAL, m.user.id)
    expect(user!.status).toBe('not_confirmed')
    expect(user!.profile!.status).toBe('disabled')
  })

  it('after 14 days fails, and the purge erases the account and the profile', async () => {
    const m = await member(FLIRTLOKAAL)
    const friend = await member(FLIRTLOKAAL)
    await createBlock(db, FLIRTLOKAAL, m.profile.id, friend.profile.id)
    // The other way round too (written directly: the friend can no longer reach m to block).
    await withScope(db, FLIRTLOKAAL, (tx) => tx.block.create({ data: { poolId: 'benelux', blockerId: friend.profile.id, blockedId: m.profile.id } }))
    await withScope(db, FLIRTLOKAAL, (tx) =>
      tx.photo.create({ data: { poolId: 'benelux', profileId: m.profile.id, filename: 'a.webp', thumbFilename: 'a-t.webp' } }),
    )
    const deletedAt = new Date('2026-03-01T12:00:00Z')
    const token = await remove(FLIRTLOKAAL, m.user.id, deletedAt)
    const late = new Date(deletedAt.getTime() + GRACE_MS)
    expect(await reactivateAccount(db, FLIRTLOKAAL, token, late)).toEqual({ ok: false, reason: 'expired' })
    // One minute early, nothing goes.
    expect(await purgeExpiredAccounts(db, FLIRTLOKAAL, new Date(late.getTime() - 60_000))).toBe(0)
    expect(await purgeExpiredAccounts(db, FLIRTLOKAAL, late)).toBe(1)
    expect(await readUser(FLIRTLOKAAL, m.user.id)).toBeNull()
    expect(await readProfile(FLIRTLOKAAL, m.profile.id)).toBeNull()
    const left = await withScope(db, FLIRTLOKAAL, async (tx) => ({
      photos: await tx.photo.count({ where: { profileId: m.profile.id } }),
      blocks: await tx.block.count({ where: { OR: [{ blockerId: m.profile.id }, { blockedId: m.profile.id }] } }),
      tokens: await tx.token.count({ where: { userId: m.user.id } }),
    }))
    expect(left).toEqual({ photos: 0, blocks: 0, tokens: 0 })
    // The other member is untouched.
    expect((await readProfile(FLIRTLOKAAL, friend.profile.id))!.status).toBe('active')
  })

  it('a link issued later (at a signup attempt) still ends with the grace period', async () => {
    const m = await member(FLIRTLOKAAL)
    const deletedAt = new Date('2026-03-01T12:00:00Z')
    await remove(FLIRTLOKAAL, m.user.id, deletedAt)
    const issued = new Date(deletedAt.getTime() + 10 * DAY)
    const later = await withScope(db, FLIRTLOKAAL, (tx) => issueToken(tx, { ...FLIRTLOKAAL, userId: m.user.id, purpose: 'reactivation', now: issued }))
    expect(await reactivateAccount(db, FLIRTLOKAAL, later, new Date(deletedAt.getTime() + 15 * DAY))).toEqual({ ok: false, reason: 'expired' })
  })

  it('a reactivation link is worthless on another site and for an account that is not deleted', async () => {
    const m = await member(FLIRTLOKAAL)
    const token = await remove(FLIRTLOKAAL, m.user.id)
    expect(await reactivateAccount(db, DATEDICHTBIJ, token)).toEqual({ ok: false, reason: 'invalid' })
    expect(await reactivateAccount(db, DATEVIBE, token)).toEqual({ ok: false, reason: 'invalid' })
    expect((await readUser(FLIRTLOKAAL, m.user.id))!.status).toBe('deleted')
    const alive = await member(FLIRTLOKAAL)
    const stray = await withScope(db, FLIRTLOKAAL, (tx) => issueToken(tx, { ...FLIRTLOKAAL, userId: alive.user.id, purpose: 'reactivation' }))
    expect(await reactivateAccount(db, FLIRTLOKAAL, stray)).toEqual({ ok: false, reason: 'invalid' })
    expect(await reactivateAccount(db, FLIRTLOKAAL, 'not-a-token')).toEqual({ ok: false, reason: 'invalid' })
  })
})

describe('purgeExpiredAccounts', () => {
  it('leaves other sites’ deleted accounts alone until their own run', async () => {
    const deletedAt = new Date('2026-01-01T00:00:00Z')
    const later = new Date(deletedAt.getTime() + 20 * DAY)
    const flirt = await member(FLIRTLOKAAL)
    const sibling = await member(DATEDICHTBIJ)
    const vibe = await member(DATEVIBE)
    await remove(FLIRTLOKAAL, flirt.user.id, deletedAt)
    await remove(DATEDICHTBIJ, sibling.user.id, deletedAt)
    await remove(DATEVIBE, vibe.user.id, deletedAt)

    expect(await purgeExpiredAccounts(db, FLIRTLOKAAL, later)).toBeGreaterThanOrEqual(1)
    expect(await readUser(FLIRTLOKAAL, flirt.user.id)).toBeNull()
    // Same pool, other site: its profile and account are still there.
    expect(await readUser(DATEDICHTBIJ, sibling.user.id)).not.toBeNull()
    expect(await readProfile(FLIRTLOKAAL, sibling.profile.id)).not.toBeNull()
    expect(await readUser(DATEVIBE, vibe.user.id)).not.toBeNull()

    expect(await purgeExpiredAccounts(db, DATEDICHTBIJ, later)).toBe(1)
    expect(await readProfile(DATEDICHTBIJ, sibling.profile.id)).toBeNull()
    expect(await readUser(DATEVIBE, vibe.user.id)).not.toBeNull()
    expect(await purgeExpiredAccounts(db, DATEVIBE, later)).toBe(1)
    expect(await readUser(DATEVIBE, vibe.user.id)).toBeNull()
  })

  it('works through a backlog in batches and never touches live accounts', async () => {
    const deletedAt = new Date('2025-06-01T00:00:00Z')
    const gone = await Promise.all([1, 2, 3, 4, 5].map(() => member(DATEVIBE)))
    const alive = await member(DATEVIBE)
    for (const m of gone) await remove(DATEVIBE, m.user.id, deletedAt)
    expect(await purgeExpiredAccounts(db, DATEVIBE, new Date(deletedAt.getTime() + 15 * DAY), { batchSize: 2 })).toBe(5)
    expect(await readUser(DATEVIBE, alive.user.id)).not.toBeNull()
  })

  it('stops when the batch hook says so (the scheduler’s lock)', async () => {
    const m = await member(DATEVIBE)
    const deletedAt = new Date('2025-06-01T00:00:00Z')
    await remove(DATEVIBE, m.user.id, deletedAt)
    expect(await purgeExpiredAccounts(db, DATEVIBE, new Date(deletedAt.getTime() + 15 * DAY), { beforeBatch: async () => false })).toBe(0)
    expect(await readUser(DATEVIBE, m.user.id)).not.toBeNull()
  })
})
