// A production node has only the runtime role: it reads the secrets every node shares (the
// sites' web push keys, the unsubscribe-link key) through dating_node_secrets(), which the
// release step (`npm run setup`, as the owner) creates; never the owner-only table itself,
// and never the runtime role's password (docs/decisions/046).
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { readUnsubscribeToken, setUnsubscribeKey, unsubscribeToken } from './links.server.ts'
import { loadNotificationSecrets, provisionNodeSecrets, vapidKeysFor } from './vapid.server.ts'

const appUrl = process.env.APP_DATABASE_URL!
const ownerUrl = process.env.TEST_OWNER_DATABASE_URL!
const runtimeRole = decodeURIComponent(new URL(appUrl).username)

async function asRuntime<T>(sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: appUrl })
  await client.connect()
  try {
    return (await client.query(sql)).rows as T[]
  } finally {
    await client.end()
  }
}

describe('shared secrets for the runtime role', () => {
  it('a worker refuses to start before the release step created them', async () => {
    await expect(loadNotificationSecrets(['flirtlokaal'], undefined, { appUrl, required: true })).rejects.toThrow(/shared secrets are missing.*npm run setup/)
  })

  it('after setup, the runtime role alone reads the same keys the owner made', async () => {
    await provisionNodeSecrets(['flirtlokaal', 'datevibe'], ownerUrl, runtimeRole)
    const rows = await asRuntime<{ name: string; value: string }>('SELECT name, value FROM dating_node_secrets() ORDER BY name')
    expect(rows.map((r) => r.name)).toEqual(['unsubscribe_key', 'vapid:datevibe', 'vapid:flirtlokaal'])
    // The owner-only table and the role's password stay out of reach.
    await expect(asRuntime('SELECT value FROM dating_private.secret')).rejects.toThrow(/permission denied/)
    expect(rows.some((r) => r.name.includes('password'))).toBe(false)

    // A link signed on a node with the owner's URL (the demo) ...
    await loadNotificationSecrets(['flirtlokaal', 'datevibe'], ownerUrl)
    const token = unsubscribeToken('tenant-1', 'user-1', 'news')
    setUnsubscribeKey('c29tZXRoaW5nIGVsc2UgZW50aXJlbHkgZGlmZmVyZW50')
    expect(readUnsubscribeToken('tenant-1', token)).toBeNull()
    // ... is valid on a node with the runtime role alone.
    await loadNotificationSecrets(['flirtlokaal', 'datevibe'], undefined, { appUrl, required: true })
    expect(readUnsubscribeToken('tenant-1', token)).toEqual({ userId: 'user-1', kind: 'news' })
    const stored = JSON.parse(rows.find((r) => r.name === 'vapid:flirtlokaal')!.value) as { publicKey: string }
    expect(vapidKeysFor('flirtlokaal')?.publicKey).toBe(stored.publicKey)
  })

  it('a site added without a new setup is refused by name', async () => {
    await expect(loadNotificationSecrets(['flirtlokaal', 'brandnew'], undefined, { appUrl, required: true })).rejects.toThrow(/web push keys of brandnew/)
  })
})
