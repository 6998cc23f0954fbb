// tenant:check's lander part: lists the lander folders and refuses a tenant file that names
// a lander with no folder (or a member landing, which is never listed).
import { existsSync } from 'node:fs'
import path from 'node:path'
import { LANDERS_DIR, landerFolders } from '../../landers/catalog.ts'

const isMemberLanding = (name: string) => /^memberlanding/.test(name)

export function landerCheck(tenants: readonly { slug: string; landers: readonly string[] }[], dir = LANDERS_DIR): { lines: string[]; problems: string[] } {
  const folders = landerFolders(dir)
  const problems: string[] = []
  for (const t of tenants) {
    for (const name of t.landers) {
      if (!folders.includes(name) || !existsSync(path.join(dir, name, 'component.tsx'))) problems.push(`${t.slug}: landers: unknown lander "${name}"`)
      else if (isMemberLanding(name)) problems.push(`${t.slug}: landers: "${name}" is a member landing (always on), not a lander to list`)
    }
  }
  const lines = [`landers: ${folders.join(', ')}`, ...tenants.map((t) => `  ${t.slug.padEnd(16)} enabled: ${t.landers.join(', ') || 'none'}`)]
  return { lines, problems }
}
