// Outages degrade, never hang or 500 (docs/decisions/047), with the real parts: the photo
// bucket (s3rver) stopped under the media route, and the database refusing the runtime
// role under a logged-in member's page; /healthz stays 200, /readyz says what is away.
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { withScope } from '../app/modules/db/scoped.server.ts'
import { reviewPhoto } from '../app/modules/photos/review.server.ts'
import { tinyPng } from '../app/modules/photos/test-images.ts'
import { addPhoto } from '../app/modules/photos/upload.server.ts'
import { appDb, FLIRTLOKAAL } from '../tests/fixtures.ts'
import { startHttpApp, type HttpApp } from '../tests/http-app.ts'
import { loggedInMember } from '../tests/route-harness.ts'
import { startLocalS3, type LocalS3 } from '../tests/s3-server.ts'

const db = appDb()
let app: HttpApp
let s3: LocalS3
const ownerUrl = process.env.TEST_OWNER_DATABASE_URL!
const database = new URL(ownerUrl).pathname.slice(1)
const runtimeRole = decodeURIComponent(new URL(process.env.APP_DATABASE_URL!).username)

async function asOwner(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ownerUrl })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

beforeAll(async () => {
  s3 = await startLocalS3()
  Object.assign(process.env, s3.env)
  app = await startHttpApp({ mediaCache: null, microCache: null })
}, 120_000)
afterAll(async () => {
  await asOwner(`ALTER DATABASE "${database}" CONNECTION LIMIT -1`).catch(() => undefined)
  await app?.close()
  await db.$disconnect()
  await s3?.close().catch(() => undefined)
})

describe('the photo bucket away', () => {
  it('answers a photo view 503 with Retry-After and no-store, within a second; /readyz reports it', async () => {
    const owner = await loggedInMember(db, FLIRTLOKAAL)
    const outcome = await addPhoto(db, FLIRTLOKAAL, { name: 'p.png', bytes: await tinyPng() }, { profileId: owner.profile.id })
    if (!outcome.ok) throw new Error(`upload refused: ${outcome.error}`)
    await reviewPhoto(db, FLIRTLOKAAL, outcome.photoId, 'approve')
    const photo = await withScope(db, FLIRTLOKAAL, (tx) => tx.photo.findFirstOrThrow({ where: { poolId: FLIRTLOKAAL.poolId, id: outcome.photoId }, select: { filename: true } }))
    const path = `/media/${photo.filename}`
    expect((await app.request({ path })).status).toBe(200)
    expect((await app.request({ path: '/readyz' })).status).toBe(200)

    await s3.close()
    for (let i = 0; i < 5; i++) {
      const started = performance.now()
      const answer = await app.request({ path })
      expect(performance.now() - started).toBeLessThan(1_000)
      expect(answer.status).toBe(503)
      expect(answer.headers['retry-after']).toBe('5')
      expect(answer.headers['cache-control']).toBe('no-store')
      expect(answer.body).not.toMatch(/at .*\.ts|Error:/)
    }
    // Degraded, not out of the load balancer (every node shares the bucket); strict says so.
    await new Promise((resolve) => setTimeout(resolve, 1_100))
    const ready = await app.request({ path: '/readyz' })
    expect(ready.status).toBe(200)
    expect(JSON.parse(ready.body)).toMatchObject({ status: 'degraded', checks: { database: 'ok' } })
    expect((await app.request({ path: '/readyz?strict=1' })).status).toBe(503)
  })
})

describe('the database away', () => {
  it('answers 503 with Retry-After (never 500), /healthz 200 and /readyz 503; recovers when it is back', async () => {
    const member = await loggedInMember(db, FLIRTLOKAAL)
    expect((await app.request({ path: '/notifications', cookie: member.cookie })).status).toBe(200)

    // The runtime role is refused and its open connections are dropped (a restart, a failover).
    await asOwner(`ALTER DATABASE "${database}" CONNECTION LIMIT 0`)
    await asOwner(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${database}' AND usename = '${runtimeRole}'`)
    await new Promise((resolve) => setTimeout(resolve, 1_100))
    for (const path of ['/notifications', '/members', '/']) {
      const answer = await app.request({ path, cookie: member.cookie })
      if (answer.status !== 503) console.log('DEBUG', path, answer.status, answer.body.slice(0, 1500))
      expect(answer.status, path).toBe(503)
      expect(answer.headers['retry-after'], path).toBe('5')
      expect(answer.headers['cache-control'], path).toMatch(/no-store/)
    }
    expect((await app.request({ path: '/healthz' })).status).toBe(200)
    expect((await app.request({ path: '/readyz' })).status).toBe(503)

    await asOwner(`ALTER DATABASE "${database}" CONNECTION LIMIT -1`)
    await new Promise((resolve) => setTimeout(resolve, 1_100))
    expect((await app.request({ path: '/notifications', cookie: member.cookie })).status).toBe(200)
    expect((await app.request({ path: '/readyz' })).status).toBe(200)
  }, 60_000)
})
