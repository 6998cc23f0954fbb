// /pricing: prices in the site's (or the visitor's) currency, formatted in the page's
// language, and the welcome-discount claim now that checkout grants it (decision 015);
// a logged-in member is never shown the signup button.
import { expect, test } from './fixtures.ts'
import { signUpDutch } from './members.ts'
import { siteUrl } from './sites.ts'

test('pricing shows euros in Dutch and in English, with the welcome discount checkout honours', async ({ page }) => {
  await page.goto(siteUrl('flirtlokaal', '/pricing'))
  await expect(page.getByTestId('bundle').first()).toContainText(/€\s?14,95/)
  await expect(page.getByRole('main')).toContainText(/welkomstkorting van 25%/i)
  await expect(page.getByRole('main').getByRole('link', { name: 'Gratis aanmelden' })).toBeVisible()
  await page.goto(siteUrl('flirtlokaal', '/pricing?lng=en'))
  await expect(page.getByTestId('bundle').first()).toContainText('€14.95')
  await expect(page.getByRole('main')).toContainText(/25% welcome discount/i)
})

test('a member on /pricing is sent to premium, not to signup', async ({ page }) => {
  await signUpDutch(page, 'flirtlokaal', 'woman')
  await page.goto(siteUrl('flirtlokaal', '/pricing'))
  await expect(page.getByRole('main').getByRole('link', { name: 'Gratis aanmelden' })).toHaveCount(0)
  await page.getByRole('main').getByRole('link', { name: 'Word premium' }).click()
  await expect(page).toHaveURL(/\/premium$/)
})
