// Reads tenants/<slug>.ts files and checks each against the schema. Any problem stops the
// caller with one message per problem, naming the file, the field and the reason.
import { samePoolPartners } from '../site/partner-site.ts'
import { readdir, stat } from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { getEnv } from '../config/env.server.ts'
import { TenantConfigSchema, type TenantConfig } from '../../../tenants/schema.ts'

export class TenantConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid tenant configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    this.name = 'TenantConfigError'
  }
}

export type LoadedTenant = TenantConfig & { file: string }

const NOT_CONFIG = new Set(['schema.ts', 'index.ts'])

export function tenantsDir(): string {
  return path.resolve(getEnv().TENANTS_DIR)
}

/** Validates one parsed module's default export; returns problems instead of throwing. */
export function checkTenantConfig(file: string, value: unknown, themes: readonly string[]): { tenant?: LoadedTenant; problems: string[] } {
  const parsed = TenantConfigSchema.safeParse(value)
  if (!parsed.success) {
    return {
      problems: parsed.error.issues.map((issue) => {
        const field = issue.path.length > 0 ? issue.path.join('.') : '(root)'
        return `${file}: ${field}: ${issue.message}`
      }),
    }
  }
  const problems: string[] = []
  const config = parsed.data
  const expected = path.basename(file, path.extname(file))
  if (config.slug !== expected) problems.push(`${file}: slug: must equal the file name "${expected}"`)
  if (!themes.includes(config.theme)) problems.push(`${file}: theme: unknown theme "${config.theme}" (known: ${themes.join(', ')})`)
  return { tenant: { ...config, pool: config.pool ?? config.slug, file }, problems }
}

/** Cross-file rules: unique slugs and domains, partner sites. */
export function checkTenantSet(tenants: LoadedTenant[]): string[] {
  const problems: string[] = []
  const owners = new Map<string, string>()
  for (const tenant of tenants) {
    for (const domain of tenant.domains) {
      const owner = owners.get(domain)
      if (owner) problems.push(`${tenant.file}: domains: "${domain}" is already used by ${owner}`)
      else owners.set(domain, tenant.file)
    }
  }
  problems.push(...samePoolPartners(tenants))
  return problems
}

export async function loadTenants(themes: readonly string[], dir = tenantsDir()): Promise<LoadedTenant[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.ts') && !NOT_CONFIG.has(f) && !f.endsWith('.test.ts')).sort()
  const problems: string[] = []
  const tenants: LoadedTenant[] = []
  for (const name of files) {
    const full = path.join(dir, name)
    const shown = path.relative(process.cwd(), full) || name
    let exported: unknown
    try {
      // The mtime query makes a changed file load anew instead of from the module cache.
      const version = Math.round((await stat(full)).mtimeMs)
      const mod = (await import(/* @vite-ignore */ `${pathToFileURL(full).href}?mtime=${version}`)) as { default?: unknown }
      exported = mod.default
    } catch (error) {
      problems.push(`${shown}: (file): cannot be loaded: ${(error as Error).message}`)
      continue
    }
    const result = checkTenantConfig(shown, exported, themes)
    problems.push(...result.problems)
    if (result.tenant && result.problems.length === 0) tenants.push(result.tenant)
  }
  if (files.length === 0) problems.push(`${dir}: no tenant files found`)
  problems.push(...checkTenantSet(tenants))
  if (problems.length > 0) throw new TenantConfigError(problems)
  return tenants
}
