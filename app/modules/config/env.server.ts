// Process configuration, parsed once. Every variable is documented in README.md.
import { z } from 'zod'

const flag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1')

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Owner connection: migrations, tenant sync and seed. Unset: embedded Postgres in .data/. */
  DATABASE_URL: z.url().optional(),
  /** Runtime connection: a role that owns no tables and has no BYPASSRLS. */
  APP_DATABASE_URL: z.url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  REDIS_URL: z.url().optional(),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  TENANTS_DIR: z.string().optional(),
  DATA_DIR: z.string().default('.data'),
  /** Answer <slug>.localhost for every site (development, demos, tests). */
  LOCALHOST_TENANTS: flag.default(true),
  /** Trust X-Forwarded-Host/-Proto: only behind a proxy that sets them. */
  TRUST_PROXY: flag.default(false),
  /** Tests only: lets a request choose its tenant with the X-Test-Tenant header. */
  TEST_TENANT_HEADER: flag.default(false),
})

export type Env = z.infer<typeof EnvSchema>

let cached: Env | undefined

export function getEnv(): Env {
  if (cached) return cached
  const parsed = EnvSchema.safeParse(process.env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
    throw new Error(`Invalid environment:\n${lines.join('\n')}`)
  }
  cached = parsed.data
  return cached
}
