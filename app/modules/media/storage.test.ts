// The storage drivers keep one contract: the local disk, and S3 against a local
// S3-compatible server (s3rver) this test starts on a free port in a temporary folder.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { text } from 'node:stream/consumers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalS3, type LocalS3 } from '../../../tests/s3-server.ts'
import { isMediaKey, localMediaStorage, mediaStorageFrom, newMediaKey, s3MediaStorage, type MediaStorage } from './storage.server.ts'
import { parseEnv } from '../config/env.server.ts'

let s3: LocalS3
let dir: string

beforeAll(async () => {
  s3 = await startLocalS3('contract')
  dir = await mkdtemp(path.join(tmpdir(), 'storage-contract-'))
})

afterAll(async () => {
  await s3.close()
  await rm(dir, { recursive: true, force: true })
})

const drivers: Record<'local' | 's3', () => MediaStorage> = {
  local: () => localMediaStorage(dir),
  s3: () => s3MediaStorage({ bucket: s3.bucket, region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }),
}

describe.each(['local', 's3'] as const)('%s driver', (name) => {
  it('puts, gets, tells existence and deletes (a missing object is no error)', async () => {
    const storage = drivers[name]()
    expect(storage.kind).toBe(name)
    const key = newMediaKey('.webp')
    expect(await storage.exists(key)).toBe(false)
    expect(await storage.get(key)).toBeNull()
    await storage.put(key, Buffer.from('first'), 'image/webp')
    await storage.put(key, Buffer.from('second'), 'image/webp')
    expect(await storage.exists(key)).toBe(true)
    const object = await storage.get(key)
    expect(object?.size).toBe(6)
    expect(await text(object!.body)).toBe('second')
    await storage.delete(key)
    await storage.delete(key)
    expect(await storage.exists(key)).toBe(false)
    expect(await storage.get(key)).toBeNull()
  })

  it('refuses keys that are not opaque media keys', async () => {
    const storage = drivers[name]()
    for (const key of ['../x.webp', '/abs.webp', 'a/../b.webp', 'a\\b.webp', '', 'a//b']) {
      await expect(storage.put(key, Buffer.from('x'), 'image/webp'), key).rejects.toThrow(/not a media key/)
    }
  })
})

describe('keys and configuration', () => {
  it('are random, spread over folders, and readable as keys', () => {
    const a = newMediaKey('.webp')
    expect(a).toMatch(/^([0-9a-f]{2})\/\1[0-9a-f-]{34}\.webp$/)
    expect(a).not.toBe(newMediaKey('.webp'))
    expect(isMediaKey(a)).toBe(true)
    expect(isMediaKey('benelux/0b7c.webp')).toBe(true)
  })

  it('follows MEDIA_STORAGE', () => {
    expect(mediaStorageFrom(parseEnv({ DATA_DIR: dir })).describe()).toBe(`local disk (${path.join(dir, 'media')})`)
    const s3Storage = mediaStorageFrom(parseEnv({ MEDIA_STORAGE: 's3', S3_BUCKET: 'photos', S3_ENDPOINT: 'http://minio.internal:9000' }))
    expect(s3Storage.kind).toBe('s3')
    expect(s3Storage.describe()).toBe('S3 bucket photos at minio.internal:9000')
  })
})
