// Production start-up checks the whole configuration before it touches anything: every
// malformed or missing variable (Mollie keys of selling sites included) and every broken
// tenant file, each on its own line (docs/decisions/046).
import { THEME_NAMES } from '../../themes/index.ts'
import { EnvError, getEnv, type Env } from '../../app/modules/config/env.server.ts'
import { missingMollieKeys } from '../../app/modules/payments/mollie.server.ts'
import { loadTenants, type LoadedTenant } from '../../app/modules/tenancy/load-tenants.server.ts'

export type Validated = { ok: true; env: Env; tenants: LoadedTenant[] } | { ok: false; problems: string[] }

export async function validateConfiguration(): Promise<Validated> {
  const problems: string[] = []
  let env: Env | undefined
  try {
    env = getEnv()
  } catch (error) {
    if (!(error instanceof EnvError)) throw error
    problems.push(...error.problems)
  }
  let tenants: LoadedTenant[] | undefined
  try {
    tenants = await loadTenants(THEME_NAMES, process.env.TENANTS_DIR || 'tenants')
  } catch (error) {
    problems.push(...(error as Error).message.split('\n').map((line) => line.replace(/^\s*-\s*/, '')).filter(Boolean))
  }
  if (tenants && (env?.mode ?? 'production') === 'production') problems.push(...missingMollieKeys(tenants))
  if (problems.length > 0 || !env || !tenants) return { ok: false, problems }
  return { ok: true, env, tenants }
}

/** The lines a refused start prints. */
export function refusal(problems: readonly string[]): string {
  return new EnvError([...problems]).message
}
