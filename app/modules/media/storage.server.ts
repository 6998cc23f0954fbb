// Where member photos live (docs/decisions/008-private-media.md): one interface, two
// drivers. Local disk below `<DATA_DIR>/media` (the default: one node) or an S3-compatible
// bucket (several nodes share it). Keys are opaque (`ab/<uuid>.webp`): they carry no site or
// pool name, and nothing is ever served from storage without the checks in serve.server.ts.
import { randomUUID } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { mkdir, rename, rm, stat, unlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3'
import { getEnv, type Env } from '../config/env.server.ts'

export type StoredObject = { body: Readable; size: number | undefined; contentType: string | undefined }

export interface MediaStorage {
  readonly kind: 'local' | 's3'
  /** Writes (or replaces) the object; resolves once it is durable enough to be served. */
  put(key: string, body: Buffer, contentType: string): Promise<void>
  /** The object as a stream, or null when there is none. */
  get(key: string): Promise<StoredObject | null>
  exists(key: string): Promise<boolean>
  /** Removes the object; a missing one is fine (a retry, or already gone). */
  delete(key: string): Promise<void>
  /** For start-up logs: where files go (no secrets). */
  describe(): string
}

/**
 * A key is one or more path segments of letters, digits, `_`, `-` and inner dots: no `..`,
 * no leading slash, no backslash. Older rows hold `<pool>/<uuid>.webp`, which still passes.
 */
const KEY = /^[A-Za-z0-9][A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+)*(?:\/[A-Za-z0-9][A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+)*)*$/

export function isMediaKey(key: string): boolean {
  return key.length <= 200 && KEY.test(key)
}

function assertKey(key: string): string {
  if (!isMediaKey(key)) throw new Error(`not a media key: ${JSON.stringify(key.slice(0, 80))}`)
  return key
}

/** A fresh random key with the given suffix, spread over 256 folders. */
export function newMediaKey(suffix: string): string {
  const id = randomUUID()
  return `${id.slice(0, 2)}/${id}${suffix}`
}

// --- Local disk ----------------------------------------------------------------------

export function localMediaStorage(root: string): MediaStorage {
  const base = path.resolve(root)
  const fileOf = (key: string) => {
    const file = path.resolve(base, assertKey(key))
    // The key pattern already excludes this; a second lock on the same door.
    if (!file.startsWith(base + path.sep)) throw new Error(`media key escapes the media folder: ${key}`)
    return file
  }
  return {
    kind: 'local',
    async put(key, body) {
      const file = fileOf(key)
      await mkdir(path.dirname(file), { recursive: true })
      // Written aside and renamed: a reader never sees half a file.
      const temporary = `${file}.${process.pid}.${randomUUID()}.tmp`
      try {
        await writeFile(temporary, body, { flag: 'wx' })
        await rename(temporary, file)
      } catch (error) {
        await unlink(temporary).catch(() => undefined)
        throw error
      }
    },
    async get(key) {
      const file = fileOf(key)
      try {
        const info = await stat(file)
        if (!info.isFile()) return null
        return { body: createReadStream(file), size: info.size, contentType: undefined }
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
        throw error
      }
    },
    async exists(key) {
      return stat(fileOf(key)).then((info) => info.isFile(), () => false)
    },
    async delete(key) {
      await rm(fileOf(key), { force: true })
    },
    describe: () => `local disk (${base})`,
  }
}

// --- S3-compatible object storage ------------------------------------------------------

export type S3Options = {
  bucket: string
  region: string
  endpoint?: string
  forcePathStyle?: boolean
  accessKeyId?: string
  secretAccessKey?: string
}

const statusOf = (error: unknown) => (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode
const isMissing = (error: unknown) => {
  const name = (error as { name?: string }).name
  return name === 'NoSuchKey' || name === 'NotFound' || statusOf(error) === 404
}

export function s3MediaStorage(options: S3Options): MediaStorage {
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle ?? false,
    ...(options.accessKeyId && options.secretAccessKey ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } } : {}),
    // Checksums only where S3 requires them: S3-compatible servers (MinIO, Ceph, R2, the
    // tests' s3rver) differ in which of the newer checksum headers they understand.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A bucket that is away costs a request well under a second, never the SDK's long
    // defaults: connect within 400 ms, no 1 s without a byte, one retry (docs/decisions/047).
    requestHandler: { connectionTimeout: 400, requestTimeout: 1_000 },
    maxAttempts: 2,
  })
  const Bucket = options.bucket
  return {
    kind: 's3',
    async put(key, body, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: assertKey(key), Body: body, ContentType: contentType }))
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: assertKey(key) }))
        if (!object.Body) return null
        return { body: object.Body as Readable, size: object.ContentLength, contentType: object.ContentType }
      } catch (error) {
        if (isMissing(error)) return null
        throw error
      }
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: assertKey(key) }))
        return true
      } catch (error) {
        if (isMissing(error)) return false
        throw error
      }
    },
    async delete(key) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: assertKey(key) }))
      } catch (error) {
        if (!isMissing(error)) throw error
      }
    },
    describe: () => `S3 bucket ${Bucket}${options.endpoint ? ` at ${new URL(options.endpoint).host}` : ` (${options.region})`}`,
  }
}

// --- The process's storage -------------------------------------------------------------

type StorageEnv = Pick<Env, 'MEDIA_STORAGE' | 'DATA_DIR' | 'S3_BUCKET' | 'S3_REGION' | 'S3_ENDPOINT' | 'S3_FORCE_PATH_STYLE' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY'>

/** The storage the environment names; `localRoot` replaces `<DATA_DIR>/media` (seeding, benchmarks). */
export function mediaStorageFrom(env: StorageEnv, localRoot?: string): MediaStorage {
  if (env.MEDIA_STORAGE === 's3') {
    // The env schema refuses MEDIA_STORAGE=s3 without a bucket.
    return s3MediaStorage({
      bucket: env.S3_BUCKET!,
      region: env.S3_REGION,
      endpoint: env.S3_ENDPOINT,
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    })
  }
  return localMediaStorage(localRoot ?? path.join(env.DATA_DIR, 'media'))
}

let current: { key: string; storage: MediaStorage } | undefined

/** This process's storage, from the environment (rebuilt when a storage variable changes: tests). */
export function getMediaStorage(): MediaStorage {
  const env = getEnv()
  const key = JSON.stringify([env.MEDIA_STORAGE, path.resolve(env.DATA_DIR), env.S3_BUCKET, env.S3_REGION, env.S3_ENDPOINT, env.S3_FORCE_PATH_STYLE, env.S3_ACCESS_KEY_ID])
  if (current?.key !== key) current = { key, storage: mediaStorageFrom(env) }
  return current.storage
}
