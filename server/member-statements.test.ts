// Statements per member page, counted from the Server-Timing header the edge adds (Prisma's
// query events of the runtime client; transaction control and the scope's set_config
// included). Issue #25 asks for at most three per page; the design that gets there is in
// BENCHMARKS.md. Until then these bounds keep a page from quietly growing more.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { changeCredits } from '../app/modules/credits/ledger.server.ts'
import { withScope } from '../app/modules/db/scoped.server.ts'
import { sendMessage } from '../app/modules/chat/send.server.ts'
import { appDb, createMember, FLIRTLOKAAL } from '../tests/fixtures.ts'
import { startHttpApp, type HttpApp } from '../tests/http-app.ts'
import { loggedInMember } from '../tests/route-harness.ts'

const db = appDb()
let app: HttpApp

beforeAll(async () => {
  app = await startHttpApp()
}, 120_000)
afterAll(async () => {
  await app?.close()
  await db.$disconnect()
})

async function statements(path: string, cookie: string): Promise<number> {
  const response = await app.request({ path, cookie })
  expect(response.status, path).toBe(200)
  const count = /db;dur=[\d.]+;desc="(\d+) statements"/.exec(String(response.headers['server-timing'] ?? ''))?.[1]
  if (count === undefined) throw new Error(`${path}: no statement count in Server-Timing`)
  return Number(count)
}

describe('statements per member page', () => {
  it('stays within its current bound (8 conversations, a seeded pool)', async () => {
    const me = await loggedInMember(db, FLIRTLOKAAL)
    await withScope(db, FLIRTLOKAAL, (tx) => changeCredits(tx, FLIRTLOKAAL, { userId: me.user.id, delta: 1000, reason: 'bonus' }))
    const partners = []
    for (let i = 0; i < 8; i++) partners.push(await createMember(db, FLIRTLOKAAL))
    for (const p of partners) {
      const sent = await sendMessage(db, FLIRTLOKAAL, { sender: { userId: me.user.id, profileId: me.profile.id, paidUser: true }, recipientId: p.profile.id, body: 'hoi', cost: 1, maxLength: 100 })
      expect(sent.ok).toBe(true)
    }
    const bounds: [string, number][] = [
      ['/members', 8],
      ['/chats', 12],
      ['/likes', 8],
      [`/members/${partners[0]!.profile.id}`, 9],
    ]
    const counted: Record<string, number> = {}
    for (const [path, bound] of bounds) {
      counted[path] = await statements(path, me.cookie)
      expect(counted[path], path).toBeLessThanOrEqual(bound)
    }
    console.info('[statements per page]', JSON.stringify(counted))
  })
})
