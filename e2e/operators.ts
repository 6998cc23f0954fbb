// Console operators of their own for browser tests: made as `npm run operator:add` makes one
// (password piped in), then signed in with the second factor enrolled on the way.
import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { expect, type Page } from '@playwright/test'
import { getEnv } from '../app/modules/config/env.server.ts'
import { E2E_PORT } from './sites.ts'

export const consoleUrl = (p: string) => `http://operator.localhost:${E2E_PORT}${p}`
export const e2eDir = () => path.join(path.resolve(getEnv().DATA_DIR), 'e2e')

/** An operator of FlirtLokaal with this role (scripts/operator-add.ts against the e2e database). */
export async function addOperator(email: string, password: string, role: 'finance' | 'marketer' | 'moderator' | 'admin' = 'finance'): Promise<void> {
  const node = JSON.parse(readFileSync(path.join(e2eDir(), 'node.json'), 'utf8')) as { ownerDatabaseUrl: string }
  const child = promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/operator-add.ts', '--email', email, '--role', role, '--name', role[0]!.toUpperCase() + role.slice(1), '--sites', 'flirtlokaal'], {
    env: { ...process.env, DATABASE_URL: node.ownerDatabaseUrl },
    timeout: 60_000,
  })
  child.child.stdin?.end(`${password}\n`)
  await child
}

/** First sign-in: password, then the TOTP set-up (the key read off the page), recovery codes acknowledged. */
export async function signInFirstTime(page: Page, email: string, password: string): Promise<void> {
  await page.goto(consoleUrl('/login'))
  await page.getByLabel('E-mailadres').fill(email)
  await page.getByLabel('Wachtwoord').fill(password)
  await page.getByRole('button', { name: 'Aanmelden' }).click()
  await expect(page).toHaveURL(/\/login\/setup/)
  const key = (await page.locator('code.console-code').textContent())!.replace(/\s+/g, '')
  const { generateTOTP } = await import('@epic-web/totp')
  await page.getByRole('textbox', { name: 'Code' }).fill((await generateTOTP({ secret: key, period: 30, digits: 6, algorithm: 'SHA-1' })).otp)
  await page.getByRole('button', { name: 'Inschakelen' }).click()
  await page.getByRole('link', { name: 'Ik heb ze bewaard: verder' }).click()
}
