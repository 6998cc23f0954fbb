// The lander folders as scripts see them (tsx, no Vite): names and variant declarations.
// The app finds the same folders through Vite (registry.server.tsx).
import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { LanderDefinition } from './define.ts'

export const LANDERS_DIR = path.resolve(import.meta.dirname)

export function landerFolders(dir = LANDERS_DIR): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(path.join(dir, d.name, 'lander.ts')))
    .map((d) => d.name)
    .sort()
}

export async function landerDefinitions(dir = LANDERS_DIR): Promise<Map<string, LanderDefinition>> {
  const out = new Map<string, LanderDefinition>()
  for (const name of landerFolders(dir)) {
    const mod = (await import(pathToFileURL(path.join(dir, name, 'lander.ts')).href)) as { default: LanderDefinition }
    out.set(name, mod.default)
  }
  return out
}
