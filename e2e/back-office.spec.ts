// Issue #23 acceptance on the console host: a moderator finds a member by e-mail and bans
// them; the member's session ends on the next request, the login says the account is
// banned; after the unban the member logs in again. The member pages pass axe.
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { logInDutch, signUpDutch } from './members.ts'
import { expect, test } from './fixtures.ts'
import { E2E_PORT, siteUrl } from './sites.ts'

const consoleUrl = (path: string) => `http://operator.localhost:${E2E_PORT}${path}`

async function signIn(page: Page, email: string, password: string) {
  await page.goto(consoleUrl('/login'))
  await page.getByLabel('E-mailadres').fill(email)
  await page.getByLabel('Wachtwoord').fill(password)
  await page.getByRole('button', { name: 'Aanmelden' }).click()
}

test('a moderator bans a member, whose session ends on the next request', async ({ page, browser }) => {
  test.setTimeout(180_000)
  const member = await signUpDutch(page, 'flirtlokaal', 'woman')
  await page.goto(siteUrl('flirtlokaal', '/members'))
  await expect(page).toHaveURL(/\/members$/)

  const moderatorContext = await browser.newContext()
  const moderator = await moderatorContext.newPage()
  await signIn(moderator, 'moderator@console.example.com', 'demo-console-moderator')
  await expect(moderator).toHaveURL(/\/photos$/)
  await moderator.goto(consoleUrl('/members'))
  await moderator.getByLabel('Zoeken').fill(member.email)
  await moderator.getByRole('button', { name: 'Zoeken' }).click()
  await moderator.getByRole('link', { name: member.email }).click()
  await expect(moderator.getByTestId('member-status')).toContainText('Actief')
  expect((await new AxeBuilder({ page: moderator }).analyze()).violations).toEqual([])
  await moderator.getByLabel('Reden van de blokkade').fill('Vraagt om geld')
  await moderator.getByRole('button', { name: 'Blokkeren' }).click()
  await expect(moderator.getByRole('status')).toContainText('Het lid is geblokkeerd en overal uitgelogd.')
  await expect(moderator.getByTestId('member-status')).toContainText('Geblokkeerd')

  // The member's next request: no longer logged in (members-only pages send them to the login).
  await page.goto(siteUrl('flirtlokaal', '/chats'))
  await expect(page).toHaveURL(/\/login/)
  await page.goto(siteUrl('flirtlokaal', '/login'))
  await page.getByLabel('E-mailadres').fill(member.email)
  await page.getByLabel('Wachtwoord', { exact: true }).fill(member.password)
  await page.getByRole('button', { name: 'Inloggen' }).click()
  await expect(page.getByText('Dit account is geblokkeerd wegens een overtreding van de huisregels.')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Lees waarom' })).toHaveAttribute('href', '/pages/ban')

  await moderator.getByRole('button', { name: 'Blokkade opheffen' }).click()
  await expect(moderator.getByRole('status')).toContainText('De blokkade is opgeheven.')
  await logInDutch(page, 'flirtlokaal', member)
  await moderatorContext.close()
})
