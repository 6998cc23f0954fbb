import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'

const SOURCES = ['app', 'themes', 'landers', 'vite.config.ts', 'package-lock.json']
const BUILD_MARKER = 'build/server/index.js'

/**
 * The newest source file's time. Files only: a folder's own time changes when anything is
 * added and removed again (lander:new's test scaffolds a lander and deletes it), which would
 * turn a fresh build stale in the middle of a test run.
 */
function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0
  const info = statSync(entry)
  if (!info.isDirectory()) return info.mtimeMs
  return readdirSync(entry).reduce((max, child) => Math.max(max, newestMtime(path.join(entry, child))), 0)
}

/** True when there is no build, or a source file is newer than it. */
export function isBuildStale(): boolean {
  if (!existsSync(BUILD_MARKER)) return true
  const built = statSync(BUILD_MARKER).mtimeMs
  return SOURCES.some((source) => newestMtime(source) > built)
}
