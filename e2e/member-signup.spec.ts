// /members/{id}/signup without JavaScript (SPEC §1, §2): a visitor signs up with a first
// message to a member. An empty message is refused at the field with the choices kept;
// the message typed survives a mistake on a later step; the account is created and the
// member continues with the photo step. No credit number is shown anywhere on the way.
import { expect, test } from './fixtures.ts'
import { unique } from './members.ts'
import { siteUrl } from './sites.ts'

test.use({ javaScriptEnabled: false })

test('a visitor signs up with a first message to a member, without JavaScript', async ({ page }) => {
  await page.goto(siteUrl('flirtlokaal', '/members'))
  const href = await page.locator('a[href^="/members/"]').filter({ has: page.getByRole('article') }).first().getAttribute('href')
  const id = /\/members\/(\d+)/.exec(href ?? '')?.[1]
  expect(id).toBeTruthy()
  await page.goto(siteUrl('flirtlokaal', `/members/${id}`))
  await page.getByRole('link', { name: 'Bericht sturen' }).click()
  await expect(page).toHaveURL(new RegExp(`/members/${id}/signup$`))
  const box = page.getByRole('textbox', { name: /Je bericht aan/ })

  await page.getByLabel('Man', { exact: true }).check()
  await page.getByLabel('Hetero', { exact: true }).check()
  await page.getByRole('button', { name: 'Volgende' }).click()
  await expect(page.getByText('Schrijf eerst een bericht.')).toBeVisible()
  await expect(page.getByLabel('Man', { exact: true })).toBeChecked()

  const message = 'Hoi! <b>Zin</b> in een drankje?'
  await box.fill(message)
  await page.getByRole('button', { name: 'Volgende' }).click()
  await page.getByLabel('Geboortedatum').fill('1990-02-20')
  await page.getByLabel('Provincie').selectOption('NH')
  await page.getByRole('button', { name: 'Volgende' }).click()
  await page.getByLabel('Profielnaam').fill(`P${unique().slice(-8)}`)
  await page.getByLabel('E-mailadres').fill('not-an-address')
  await page.getByLabel('Wachtwoord', { exact: true }).fill('Correct horse 42')
  await page.getByRole('button', { name: 'Account aanmaken' }).click()
  // Refused at the field; the message is still carried along.
  await expect(page.locator('input[type="hidden"][name="signupMessage"]')).toHaveValue(message)
  await page.getByLabel('E-mailadres').fill(`ms.${unique()}@example.test`)
  await page.getByLabel('Wachtwoord', { exact: true }).fill('Correct horse 42')
  await page.getByRole('button', { name: 'Account aanmaken' }).click()
  await expect(page).toHaveURL(/\/signup\?step=3$/)
  await expect(page.getByTestId('credits-badge')).toHaveCount(0)
  await expect(page.locator('body')).not.toContainText(/\d+ credits/i)
})
