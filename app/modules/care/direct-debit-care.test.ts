// Member care (issue #23, decision 054): the member's direct-debit block and 30-day limit are
// visible and changeable by finance and admin; the rule of every SEPA debit follows them;
// bad input is refused at the field with what was typed kept; audited; moderators may not.
/* eslint-disable no-restricted-imports -- this test drives the route module itself */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appDb, createMember, FLIRTLOKAAL, ownerDb } from '../../../tests/fixtures.ts'
import { consoleArgs, signedInOperator } from '../../../tests/operators.ts'
import { runRoute, tenantFor } from '../../../tests/route-harness.ts'
import { action as memberAction, loader as memberLoader } from '../../routes/console.members.$id.tsx'
import type { Db } from '../db/client.server.ts'
import { withScope } from '../db/scoped.server.ts'
import { assertDirectDebitAllowed } from '../payments/direct-debit-rules.server.ts'

let db: Db
let owner: Db
let finance: string

beforeAll(async () => {
  db = appDb()
  owner = ownerDb()
  finance = (await signedInOperator(db, { role: 'finance', pools: ['benelux'] })).cookie
})

afterAll(async () => {
  await db.$disconnect()
  await owner.$disconnect()
})

const post = (cookie: string, userId: string, form: Record<string, string>) => runRoute(async () => memberAction(await consoleArgs(`/members/${userId}`, { cookie, form: { intent: 'directDebit', ...form }, params: { id: userId } })))
type Shown = { directDebit: { blocked: boolean; cause: string | null; override: string | null; usedText: string; limitText: string; ownLimit: string } | null }
const shown = async (cookie: string, userId: string) => ((await runRoute(async () => memberLoader(await consoleArgs(`/members/${userId}`, { cookie, params: { id: userId } })))).body as Shown).directDebit
const rule = async (userId: string, amount: number) => withScope(db, FLIRTLOKAAL, async (tx) => assertDirectDebitAllowed(tx, FLIRTLOKAAL, await tenantFor(FLIRTLOKAAL), userId, amount))

describe('direct debit in member care', () => {
  it('shows the block after a chargeback and the 30-day use; finance lifts it, sets a limit, blocks again', async () => {
    const { user } = await createMember(db, FLIRTLOKAAL)
    expect(await shown(finance, user.id)).toMatchObject({ blocked: false, cause: null, override: null, limitText: '€\u00a0150,00' })
    await withScope(db, FLIRTLOKAAL, (tx) => tx.payment.create({ data: { poolId: 'benelux', tenantId: 'flirtlokaal', userId: user.id, bundleId: 'starter', credits: 100, amount: 1495, currency: 'EUR', method: 'sdd', status: 'paid', chargedBackAt: new Date() } }))
    expect(await shown(finance, user.id)).toMatchObject({ blocked: true, cause: 'chargeback', usedText: '€\u00a014,95' })
    expect(await rule(user.id, 1495)).toBe('blocked')

    const bad = await post(finance, user.id, { mode: 'allowed', limit: 'veel' })
    expect(bad.status).toBe(400)
    expect(bad.body).toMatchObject({ errors: { limit: 'members.ddLimitInvalid' }, values: { mode: 'allowed', limit: 'veel' } })
    expect(await rule(user.id, 1495)).toBe('blocked')

    expect((await post(finance, user.id, { mode: 'allowed', limit: '20,00' })).status).toBe(200)
    expect(await shown(finance, user.id)).toMatchObject({ blocked: false, cause: 'chargeback', override: 'allowed', limitText: '€\u00a020,00', ownLimit: '20,00' })
    expect(await rule(user.id, 500)).toBeNull()
    expect(await rule(user.id, 600)).toBe('limit')

    expect((await post(finance, user.id, { mode: 'blocked', limit: '' })).status).toBe(200)
    expect(await rule(user.id, 100)).toBe('blocked')
    const trail = await owner.operatorAudit.findMany({ where: { action: 'member.direct_debit', targetId: user.id }, orderBy: { id: 'asc' } })
    expect(trail.map((a) => a.after)).toEqual([{ directDebit: 'allowed', directDebitLimit: 2000 }, { directDebit: 'blocked', directDebitLimit: null }])
  })

  it('is for finance and admin; a moderator sees nothing of it and may not change it; another pool cannot', async () => {
    const { user } = await createMember(db, FLIRTLOKAAL)
    const moderator = (await signedInOperator(db, { role: 'moderator', pools: ['benelux'] })).cookie
    expect(await shown(moderator, user.id)).toBeNull()
    expect((await post(moderator, user.id, { mode: 'allowed' })).status).toBe(403)
    const vibe = (await signedInOperator(db, { role: 'finance', pools: ['datevibe'] })).cookie
    expect((await post(vibe, user.id, { mode: 'allowed' })).status).toBe(404)
    expect((await owner.user.findFirstOrThrow({ where: { id: user.id } })).directDebit).toBeNull()
  })
})
