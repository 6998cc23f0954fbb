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

/** The runtime role's one window on the secret store: the node secrets, never the role's password. */
export const NODE_SECRETS_FUNCTION = 'dating_node_secrets'

export type SecretOptions = {
  /** The runtime role's URL: without the owner's, the secrets are read through it. */
  appUrl?: string
  /** Refuse to go on without the shared secrets (production, job workers) instead of making some up. */
  required?: boolean
  log?: (line: string) => void
}

/**
 * At start: every site's VAPID pair and the key that signs unsubscribe links (same store).
 * With the owner's connection (the demo, `npm run setup`) they are created when missing;
 * a node with the runtime role alone reads them through `dating_node_secrets()`, which
 * `npm run setup` creates (docs/decisions/046). Without either (a test node) they are made
 * up for this process only, unless `required`.
 */
export async function loadNotificationSecrets(slugs: readonly string[], ownerUrl: string | undefined, options: SecretOptions = {}): Promise<void> {
  if (ownerUrl) return loadVapidKeys(slugs, ownerUrl)
  const fromEnv = parseVapidEnv(getEnv().VAPID_KEYS)
  const stored = options.appUrl ? await readNodeSecrets(options.appUrl, options.required === true) : new Map<string, string>()
  const missing: string[] = []
  const unsubscribe = stored.get('unsubscribe_key')
  if (unsubscribe) setUnsubscribeKey(unsubscribe)
  else missing.push('the unsubscribe-link key')
  for (const slug of slugs) {
    const pair = fromEnv[slug] ?? (stored.has(`vapid:${slug}`) ? (JSON.parse(stored.get(`vapid:${slug}`)!) as VapidKeys) : keys.get(slug))
    if (pair) keys.set(slug, pair)
    else missing.push(`the web push keys of ${slug}`)
  }
  if (missing.length === 0) return
  if (options.required) {
    throw new Error(`Cannot start: the shared secrets are missing (${missing.join(', ')}). Run \`npm run setup\` (the release step, with DATABASE_URL) first, or set VAPID_KEYS.`)
  }
  // A test node: signatures of this process only.
  if (!unsubscribe) setUnsubscribeKey(randomBytes(32).toString('base64url'))
  for (const slug of slugs) if (!keys.has(slug)) keys.set(slug, webpush.generateVAPIDKeys())
  options.log?.(`made up for this process only: ${missing.join(', ')}`)
}

async function readNodeSecrets(appUrl: string, required: boolean): Promise<Map<string, string>> {
  const client = new pg.Client({ connectionString: appUrl })
  try {
    await client.connect()
    const rows = await client.query<{ name: string; value: string }>(`SELECT name, value FROM ${NODE_SECRETS_FUNCTION}()`)
    return new Map(rows.rows.map((r) => [r.name, r.value]))
  } catch (error) {
    const code = (error as { code?: string }).code
    // No such function (setup never ran) or no right to it: the caller decides.
    if (code === '42883' || code === '42501') return new Map()
    if (required) throw error
    return new Map()
  } finally {
    await client.end().catch(() => undefined)
  }
}

/**
 * The release step (`npm run setup`, as the owner): creates every site's pair and the
 * unsubscribe key when missing, and the function through which the runtime role reads them
 * (SECURITY DEFINER, only these names: never the runtime role's own password).
 */
export async function provisionNodeSecrets(slugs: readonly string[], ownerUrl: string, runtimeRole: string): Promise<void> {
  await loadVapidKeys(slugs, ownerUrl)
  const client = new pg.Client({ connectionString: ownerUrl })
  await client.connect()
  try {
    await client.query('BEGIN')
    await client.query(`SELECT pg_advisory_xact_lock(hashtext('dating:secret-store'))`)
    await client.query(
      `CREATE OR REPLACE FUNCTION public.${NODE_SECRETS_FUNCTION}() RETURNS TABLE (name text, value text)
         LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp
         AS $$ SELECT s.name, s.value FROM dating_private.secret s WHERE s.name = 'unsubscribe_key' OR s.name LIKE 'vapid:%' $$`,
    )
    await client.query(`REVOKE ALL ON FUNCTION public.${NODE_SECRETS_FUNCTION}() FROM PUBLIC`)
    await client.query(`GRANT EXECUTE ON FUNCTION public.${NODE_SECRETS_FUNCTION}() TO "${runtimeRole.replaceAll('"', '""')}"`)
    await client.query('COMMIT')
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined)
    throw error
  } finally {
    await client.end()
  }
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
