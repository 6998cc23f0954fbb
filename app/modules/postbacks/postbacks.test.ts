// Affiliate postbacks (issue #23) against a local receiver over real HTTP: one per event and
// network however often the event's code runs, the template filled and encoded, a receiver
// outage retried until it answers (and never sent twice after), pg-boss delivering it, the
// events a network did not ask for skipped, and the console's list for the operator's sites.
/* eslint-disable no-restricted-imports -- this test drives the route module too */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appDb, createMember, FLIRTLOKAAL } from '../../../tests/fixtures.ts'
import { consoleArgs, signedInOperator } from '../../../tests/operators.ts'
import { runRoute, tenantFor } from '../../../tests/route-harness.ts'
import { action as postbacksAction, loader as postbacksLoader } from '../../routes/console.postbacks.tsx'
import type { Db } from '../db/client.server.ts'
import { withScope } from '../db/scoped.server.ts'
import { appJobHandlers } from '../jobs/app-jobs.server.ts'
import { startJobs } from '../jobs/runner.server.ts'
import type { LoadedTenant } from '../tenancy/load-tenants.server.ts'
import { fillTemplate, queuePostbackIn, queuePurchasePostbacksIn, sendPostback } from './postbacks.server.ts'

let db: Db
let server: Server
let port = 0
let received: string[] = []
let site: LoadedTenant

function listen(): Promise<void> {
  server = createServer((req, res) => {
    received.push(req.url ?? '')
    res.writeHead(200, { 'Content-Type': 'text/plain' }).end('OK')
  })
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve()))
}
const close = () => new Promise<void>((resolve) => server.close(() => resolve()))

beforeAll(async () => {
  db = appDb()
  await listen()
  port = (server.address() as AddressInfo).port
  const base = await tenantFor(FLIRTLOKAAL)
  site = { ...base, postbacks: [{ network: 'netx', url: `http://127.0.0.1:${port}/pb?click={sub1}&e={event}&amt={amount}&cur={currency}&tx={transaction}`, events: ['signup', 'first_purchase', 'purchase'] }] }
})

afterAll(async () => {
  await close().catch(() => undefined)
  await db.$disconnect()
})

const member = async (network = 'netx') => {
  const m = await createMember(db, FLIRTLOKAAL)
  await withScope(db, FLIRTLOKAAL, (tx) => tx.user.update({ where: { poolId_tenantId_id: { poolId: FLIRTLOKAAL.poolId, tenantId: FLIRTLOKAAL.tenantId, id: m.user.id } }, data: { tracking: { network, sub1: 'click 1&2', ref: 'r9' } } }))
  return m
}
const rowsOf = (userId: string) => withScope(db, FLIRTLOKAAL, (tx) => tx.postback.findMany({ where: { userId }, orderBy: { id: 'asc' } }))

describe('postbacks', () => {
  it('fills the template with encoded values', () => {
    expect(fillTemplate('https://n.example/?s={sub1}&a={amount}&x={unknown}', { sub1: 'a b&c', amount: '19.95' })).toBe('https://n.example/?s=a%20b%26c&a=19.95&x={unknown}')
  })

  it('one row per event and network, however often the event is recorded; none without a network', async () => {
    const m = await member()
    for (let i = 0; i < 3; i++) await withScope(db, FLIRTLOKAAL, (tx) => queuePostbackIn(tx, FLIRTLOKAAL, 'signup', { userId: m.user.id, eventKey: m.user.id }))
    expect((await rowsOf(m.user.id)).map((r) => r.event)).toEqual(['signup'])
    const direct = await createMember(db, FLIRTLOKAAL)
    await withScope(db, FLIRTLOKAAL, (tx) => queuePostbackIn(tx, FLIRTLOKAAL, 'signup', { userId: direct.user.id, eventKey: direct.user.id }))
    expect(await rowsOf(direct.user.id)).toEqual([])
  })

  it('reaches the receiver once, also after an outage, with the purchase figures', async () => {
    const m = await member()
    const pay = (id: string) => withScope(db, FLIRTLOKAAL, async (tx) => {
      const p = await tx.payment.create({ data: { id, poolId: 'benelux', tenantId: 'flirtlokaal', userId: m.user.id, bundleId: 'b', credits: 100, amount: 1995, currency: 'EUR', status: 'paid', paidAt: new Date(), creditedAt: new Date() } })
      await queuePurchasePostbacksIn(tx, FLIRTLOKAAL, p)
      await queuePurchasePostbacksIn(tx, FLIRTLOKAAL, p)
    })
    await pay('00000000-0000-4000-8000-000000000001')
    await pay('00000000-0000-4000-8000-000000000002')
    const rows = await rowsOf(m.user.id)
    expect(rows.map((r) => [r.event, r.eventKey])).toEqual([
      ['first_purchase', '00000000-0000-4000-8000-000000000001'],
      ['purchase', '00000000-0000-4000-8000-000000000001'],
      ['purchase', '00000000-0000-4000-8000-000000000002'],
    ])
    const first = rows[0]!
    // The receiver is down: the attempt fails (pg-boss retries it with backoff) and nothing arrived.
    await close()
    received = []
    await expect(sendPostback(db, site, first.id)).rejects.toThrow(/retrying/)
    expect((await rowsOf(m.user.id))[0]).toMatchObject({ status: 'pending', attempts: 1, responseStatus: null })
    // Back up on the same address: the retry arrives, once; later retries send nothing.
    await listen()
    expect(await sendPostback(db, site, first.id)).toBe('sent')
    expect(await sendPostback(db, site, first.id)).toBe('done')
    expect(received).toEqual(['/pb?click=click%201%262&e=first_purchase&amt=19.95&cur=EUR&tx=00000000-0000-4000-8000-000000000001'])
    expect((await rowsOf(m.user.id))[0]).toMatchObject({ status: 'sent', attempts: 2, responseStatus: 200, response: 'OK' })
  })

  it('goes through pg-boss; an event the network did not ask for is skipped', async () => {
    received = []
    const m = await member()
    await withScope(db, FLIRTLOKAAL, async (tx) => {
      await queuePostbackIn(tx, FLIRTLOKAAL, 'signup', { userId: m.user.id, eventKey: m.user.id })
      await queuePostbackIn(tx, FLIRTLOKAAL, 'activation', { userId: m.user.id, eventKey: m.user.id })
    })
    const handlers = appJobHandlers({ db, tenants: async () => [site], log: { info: () => undefined, warn: () => undefined, error: console.error } })
    const runner = await startJobs({ connectionString: process.env.APP_DATABASE_URL!, handlers: { postback: handlers.postback }, pollingIntervalSeconds: 0.5, schedules: false })
    try {
      await expect.poll(async () => (await rowsOf(m.user.id)).map((r) => `${r.event}:${r.status}`), { timeout: 15_000 }).toEqual(['signup:sent', 'activation:skipped'])
    } finally {
      await runner.stop()
    }
    expect(received.filter((u) => u.includes('e=signup') && u.includes(`tx=${m.user.id}`))).toHaveLength(1)
    expect(received.some((u) => u.includes('e=activation'))).toBe(false)
  })

  it('is listed in the console for the operator\'s sites', async () => {
    const marketer = (await signedInOperator(db, { role: 'marketer', pools: ['benelux'] })).cookie
    const listed = await runRoute(async () => postbacksLoader(await consoleArgs('/postbacks', { cookie: marketer })))
    expect(listed.status).toBe(200)
    expect((listed.body as { rows: { status: string }[] }).rows.some((r) => r.status === 'sent')).toBe(true)
    const vibe = (await signedInOperator(db, { role: 'marketer', pools: ['datevibe'] })).cookie
    expect(((await runRoute(async () => postbacksLoader(await consoleArgs('/postbacks', { cookie: vibe })))).body as { rows: unknown[] }).rows).toEqual([])
    const moderator = (await signedInOperator(db, { role: 'moderator', pools: ['benelux'] })).cookie
    expect((await runRoute(async () => postbacksLoader(await consoleArgs('/postbacks', { cookie: moderator })))).status).toBe(403)
  })

  it('a failed postback is retried by a marketer of its site only: another pool\'s or the sibling site\'s gets 404 and nothing changes', async () => {
    const m = await member()
    await withScope(db, FLIRTLOKAAL, (tx) => queuePostbackIn(tx, FLIRTLOKAAL, 'signup', { userId: m.user.id, eventKey: m.user.id }))
    const [row] = await rowsOf(m.user.id)
    await withScope(db, FLIRTLOKAAL, (tx) => tx.postback.updateMany({ where: { poolId: FLIRTLOKAAL.poolId, tenantId: FLIRTLOKAAL.tenantId, id: row!.id }, data: { status: 'failed', attempts: 9 } }))
    const retry = async (cookie: string) => (await runRoute(async () => postbacksAction(await consoleArgs('/postbacks', { cookie, form: { id: String(row!.id) } })))).status
    for (const reach of [{ pools: ['datevibe'] }, { sites: ['datedichtbij'] }]) {
      expect(await retry((await signedInOperator(db, { role: 'marketer', ...reach })).cookie)).toBe(404)
    }
    expect((await rowsOf(m.user.id))[0]).toMatchObject({ status: 'failed', attempts: 9 })
    expect(await retry((await signedInOperator(db, { role: 'marketer', sites: ['flirtlokaal'] })).cookie)).toBe(200)
    expect((await rowsOf(m.user.id))[0]).toMatchObject({ status: 'pending', attempts: 0 })
  })
})
