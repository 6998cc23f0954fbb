// The console in the demo (issue #21): an admin and a chatter (printed with the demo
// logins) and a few conversations waiting for a fictional profile's answer in every pool,
// so a newcomer sees the inbox working right after `npm start`. Idempotent.
import type { Db } from '../../app/modules/db/client.server.ts'
import { withScope } from '../../app/modules/db/scoped.server.ts'
import { sendMessage } from '../../app/modules/chat/send.server.ts'
import { createOperator } from '../../app/modules/operators/accounts.server.ts'
import type { LoadedTenant } from '../../app/modules/tenancy/load-tenants.server.ts'

export const DEMO_OPERATORS = [
  { email: 'admin@console.example.com', name: 'Demo admin', role: 'admin' as const, password: 'demo-console-admin', languages: [] as string[] },
  { email: 'chatter@console.example.com', name: 'Demo chatter', role: 'chatter' as const, password: 'demo-console-chatter', languages: ['nl', 'en'] },
  { email: 'moderator@console.example.com', name: 'Demo moderator', role: 'moderator' as const, password: 'demo-console-moderator', languages: [] as string[] },
]

const OPENERS: Record<string, string[]> = {
  nl: ['Hoi! Leuk profiel, wat doe je zoal in het weekend?', 'Hey, ben je er vanavond nog?', 'Hallo, ben jij echt?'],
  en: ['Hi! Lovely profile, what do you do at the weekend?', 'Hey, are you around tonight?', 'Hello, are you a real person?'],
}

export async function seedDemoOperators(db: Db, tenants: readonly LoadedTenant[]): Promise<{ created: number; waiting: number }> {
  let created = 0
  for (const demo of DEMO_OPERATORS) {
    if (await db.operator.findUnique({ where: { email: demo.email }, select: { id: true } })) continue
    const result = await createOperator(db, { email: demo.email, name: demo.name, role: demo.role, password: demo.password, assignment: { allSites: true, pools: [], sites: [], languages: demo.languages } })
    if (!('error' in result)) created += 1
  }
  let waiting = 0
  for (const tenant of tenants) {
    const scope = { tenantId: tenant.slug, poolId: tenant.pool }
    const language = tenant.locales.default
    const plan = await withScope(db, scope, async (tx) => {
      if ((await tx.conversation.count({ where: { poolId: tenant.pool, operated: true } })) > 0) return null
      const members = await tx.profile.findMany({ where: { poolId: tenant.pool, tenantId: tenant.slug, fictional: false, status: 'active', userId: { not: null } }, orderBy: { id: 'asc' }, take: 3, select: { id: true, userId: true } })
      const fictional = await tx.profile.findMany({ where: { poolId: tenant.pool, fictional: true, status: 'active' }, orderBy: { id: 'asc' }, take: 3, select: { id: true } })
      return members.flatMap((m, i) => (fictional[i] && m.userId ? [{ member: m, fictional: fictional[i]! }] : []))
    })
    for (const [i, pair] of (plan ?? []).entries()) {
      const body = (OPENERS[language] ?? OPENERS.en!)[i % 3]!
      const sent = await sendMessage(db, scope, { sender: { userId: pair.member.userId!, profileId: pair.member.id, paidUser: true }, recipientId: pair.fictional.id, body, cost: 0, maxLength: tenant.messageLength, language, now: new Date(Date.now() - (30 - i * 10) * 60_000) })
      if (sent.ok) waiting += 1
    }
  }
  return { created, waiting }
}

export function demoOperatorsText(port: number): string {
  const lines = DEMO_OPERATORS.map((o) => `  ${o.role.padEnd(9)} ${o.email} / ${o.password}`)
  return `Operator console: http://operator.localhost:${port}  (admins set up an authenticator app at the first sign-in)\n${lines.join('\n')}`
}
