// /pricing: prices in the site's (or the visitor's) currency, formatted in the page's
// language, and no welcome-discount claim while checkout cannot grant it (#9).
import { expect, test } from './fixtures.ts'
import { siteUrl } from './sites.ts'

test('pricing shows euros in Dutch and in English, and promises no discount yet', async ({ page }) => {
  await page.goto(siteUrl('flirtlokaal', '/pricing'))
  await expect(page.getByTestId('bundle').first()).toContainText(/€\s?14,95/)
  await expect(page.getByRole('main')).not.toContainText(/korting/i)
  await page.goto(siteUrl('flirtlokaal', '/pricing?lng=en'))
  await expect(page.getByTestId('bundle').first()).toContainText('€14.95')
  await expect(page.getByRole('main')).not.toContainText(/discount/i)
})
