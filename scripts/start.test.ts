// `npm start` as a deployment refuses to start without what production needs, before it
// touches a database, naming each missing variable on its own line.
import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'

function start(env: Record<string, string>) {
  const base: Record<string, string | undefined> = { ...process.env }
  for (const name of ['SMTP_URL', 'APP_DATABASE_URL', 'OPERATOR_HOST', 'E2E_TEST_HOOKS']) delete base[name]
  return spawnSync(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], { env: { ...base, ...env } as NodeJS.ProcessEnv, encoding: 'utf8', timeout: 60_000 })
}

describe('npm start in production mode', () => {
  it('exits with one line per missing variable', { timeout: 90_000 }, () => {
    // Port 1: were the database contacted, the error would be a connection failure instead.
    const run = start({ NODE_ENV: 'production', DATABASE_URL: 'postgresql://owner@127.0.0.1:1/dating' })
    expect(run.status).toBe(1)
    const lines = run.stderr.split('\n')
    expect(lines).toContain('Cannot start: the environment is not valid.')
    for (const name of ['SMTP_URL', 'APP_DATABASE_URL', 'OPERATOR_HOST']) {
      expect(lines.filter((line) => line.startsWith(`  - ${name} is required in production`))).toHaveLength(1)
    }
  })

  it('names only what is missing', { timeout: 90_000 }, () => {
    const run = start({ NODE_ENV: 'production', DATABASE_URL: 'postgresql://owner@127.0.0.1:1/dating', APP_DATABASE_URL: 'postgresql://app@127.0.0.1:1/dating', OPERATOR_HOST: 'console.example.com' })
    expect(run.status).toBe(1)
    expect(run.stderr).toContain('  - SMTP_URL is required in production')
    expect(run.stderr).not.toMatch(/APP_DATABASE_URL is required|OPERATOR_HOST is required/)
  })

  it('a node with the runtime role alone checks everything first: variables, Mollie keys, the sandbox endpoint', { timeout: 90_000 }, () => {
    const run = start({ NODE_ENV: 'production', APP_DATABASE_URL: 'postgresql://app@127.0.0.1:1/dating', PROCESS_ROLE: 'both', MOLLIE_API_ENDPOINT: 'https://127.0.0.1:3443/v2', DATABASE_URL: '' })
    expect(run.status).toBe(1)
    const lines = run.stderr.split('\n')
    expect(lines).toContain('Cannot start: the environment is not valid.')
    for (const start of ['PROCESS_ROLE: ', 'SMTP_URL is required', 'OPERATOR_HOST is required', 'MOLLIE_API_ENDPOINT points at this machine', 'MOLLIE_API_KEY_FLIRTLOKAAL is required in production']) {
      expect(lines.filter((line) => line.startsWith(`  - ${start}`)), start).toHaveLength(1)
    }
    // Nothing was contacted: no connection error on port 1.
    expect(run.stderr).not.toMatch(/ECONNREFUSED/)
  })
})
