// A local S3-compatible server (s3rver, from npm) for tests that run the S3 media driver:
// started by the test itself on a free loopback port, its data in a temporary folder.
import { mkdtemp, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'

type S3rverInstance = { run(): Promise<{ address: string; port: number }>; close(): Promise<void> }
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance

export type LocalS3 = {
  endpoint: string
  bucket: string
  /** The variables that point the app's media storage at this server. */
  env: Record<string, string>
  close(): Promise<void>
}

/** s3rver accepts any well-formed signature with these credentials. */
const CREDENTIALS = { S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' }

export async function startLocalS3(bucket = 'media-test'): Promise<LocalS3> {
  // s3rver ships CommonJS without types.
  const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass
  const directory = await mkdtemp(path.join(tmpdir(), 's3rver-'))
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] })
  const { port } = await server.run()
  const endpoint = `http://127.0.0.1:${port}`
  return {
    endpoint,
    bucket,
    env: { MEDIA_STORAGE: 's3', S3_ENDPOINT: endpoint, S3_BUCKET: bucket, S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: 'true', ...CREDENTIALS },
    close: async () => {
      await server.close()
      await rm(directory, { recursive: true, force: true })
    },
  }
}
