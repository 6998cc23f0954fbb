// Operators for tests: written like `operator:add` does (argon2id password), as the runtime role.
import type { AppLoadContext } from '@remix-run/node'
import type { Db } from '../app/modules/db/client.server.ts'
import { hashPassword } from '../app/modules/auth/password.server.ts'
import type { OperatorRole } from '../app/modules/operators/roles.ts'
import { createConsoleSession } from '../app/modules/operators/session.server.ts'

let counter = 0
export const OPERATOR_TEST_PASSWORD = 'correct horse battery'
let hashed: Promise<string> | undefined

export type TestOperatorSpec = { role: OperatorRole; pools?: string[]; sites?: string[]; allSites?: boolean; languages?: string[]; name?: string; totpSecret?: string; maxChats?: number; status?: 'active' | 'disabled' }

export async function createTestOperator(db: Db, spec: TestOperatorSpec) {
  hashed ??= hashPassword(OPERATOR_TEST_PASSWORD)
  const n = ++counter
  return db.operator.create({
    data: {
      email: `${spec.role}${n}.${Math.random().toString(36).slice(2, 7)}@operators.test`,
      name: spec.name ?? `${spec.role} ${n}`,
      role: spec.role,
      status: spec.status ?? 'active',
      passwordHash: await hashed,
      allSites: spec.allSites ?? false,
      pools: spec.pools ?? [],
      sites: spec.sites ?? [],
      languages: spec.languages ?? [],
      totpSecret: spec.totpSecret ?? null,
      maxChats: spec.maxChats ?? 5,
    },
  })
}

/** A full console session for the operator: `cookie` signs requests in on the console host. */
export async function signedInOperator(db: Db, spec: TestOperatorSpec) {
  const operator = await createTestOperator(db, spec)
  const { rawId } = await createConsoleSession(db, { operatorId: operator.id, stage: 'full' })
  return { operator, cookie: `osid=${rawId}` }
}

/**
 * Loader/action arguments for a console route as the operator of `cookie` (the console
 * host's own context: no site, the operator's session).
 */
export async function consoleArgs(path: string, options: { cookie?: string; form?: Record<string, string>; params?: Record<string, string> } = {}) {
  const { buildConsoleContext } = await import('../app/modules/console/context.server.ts')
  const headers = new Headers()
  if (options.cookie) headers.set('cookie', options.cookie)
  if (options.form) headers.set('content-type', 'application/x-www-form-urlencoded')
  const request = new Request(`http://operator.localhost${path}`, { method: options.form ? 'POST' : 'GET', headers, body: options.form ? new URLSearchParams(options.form) : undefined })
  const context = (await buildConsoleContext(request, { clientIp: '127.0.0.1' })) as unknown as AppLoadContext
  return { request, context, params: options.params ?? {} }
}
