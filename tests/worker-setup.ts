// Before each test file: a fresh database cloned from the migrated template, reachable as
// the runtime role (APP_DATABASE_URL) and as the owner (TEST_OWNER_DATABASE_URL).
import { afterAll, beforeAll, inject } from 'vitest'
import pg from 'pg'

const { template, ownerUrl, appUrl } = inject('testDatabase')
const name = `dating_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`

function urlFor(base: string, database: string): string {
  const url = new URL(base)
  url.pathname = `/${database}`
  return url.toString()
}

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: ownerUrl })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

process.env.APP_DATABASE_URL = urlFor(appUrl, name)
process.env.TEST_OWNER_DATABASE_URL = urlFor(ownerUrl, name)
process.env.DATA_DIR ??= '.data/test'
// Abuse limits: a namespace of this file's own (a shared Redis keeps counting across files
// and runs otherwise), so one file's many requests from 127.0.0.1 never limit another's.
process.env.RATE_LIMIT_NAMESPACE = name

beforeAll(async () => {
  await admin(`CREATE DATABASE "${name}" TEMPLATE "${template}"`)
})

afterAll(async () => {
  const { getRuntimeDb } = await import('../app/modules/db/client.server.ts')
  await getRuntimeDb().$disconnect().catch(() => undefined)
  await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
})
