// Process configuration: every environment variable the app, its scripts and its tests read
// goes through this one schema. Every variable is documented in README.md.
//
// Two modes (docs/decisions/007-safe-to-deploy.md): a deployment (NODE_ENV=production with
// DATABASE_URL or APP_DATABASE_URL; a node needs only the runtime role's) is fail-closed and refuses to start without the secrets and services it
// needs; anything else is the demo (`npm start` with nothing configured, tests, e2e).
import { accessSync, constants } from 'node:fs'
import { z } from 'zod'
import { parseLimitOverrides, type LimitOverrides } from '../limits/rules.ts'

const flag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1')

/** `false`/`0` (off), `true` (one proxy in front), a hop count, or Express's address list. */
export type TrustProxy = false | number | string[]

const trustProxy = z
  .string()
  .trim()
  .transform((value, ctx): TrustProxy => {
    if (value === '' || value === 'false' || value === '0') return false
    if (value === 'true') return 1
    if (/^\d+$/.test(value)) return Number(value)
    const list = value.split(',').map((part) => part.trim()).filter(Boolean)
    if (list.every((part) => /^(loopback|linklocal|uniquelocal|[0-9a-f.:]+(\/\d{1,3})?)$/i.test(part))) return list
    ctx.addIssue({ code: 'custom', message: 'expected true, false, a number of proxies, or addresses/subnets separated by commas' })
    return z.NEVER
  })

const rateLimits = z
  .string()
  .trim()
  .transform((value, ctx): LimitOverrides => {
    try {
      return parseLimitOverrides(value)
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: (error as Error).message })
      return z.NEVER
    }
  })

const port = z.coerce.number().int().min(1).max(65535)

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Owner connection: migrations, tenant sync and seed. Unset: embedded Postgres in .data/. */
  DATABASE_URL: z.url().optional(),
  /** Runtime connection: a role that owns no tables and has no BYPASSRLS. */
  APP_DATABASE_URL: z.url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  REDIS_URL: z.url().optional(),
  /** A Redis cluster instead of REDIS_URL: `host:port` seeds separated by commas (live events on sharded pub/sub). */
  REDIS_CLUSTER_NODES: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9.-]+:\d{1,5}(\s*,\s*[A-Za-z0-9.-]+:\d{1,5})*$/, 'host:port pairs separated by commas')
    .optional(),
  /** What this process does (docs/decisions/046): `web` (HTTP, no job runner), `worker` (jobs, no HTTP) or `all`. */
  PROCESS_ROLE: z.enum(['web', 'worker', 'all']).default('all'),
  /** Prometheus metrics on their own port (docs/decisions/048); unset: no metrics listener. */
  METRICS_PORT: port.optional(),
  /** Log level of the JSON logs (pino). */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PORT: port.default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  TENANTS_DIR: z.string().min(1).default('tenants'),
  DATA_DIR: z.string().min(1).default('.data'),
  /** Member photos: `local` (<DATA_DIR>/media, one node) or `s3` (a bucket every node shares). */
  MEDIA_STORAGE: z.enum(['local', 's3']).default('local'),
  /** S3-compatible endpoint (MinIO, R2, ...); unset: AWS S3 in S3_REGION. */
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'an S3 bucket name (3-63 lower-case letters, digits, dots, hyphens)').optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** Unset: the AWS SDK's default credential chain (instance role, AWS_* variables, ...). */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Bucket in the path (http://host/bucket/key) instead of the host name: most S3-compatible servers. */
  S3_FORCE_PATH_STYLE: flag.default(false),
  /** Answer <slug>.localhost for every site. Default: on in the demo, off in production. */
  LOCALHOST_TENANTS: flag.optional(),
  /** Honour X-Forwarded-Proto/-Host/-For from this many proxies (or these addresses). */
  TRUST_PROXY: trustProxy.default(false),
  SMTP_URL: z.url().optional(),
  /** Web push: {"<slug>": {"publicKey", "privateKey"}} per site; unset: generated once and kept in the database. */
  VAPID_KEYS: z.string().min(2).optional(),
  /** The demo's mailbox page; never in production. */
  DEV_MAILBOX: flag.default(true),
  INSECURE_COOKIES: flag.default(false),
  /**
   * The operator console's host name (decision 023); it must be none of the sites' domains.
   * Demo default: operator.localhost.
   */
  OPERATOR_HOST: z
    .string()
    .trim()
    .regex(/^[a-z0-9.-]{1,253}(:\d{1,5})?$/i, 'a host name such as console.example.com (a port is ignored)')
    .optional(),
  /**
   * Tokens of the mail providers that post bounces and spam complaints to
   * /operator/mail-events: `provider:token` separated by commas (each token 24+ characters).
   */
  MAIL_EVENT_TOKENS: z
    .string()
    .trim()
    .regex(/^[a-z0-9_-]{1,40}:[A-Za-z0-9_-]{24,200}(,\s*[a-z0-9_-]{1,40}:[A-Za-z0-9_-]{24,200})*$/, 'provider:token pairs separated by commas, each token 24 to 200 letters, digits, _ or -')
    .optional(),
  /** Demo members on `npm start` / `npm run setup`. Default: on in the demo, off in production. */
  SEED_DEMO: flag.optional(),
  /** Limit for urlencoded and JSON request bodies, in bytes. */
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(10_485_760).default(262_144),
  /** Abuse-limit tuning: `name=points/seconds[/blockSeconds],...` (app/modules/limits/rules.ts). */
  RATE_LIMITS: rateLimits.default({}),
  /**
   * Prefix of every limiter key. Nodes sharing limits must use the same one; the test harness
   * gives each test file its own, so files never count against each other's requests.
   */
  RATE_LIMIT_NAMESPACE: z.string().regex(/^[A-Za-z0-9_-]{0,80}$/, 'letters, digits, _ and - only').default(''),
  /**
   * Seconds a visitor's document stays in the node's micro-cache (decision 034); 0 turns it
   * off. Pages a member sees are never cached.
   */
  VISITOR_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(15),
  /**
   * Compression of answers: a gzip/deflate/brotli level 1-9 (default 1: fast, nearly as
   * small as 6 on HTML) or `off` behind a proxy or CDN that compresses (decision 034).
   */
  COMPRESSION: z.union([z.literal('off'), z.coerce.number().int().min(1).max(9)]).default(1),
  /** Seconds a stopping node waits for in-flight requests before closing connections. */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(300).default(10),
  /** Seconds between SIGTERM and the drain, while /readyz already answers 503 (a load balancer's check interval). */
  SHUTDOWN_DELAY_SECONDS: z.coerce.number().min(0).max(120).default(0),
  /** Browser tests only: enables /__test/* helpers. */
  E2E_TEST_HOOKS: flag.default(false),
  /**
   * Mollie API endpoint; unset: Mollie itself. `npm start` and the browser tests point it at
   * the local sandbox (scripts/mollie-sandbox.ts) when a site has no key. Only outside
   * production, and only for a loopback https endpoint, is its certificate not verified.
   */
  MOLLIE_API_ENDPOINT: z.url({ protocol: /^https$/ }).optional(),
  /**
   * Origin of the sandbox's checkout page, set by `npm start` and the e2e server next to
   * MOLLIE_API_ENDPOINT: a payment form may send the browser there (CSP form-action).
   */
  /**
   * A PEM file of the certificate authorities that MOLLIE_API_ENDPOINT's certificate is checked
   * against (a staging deployment's test endpoint); unset: Mollie's own CA list.
   */
  MOLLIE_CA_FILE: z.string().min(1).optional(),
  MOLLIE_CHECKOUT_ORIGIN: z.url({ protocol: /^https?$/ }).optional(),
  /** Port of the sandbox `npm start` / `npm run mollie:sandbox` start (its checkout page: port + 1). */
  MOLLIE_SANDBOX_PORT: port.default(3443),
  EMBEDDED_PG_PORT: port.optional(),
  E2E_PORT: port.default(3100),
  E2E_MAIL_PORT: port.optional(),
  CHROMIUM_PATH: z.string().min(1).default('/usr/bin/chromium'),
  SEED_COUNT: z.coerce.number().int().min(0).max(100_000).default(40),
  BENCH_PROFILES: z.coerce.number().int().min(1).default(1_000_000),
  BENCH_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
  /** `npm run bench`: the engine on this port, the bare app on + 10, the cold start on + 20. */
  BENCH_PORT: port.default(3200),
  /** `npm run test:faults`: the port of its own Redis (it stops and starts it). */
  FAULTS_REDIS_PORT: port.default(6392),
  /** The Redis-outage test's own redis-server. */
  REDIS_OUTAGE_PORT: port.default(6391),
  CI: z.string().optional().transform((value) => Boolean(value) && value !== 'false' && value !== '0'),
})

export type RunMode = 'demo' | 'production'

type Parsed = z.infer<typeof EnvSchema>
export type Env = Omit<Parsed, 'LOCALHOST_TENANTS' | 'SEED_DEMO'> & {
  mode: RunMode
  LOCALHOST_TENANTS: boolean
  SEED_DEMO: boolean
}

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Cannot start: the environment is not valid.\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    this.name = 'EnvError'
  }
}

/** Production needs these; each missing one is named on its own line. */
const PRODUCTION_REQUIRES: { name: 'SMTP_URL' | 'APP_DATABASE_URL' | 'OPERATOR_HOST'; why: string }[] = [
  { name: 'SMTP_URL', why: 'mails (activation, password reset) must really be sent; the demo mailbox does not exist in production' },
  { name: 'APP_DATABASE_URL', why: 'the runtime role (no table ownership, no BYPASSRLS) that every node connects as' },
  { name: 'OPERATOR_HOST', why: 'the operator console answers only on its own host (e.g. console.example.com), never on a site' },
]

/**
 * Production: NODE_ENV=production with a database that is not the embedded one. A node
 * needs only the runtime role's URL (APP_DATABASE_URL); the owner's (DATABASE_URL) is for
 * `npm run setup`, the release step.
 */
export function runMode(source: { NODE_ENV?: string; DATABASE_URL?: string; APP_DATABASE_URL?: string; [EMBEDDED_DATABASE]?: string }): RunMode {
  if (source[EMBEDDED_DATABASE] === '1') return 'demo'
  return source.NODE_ENV === 'production' && (source.DATABASE_URL || source.APP_DATABASE_URL) ? 'production' : 'demo'
}

/**
 * Set by `npm start` and the browser tests' server when they fill APP_DATABASE_URL from the
 * embedded Postgres of this machine: that is the demo, never a deployment. Not a setting.
 */
export const EMBEDDED_DATABASE = 'DATING_EMBEDDED_DATABASE'

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '::1'])

/** Whether an URL points at this machine (the local Mollie sandbox, say). */
export function isLoopbackUrl(value: string): boolean {
  try {
    const host = new URL(value).hostname
    return LOOPBACK_HOSTS.has(host) || host.startsWith('127.') || host.endsWith('.localhost')
  } catch {
    return false
  }
}

/**
 * Parses an environment (process.env by default); throws EnvError naming every problem, each
 * on its own line: malformed values and what production is missing, together.
 */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  // `NAME=` in a shell or an env file means "not set".
  const given = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== '')) as Record<string, string>
  const parsed = EnvSchema.safeParse(given)
  const problems = parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
  if (given.MEDIA_STORAGE === 's3' && !given.S3_BUCKET) problems.push('S3_BUCKET is required when MEDIA_STORAGE=s3')
  if (Boolean(given.S3_ACCESS_KEY_ID) !== Boolean(given.S3_SECRET_ACCESS_KEY)) problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both or neither')
  if (given.REDIS_URL && given.REDIS_CLUSTER_NODES) problems.push('REDIS_URL and REDIS_CLUSTER_NODES exclude each other: set one')
  const mode = runMode(given)
  if (mode === 'production') {
    for (const r of PRODUCTION_REQUIRES) if (!given[r.name]) problems.push(`${r.name} is required in production (${r.why})`)
    if (given.E2E_TEST_HOOKS === 'true' || given.E2E_TEST_HOOKS === '1') problems.push('E2E_TEST_HOOKS must not be set in production')
    if (given.MOLLIE_API_ENDPOINT && isLoopbackUrl(given.MOLLIE_API_ENDPOINT)) {
      problems.push('MOLLIE_API_ENDPOINT points at this machine (the local sandbox?); production pays through Mollie, a staging deployment through a test endpoint with MOLLIE_CA_FILE')
    }
    if (given.MOLLIE_CA_FILE && !given.MOLLIE_API_ENDPOINT) problems.push('MOLLIE_CA_FILE is only for another MOLLIE_API_ENDPOINT (Mollie itself is checked against its own CA list)')
  }
  if (given.MOLLIE_CA_FILE && !readable(given.MOLLIE_CA_FILE)) problems.push(`MOLLIE_CA_FILE: cannot read ${given.MOLLIE_CA_FILE}`)
  if (problems.length > 0 || !parsed.success) throw new EnvError(problems)
  const data = parsed.data
  return {
    ...data,
    mode,
    LOCALHOST_TENANTS: data.LOCALHOST_TENANTS ?? mode === 'demo',
    SEED_DEMO: data.SEED_DEMO ?? mode === 'demo',
  }
}

function readable(file: string): boolean {
  try {
    accessSync(file, constants.R_OK)
    return true
  } catch {
    return false
  }
}

/** Every variable of the schema (the README's configuration table documents each). */
export const ENV_NAMES: readonly string[] = Object.keys(EnvSchema.shape)

const KEYS = [...Object.keys(EnvSchema.shape), EMBEDDED_DATABASE]
let cached: { key: string; env: Env } | undefined

// Set by a serving process once its environment is complete (lockEnv). A global symbol:
// the server build and the edge each have their own copy of this module.
const LOCKED = Symbol.for('dating-engine.env-locked')
const holder = globalThis as typeof globalThis & { [LOCKED]?: boolean }

/**
 * From now on the environment is taken as it is: getEnv() answers from memory without
 * comparing the ~60 variables again (20 µs a call, many calls per request). A server calls
 * it after start-up; tests and scripts that switch variables never do.
 */
export function lockEnv(): void {
  getEnv()
  holder[LOCKED] = true
}

/**
 * The parsed process environment. Re-parsed only when one of its variables changed (start-up
 * scripts fill in derived values, tests switch features), so callers may call it per request;
 * after lockEnv() it is parsed no more.
 */
export function getEnv(): Env {
  if (cached && holder[LOCKED]) return cached.env
  const key = KEYS.map((name) => process.env[name] ?? '\u0000').join('\u0001')
  if (cached?.key === key) return cached.env
  const env = parseEnv(process.env)
  cached = { key, env }
  return env
}

/** Session and tracking cookies get `Secure` in production builds unless INSECURE_COOKIES. */
export function secureCookies(env: Env = getEnv()): boolean {
  return env.NODE_ENV === 'production' && !env.INSECURE_COOKIES
}

/** One line for start-up logs. */
export function describeMode(env: Env): string {
  if (env.mode === 'production') return `production mode (NODE_ENV=production with an external database), process role ${env.PROCESS_ROLE}: fail-closed, no demo data, no mailbox page`
  const why = env.DATABASE_URL || env.APP_DATABASE_URL ? 'NODE_ENV is not production' : 'no DATABASE_URL or APP_DATABASE_URL'
  const mails = env.SMTP_URL ? 'mails over SMTP' : env.DEV_MAILBOX ? 'mails on the mailbox page (from this machine only)' : 'mails kept in the outbox'
  return `demo mode (${why}): ${env.SEED_DEMO ? 'demo members, ' : ''}${mails}`
}
