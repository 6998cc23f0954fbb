// A VAPID key pair per site (web push). Production: VAPID_KEYS from the environment
// ({"<slug>": {"publicKey": "...", "privateKey": "..."}}). Otherwise the pair is generated
// once and kept in the database's owner-only secret store (`dating_private.secret`, decision
// 007), so every node of the database signs with the same key; nodes read it at start
// through the owner's connection (they have it: DATABASE_URL, or the embedded server).
import pg from 'pg'
import webpush from 'web-push'
import { z } from 'zod'
import { randomBytes } from 'node:crypto'
import { getEnv } from '../config/env.server.ts'
import { setUnsubscribeKey } from './links.server.ts'

export type VapidKeys = { publicKey: string; privateKey: string }

const KeysSchema = z.record(z.string(), z.object({ publicKey: z.string().min(20), privateKey: z.string().min(20) }))

const keys = new Map<string, VapidKeys>()

export function parseVapidEnv(value: string | undefined): Record<string, VapidKeys> {
  if (!value) return {}
  return KeysSchema.parse(JSON.parse(value))
}

/** This node's keys for `slug`, or null when push is not set up for it. */
export function vapidKeysFor(slug: string): VapidKeys | null {
  return keys.get(slug) ?? null
}

export function setVapidKeys(slug: string, pair: VapidKeys): void {
  keys.set(slug, pair)
}

/**
 * At start: every site's VAPID pair and the key that signs unsubscribe links (same store).
 * Without the owner's connection (a test node) both are made up for this process only.
 */
export async function loadNotificationSecrets(slugs: readonly string[], ownerUrl: string | undefined): Promise<void> {
  if (!ownerUrl) {
    setUnsubscribeKey(randomBytes(32).toString('base64url'))
    for (const slug of slugs) if (!keys.has(slug) && !parseVapidEnv(getEnv().VAPID_KEYS)[slug]) keys.set(slug, webpush.generateVAPIDKeys())
  }
  await loadVapidKeys(slugs, ownerUrl)
}

/**
 * Loads every site's pair: the environment's first, else the database's, generating missing
 * ones (once, even with several nodes starting together: a transaction advisory lock).
 */
export async function loadVapidKeys(slugs: readonly string[], ownerUrl: string | undefined): Promise<void> {
  const fromEnv = parseVapidEnv(getEnv().VAPID_KEYS)
  const missing: string[] = []
  for (const slug of slugs) {
    const pair = fromEnv[slug]
    if (pair) keys.set(slug, pair)
    else missing.push(slug)
  }
  if (!ownerUrl) return
  const client = new pg.Client({ connectionString: ownerUrl })
  await client.connect()
  try {
    await client.query('BEGIN')
    await client.query(`SELECT pg_advisory_xact_lock(hashtext('dating:secret-store'))`)
    await client.query(`CREATE SCHEMA IF NOT EXISTS dating_private`)
    await client.query(`REVOKE ALL ON SCHEMA dating_private FROM PUBLIC`)
    await client.query(`CREATE TABLE IF NOT EXISTS dating_private.secret (name text PRIMARY KEY, value text NOT NULL, created_at timestamptz NOT NULL DEFAULT now())`)
    await client.query(`INSERT INTO dating_private.secret (name, value) VALUES ('unsubscribe_key', $1) ON CONFLICT (name) DO NOTHING`, [randomBytes(32).toString('base64url')])
    const unsubscribe = await client.query<{ value: string }>(`SELECT value FROM dating_private.secret WHERE name = 'unsubscribe_key'`)
    setUnsubscribeKey(unsubscribe.rows[0]!.value)
    for (const slug of missing) {
      const name = `vapid:${slug}`
      await client.query(`INSERT INTO dating_private.secret (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`, [name, JSON.stringify(webpush.generateVAPIDKeys())])
      const row = await client.query<{ value: string }>(`SELECT value FROM dating_private.secret WHERE name = $1`, [name])
      const pair = JSON.parse(row.rows[0]!.value) as VapidKeys
      keys.set(slug, pair)
    }
    await client.query('COMMIT')
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined)
    throw error
  } finally {
    await client.end()
  }
}
