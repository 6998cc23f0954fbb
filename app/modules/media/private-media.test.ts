// Issue #10 acceptance, private media: who gets a photo's URL answered, and that files go
// when a photo is rejected or deleted or its account purged. The same suite runs on local
// disk and on the S3 driver against a local S3-compatible server (s3rver) started here.
// Requests go through the media routes with the real context (host -> site -> pool, session
// cookie, scoped database); the two-node browser test covers the same over HTTP.
/* eslint-disable no-restricted-imports -- this test drives the route modules themselves */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appDb, DATEDICHTBIJ, DATEVIBE, FLIRTLOKAAL } from '../../../tests/fixtures.ts'
import { contextFor, loggedInMember, siteRequest } from '../../../tests/route-harness.ts'
import { startLocalS3, type LocalS3 } from '../../../tests/s3-server.ts'
import { loader as mediaLoader } from '../../routes/media.$.ts'
import { loader as operatorMediaLoader } from '../../routes/console.media.$.ts'
import { consoleArgs, signedInOperator } from '../../../tests/operators.ts'
import { purgeExpiredAccounts } from '../accounts/deletion.server.ts'
import { GRACE_MS } from '../accounts/deletion-rules.ts'
import type { Db } from '../db/client.server.ts'
import { withScope, type Scope } from '../db/scoped.server.ts'
import { deletePhoto, setPhotoPrivate } from '../photos/manage.server.ts'
import { reviewPhoto } from '../photos/review.server.ts'
import { tinyPng } from '../photos/test-images.ts'
import { addPhoto } from '../photos/upload.server.ts'
import { unlockPhoto } from '../photos/unlock.server.ts'
import { createBlock } from '../accounts/blocks.server.ts'
import { queueMediaDeletion, sweepMediaDeletions } from './deletions.server.ts'
import { PRIVATE_CACHE, PUBLIC_CACHE } from './serve.server.ts'
import { getMediaStorage, type MediaStorage } from './storage.server.ts'

let db: Db

beforeAll(() => {
  db = appDb()
})

afterAll(async () => {
  await db.$disconnect()
})

type Fetched = { status: number; cacheControl: string | null; bytes: Buffer }
type Who = { cookie?: string; operator?: boolean; route?: 'media' | 'operator'; headers?: Record<string, string> }

const operatorCookies = new Map<string, Promise<string>>()
/** A moderator of the scope's pool, signed in on the console host. */
const operatorOf = (scope: Scope) => {
  if (!operatorCookies.has(scope.poolId)) operatorCookies.set(scope.poolId, signedInOperator(db, { role: 'moderator', pools: [scope.poolId] }).then((o) => o.cookie))
  return operatorCookies.get(scope.poolId)!
}

/**
 * GET <site>/media/<key> as someone; route 'operator': /media/<key> on the console host, as a
 * moderator of the scope's pool (`operator`) or with the given cookie. An operator on a
 * member host is nobody special (decision 023).
 */
async function fetchMedia(scope: Scope, key: string, who: Who = {}): Promise<Fetched> {
  const route = who.route ?? 'media'
  let response: Response
  try {
    if (route === 'operator') {
      response = await operatorMediaLoader(await consoleArgs(`/media/${key}`, { cookie: who.operator ? await operatorOf(scope) : who.cookie, params: { '*': key } }))
    } else {
      const request = await siteRequest(scope, `/media/${key}`, { cookie: who.cookie, headers: { ...who.headers } })
      response = await mediaLoader({ request, context: await contextFor(scope, request), params: { '*': key } })
    }
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown
    response = thrown
  }
  return { status: response.status, cacheControl: response.headers.get('cache-control'), bytes: Buffer.from(await response.arrayBuffer()) }
}

const isWebp = (bytes: Buffer) => bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP'

async function upload(scope: Scope, profileId: number): Promise<{ id: number; filename: string; thumbFilename: string }> {
  const outcome = await addPhoto(db, scope, { name: 'p.png', bytes: await tinyPng() }, { profileId })
  if (!outcome.ok) throw new Error(`upload refused: ${outcome.error}`)
  const row = await withScope(db, scope, (tx) => tx.photo.findFirstOrThrow({ where: { poolId: scope.poolId, id: outcome.photoId }, select: { id: true, filename: true, thumbFilename: true } }))
  return row
}

async function keysExist(storage: MediaStorage, photo: { filename: string; thumbFilename: string }): Promise<[boolean, boolean]> {
  return [await storage.exists(photo.filename), await storage.exists(photo.thumbFilename)]
}

async function makePremium(scope: Scope, userId: string) {
  await withScope(db, scope, (tx) => tx.user.updateMany({ where: { tenantId: scope.tenantId, id: userId }, data: { paidUser: true } }))
}

const queued = (scope: Scope) => withScope(db, scope, (tx) => tx.mediaDeletion.count({ where: { poolId: scope.poolId } }))

const STORAGE_VARIABLES = ['MEDIA_STORAGE', 'DATA_DIR', 'S3_ENDPOINT', 'S3_BUCKET', 'S3_REGION', 'S3_FORCE_PATH_STYLE', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']

describe.each(['local', 's3'] as const)('private media on %s storage', (driver) => {
  const saved = new Map<string, string | undefined>()
  let s3: LocalS3 | undefined
  let dataDir: string
  let storage: MediaStorage
  let owner: Awaited<ReturnType<typeof loggedInMember>>
  let free: Awaited<ReturnType<typeof loggedInMember>>
  let premium: Awaited<ReturnType<typeof loggedInMember>>
  let premiumElsewhere: Awaited<ReturnType<typeof loggedInMember>>
  const photo: Record<'shown' | 'secret' | 'refused' | 'waiting', { id: number; filename: string; thumbFilename: string }> = {} as never

  beforeAll(async () => {
    for (const name of STORAGE_VARIABLES) saved.set(name, process.env[name])
    dataDir = await mkdtemp(path.join(tmpdir(), `private-media-${driver}-`))
    process.env.DATA_DIR = dataDir
    if (driver === 's3') {
      s3 = await startLocalS3()
      Object.assign(process.env, s3.env)
    } else {
      process.env.MEDIA_STORAGE = 'local'
    }
    storage = getMediaStorage()
    expect(storage.kind).toBe(driver)

    owner = await loggedInMember(db, FLIRTLOKAAL, `Owner-${driver}`)
    free = await loggedInMember(db, FLIRTLOKAAL, `Free-${driver}`)
    premium = await loggedInMember(db, DATEDICHTBIJ, `Premium-${driver}`)
    premiumElsewhere = await loggedInMember(db, DATEVIBE, `Elsewhere-${driver}`)
    await makePremium(DATEDICHTBIJ, premium.user.id)
    await makePremium(DATEVIBE, premiumElsewhere.user.id)

    // Free members hold three photos under inspection or approved; a rejected one does not count.
    photo.shown = await upload(FLIRTLOKAAL, owner.profile.id)
    await reviewPhoto(db, FLIRTLOKAAL, photo.shown.id, 'approve')
    photo.secret = await upload(FLIRTLOKAAL, owner.profile.id)
    await reviewPhoto(db, FLIRTLOKAAL, photo.secret.id, 'approve')
    expect(await setPhotoPrivate(db, FLIRTLOKAAL, owner.profile.id, photo.secret.id, true)).toEqual({ ok: true })
    photo.refused = await upload(FLIRTLOKAAL, owner.profile.id)
    expect(await keysExist(storage, photo.refused)).toEqual([true, true])
    await reviewPhoto(db, FLIRTLOKAAL, photo.refused.id, 'reject')
    photo.waiting = await upload(FLIRTLOKAAL, owner.profile.id)
  })

  afterAll(async () => {
    for (const [name, value] of saved) {
      if (value === undefined) delete process.env[name]
      else process.env[name] = value
    }
    await s3?.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  it('stores every size under keys that name no site or pool', () => {
    for (const p of Object.values(photo)) {
      for (const key of [p.filename, p.thumbFilename]) {
        expect(key).toMatch(/^[0-9a-f]{2}\/[0-9a-f-]{36}(_t)?\.webp$/)
        expect(key).not.toMatch(/benelux|flirtlokaal|datedichtbij/)
      }
    }
  })

  it('serves an approved public photo to anyone on a site of the pool, cacheable by anyone', async () => {
    for (const key of [photo.shown.filename, photo.shown.thumbFilename]) {
      for (const [scope, cookie] of [[FLIRTLOKAAL, undefined], [DATEDICHTBIJ, undefined], [FLIRTLOKAAL, free.cookie], [DATEDICHTBIJ, premium.cookie], [FLIRTLOKAAL, owner.cookie]] as const) {
        const answer = await fetchMedia(scope, key, { cookie })
        expect(answer.status, `${scope.tenantId} ${cookie ? 'member' : 'visitor'}`).toBe(200)
        expect(answer.cacheControl).toBe(PUBLIC_CACHE)
        expect(isWebp(answer.bytes)).toBe(true)
      }
    }
    // The URL never changes, so a revalidation is answered without the file.
    const etag = `"${photo.shown.filename.replace(/[^A-Za-z0-9_-]/g, '_')}"`
    expect((await fetchMedia(FLIRTLOKAAL, photo.shown.filename, { headers: { 'if-none-match': etag } })).status).toBe(304)
  })

  it('answers 404 to visitors and ordinary members for photos under inspection, private or rejected', async () => {
    for (const p of [photo.waiting, photo.secret, photo.refused]) {
      for (const key of [p.filename, p.thumbFilename]) {
        for (const [scope, cookie] of [[FLIRTLOKAAL, undefined], [DATEDICHTBIJ, undefined], [FLIRTLOKAAL, free.cookie]] as const) {
          const answer = await fetchMedia(scope, key, { cookie })
          expect(answer.status, `${key} for ${cookie ? 'a free member' : 'a visitor'} on ${scope.tenantId}`).toBe(404)
          expect(answer.cacheControl).toBe(PRIVATE_CACHE)
          expect(answer.bytes.length).toBeLessThan(100)
        }
      }
    }
  })

  it('answers 404 on a site of another pool, to everyone', async () => {
    for (const p of [photo.shown, photo.secret, photo.waiting, photo.refused]) {
      for (const who of [{}, { cookie: premiumElsewhere.cookie }, { operator: true }, { operator: true, route: 'operator' as const }]) {
        expect((await fetchMedia(DATEVIBE, p.filename, who)).status, `${p.filename} on datevibe`).toBe(404)
      }
    }
  })

  it('shows the owner every own photo still stored, never cached by others', async () => {
    for (const p of [photo.secret, photo.waiting]) {
      const answer = await fetchMedia(FLIRTLOKAAL, p.thumbFilename, { cookie: owner.cookie })
      expect(answer.status).toBe(200)
      expect(answer.cacheControl).toBe(PRIVATE_CACHE)
      expect(isWebp(answer.bytes)).toBe(true)
    }
    // Rejected: its files are gone, for the owner too.
    expect((await fetchMedia(FLIRTLOKAAL, photo.refused.filename, { cookie: owner.cookie })).status).toBe(404)
  })

  it('#20.11 shows private approved photos to premium members of the pool, as the sites say (SPEC §1: no unlock where photo_credits is 0)', async () => {
    const answer = await fetchMedia(DATEDICHTBIJ, photo.secret.filename, { cookie: premium.cookie })
    expect(answer.status).toBe(200)
    expect((await fetchMedia(DATEDICHTBIJ, photo.secret.thumbFilename, { cookie: premium.cookie })).status).toBe(200)
    // Another pool's premium member can neither unlock it nor fetch it.
    const elsewhere = { userId: premiumElsewhere.user.id, profileId: premiumElsewhere.profile.id, paidUser: true }
    expect(await unlockPhoto(db, DATEVIBE, elsewhere, photo.secret.id, 4)).toEqual({ ok: false, reason: 'not_found' })
    expect((await fetchMedia(DATEVIBE, photo.secret.filename, { cookie: premiumElsewhere.cookie })).status).toBe(404)
    expect(answer.cacheControl).toBe(PRIVATE_CACHE)
    expect((await fetchMedia(DATEDICHTBIJ, photo.waiting.filename, { cookie: premium.cookie })).status).toBe(404)
    expect((await fetchMedia(FLIRTLOKAAL, photo.secret.filename, { cookie: free.cookie })).status).toBe(404)
  })

  it('#20.12 refuses a private photo to a premium viewer the owner has since blocked (and to one who blocked the owner)', async () => {
    const viewer = await loggedInMember(db, DATEDICHTBIJ, `Blocked-${driver}`)
    await makePremium(DATEDICHTBIJ, viewer.user.id)
    expect((await fetchMedia(DATEDICHTBIJ, photo.secret.filename, { cookie: viewer.cookie })).status).toBe(200)
    await createBlock(db, FLIRTLOKAAL, owner.profile.id, viewer.profile.id)
    expect((await fetchMedia(DATEDICHTBIJ, photo.secret.filename, { cookie: viewer.cookie })).status).toBe(404)
    expect((await fetchMedia(DATEDICHTBIJ, photo.secret.thumbFilename, { cookie: viewer.cookie })).status).toBe(404)
    const other = await loggedInMember(db, DATEDICHTBIJ, `Blocker-${driver}`)
    await makePremium(DATEDICHTBIJ, other.user.id)
    await createBlock(db, DATEDICHTBIJ, other.profile.id, owner.profile.id)
    expect((await fetchMedia(DATEDICHTBIJ, photo.secret.filename, { cookie: other.cookie })).status).toBe(404)
    // The public photo stays as public as before.
    expect((await fetchMedia(DATEDICHTBIJ, photo.shown.filename, { cookie: viewer.cookie })).status).toBe(200)
  })

  it('shows photos under inspection to an operator of the pool on the console host only', async () => {
    const viaQueue = await fetchMedia(FLIRTLOKAAL, photo.waiting.filename, { operator: true, route: 'operator' })
    expect(viaQueue.status).toBe(200)
    expect(viaQueue.cacheControl).toBe(PRIVATE_CACHE)
    // On a member host an operator is nobody special.
    expect((await fetchMedia(FLIRTLOKAAL, photo.waiting.filename, { operator: true })).status).toBe(404)
    // Signed out, or with a member's cookie: to the console's login.
    expect((await fetchMedia(FLIRTLOKAAL, photo.waiting.filename, { route: 'operator' })).status).toBe(302)
    expect((await fetchMedia(FLIRTLOKAAL, photo.waiting.filename, { route: 'operator', cookie: owner.cookie })).status).toBe(302)
    // Rejected photos are no business of the operator any more (and their files are gone).
    expect((await fetchMedia(FLIRTLOKAAL, photo.refused.filename, { operator: true, route: 'operator' })).status).toBe(404)
  })

  it('answers 404 for keys that are not a photo of the pool, or not keys at all', async () => {
    for (const key of ['00/00000000-0000-0000-0000-000000000000.webp', '../secrets.json', '..%2Fsecrets.json', '', 'a//b.webp', 'x\\y.webp']) {
      expect((await fetchMedia(FLIRTLOKAAL, key, { cookie: owner.cookie })).status, key).toBe(404)
    }
  })

  it('removes every size when the operator rejects a photo', async () => {
    expect(await keysExist(storage, photo.refused)).toEqual([false, false])
    // The row stays, so the member sees the photo was refused.
    expect(await withScope(db, FLIRTLOKAAL, (tx) => tx.photo.findFirst({ where: { poolId: 'benelux', id: photo.refused.id }, select: { status: true } }))).toEqual({ status: 'rejected' })
    expect(await queued(FLIRTLOKAAL)).toBe(0)
  })

  it('removes every size when the member deletes a photo, after which nobody gets it', async () => {
    const doomed = await upload(FLIRTLOKAAL, premium.profile.id)
    expect(await keysExist(storage, doomed)).toEqual([true, true])
    expect(await deletePhoto(db, DATEDICHTBIJ, premium.profile.id, doomed.id)).toEqual({ ok: true })
    expect(await keysExist(storage, doomed)).toEqual([false, false])
    expect((await fetchMedia(DATEDICHTBIJ, doomed.filename, { cookie: premium.cookie })).status).toBe(404)
    expect(await queued(FLIRTLOKAAL)).toBe(0)
  })

  it('hides a deleted account’s photos from everyone, and the purge removes their files', async () => {
    const leaving = await loggedInMember(db, FLIRTLOKAAL, `Leaving-${driver}`)
    const open = await upload(FLIRTLOKAAL, leaving.profile.id)
    await reviewPhoto(db, FLIRTLOKAAL, open.id, 'approve')
    const closed = await upload(FLIRTLOKAAL, leaving.profile.id)
    await reviewPhoto(db, FLIRTLOKAAL, closed.id, 'approve')
    await setPhotoPrivate(db, FLIRTLOKAAL, leaving.profile.id, closed.id, true)
    const pending = await upload(FLIRTLOKAAL, leaving.profile.id)
    expect((await fetchMedia(FLIRTLOKAAL, open.filename)).status).toBe(200)

    // Deleted as deleteAccount does it: account and profile marked, sessions ended.
    const deletedAt = new Date()
    await withScope(db, FLIRTLOKAAL, async (tx) => {
      await tx.user.updateMany({ where: { tenantId: 'flirtlokaal', id: leaving.user.id }, data: { status: 'deleted', statusBeforeDelete: 'active', deletedAt } })
      await tx.profile.updateMany({ where: { poolId: 'benelux', id: leaving.profile.id }, data: { status: 'deleted' } })
      await tx.session.deleteMany({ where: { tenantId: 'flirtlokaal', userId: leaving.user.id } })
    })
    for (const p of [open, closed, pending]) {
      for (const who of [{}, { cookie: premium.cookie }, { cookie: leaving.cookie }]) {
        expect((await fetchMedia(DATEDICHTBIJ, p.filename, who)).status).toBe(404)
        expect((await fetchMedia(FLIRTLOKAAL, p.thumbFilename, who)).status).toBe(404)
      }
    }
    // Still within the grace period the files stay (the account can come back).
    for (const p of [open, closed, pending]) expect(await keysExist(storage, p)).toEqual([true, true])

    expect(await purgeExpiredAccounts(db, FLIRTLOKAAL, new Date(deletedAt.getTime() + GRACE_MS + 60_000))).toBe(1)
    for (const p of [open, closed, pending]) expect(await keysExist(storage, p)).toEqual([false, false])
    expect(await queued(FLIRTLOKAAL)).toBe(0)
    expect((await fetchMedia(FLIRTLOKAAL, open.filename)).status).toBe(404)
  })

  it('never removes a file before its transaction commits, and retries what storage refused', async () => {
    const kept = await upload(FLIRTLOKAAL, free.profile.id)
    // A transaction that queues the files and then fails: nothing queued, nothing removed.
    await expect(
      withScope(db, FLIRTLOKAAL, async (tx) => {
        await tx.photo.deleteMany({ where: { poolId: 'benelux', id: kept.id } })
        await queueMediaDeletion(tx, FLIRTLOKAAL, [kept.filename, kept.thumbFilename])
        throw new Error('rolled back')
      }),
    ).rejects.toThrow('rolled back')
    expect(await queued(FLIRTLOKAAL)).toBe(0)
    expect(await keysExist(storage, kept)).toEqual([true, true])
    expect((await fetchMedia(FLIRTLOKAAL, kept.filename, { cookie: free.cookie })).status).toBe(200)

    // Storage down at the moment of the delete: the row goes, the files stay queued...
    const down: MediaStorage = { ...storage, delete: () => Promise.reject(new Error('storage unavailable')) }
    const quiet = { error: () => undefined }
    const originalError = console.error
    console.error = () => undefined
    try {
      expect(await deletePhoto(db, FLIRTLOKAAL, free.profile.id, kept.id, down)).toEqual({ ok: true })
    } finally {
      console.error = originalError
    }
    expect(await keysExist(storage, kept)).toEqual([true, true])
    expect(await queued(FLIRTLOKAAL)).toBe(2)
    expect((await fetchMedia(FLIRTLOKAAL, kept.filename, { cookie: free.cookie })).status).toBe(404)
    expect(await sweepMediaDeletions(db, FLIRTLOKAAL, down, quiet)).toBe(0)
    expect(await queued(FLIRTLOKAAL)).toBe(2)
    // ...until the purge job's sweep gets through.
    expect(await sweepMediaDeletions(db, FLIRTLOKAAL, storage, quiet)).toBe(2)
    expect(await keysExist(storage, kept)).toEqual([false, false])
    expect(await queued(FLIRTLOKAAL)).toBe(0)
  })

  it('keeps a queued file that a photo row still uses', async () => {
    const target = await upload(DATEDICHTBIJ, premium.profile.id)
    await withScope(db, FLIRTLOKAAL, (tx) => queueMediaDeletion(tx, FLIRTLOKAAL, [target.filename]))
    expect(await sweepMediaDeletions(db, FLIRTLOKAAL, storage)).toBe(0)
    expect(await queued(FLIRTLOKAAL)).toBe(0)
    expect(await storage.exists(target.filename)).toBe(true)
  })
})

describe('Photo rows are pool-scoped', () => {
  it('refuses a photo whose profile is in another pool, even written straight into the table', async () => {
    const there = await loggedInMember(db, DATEVIBE, 'Abroad')
    const here = await loggedInMember(db, FLIRTLOKAAL, 'Home')
    // Row-level security lets a benelux row in; the composite foreign key refuses the datevibe profile.
    await expect(
      withScope(db, FLIRTLOKAAL, (tx) => tx.$executeRaw`
        INSERT INTO "Photo" ("poolId", "profileId", filename, "thumbFilename", status)
        VALUES ('benelux', ${there.profile.id}, 'x/cross.webp', 'x/cross_t.webp', 'active')`),
    ).rejects.toThrow(/Photo_poolId_profileId_fkey/)
    await expect(
      withScope(db, DATEVIBE, (tx) => tx.photo.create({ data: { poolId: 'datevibe', profileId: here.profile.id, filename: 'x/cross2.webp', thumbFilename: 'x/cross2_t.webp' } })),
    ).rejects.toThrow()
    // The same insert for a profile of the pool is accepted: the refusal is the pool, not the SQL.
    await withScope(db, FLIRTLOKAAL, (tx) => tx.$executeRaw`
      INSERT INTO "Photo" ("poolId", "profileId", filename, "thumbFilename", status)
      VALUES ('benelux', ${here.profile.id}, 'x/home.webp', 'x/home_t.webp', 'active')`)
    expect(await withScope(db, DATEVIBE, (tx) => tx.photo.count({ where: { profileId: here.profile.id } }))).toBe(0)
  })
})
