// Live cam items (SPEC §1) in Chromium: on the home and members pages of a site that enables
// them, labelled 'live now' or 'featured', each leading to its operator-run profile; a site
// without them shows none.
import { expect, test } from './fixtures.ts'
import { siteUrl } from './sites.ts'

test('live cam items are labelled live now and featured on home and members pages @phone', async ({ page }) => {
  await page.goto(siteUrl('flirtlokaal'))
  const cams = page.getByRole('region', { name: 'Live cams' })
  await expect(cams.getByText('Live nu', { exact: true })).toHaveCount(2)
  await expect(cams.getByText('Uitgelicht', { exact: true })).toHaveCount(2)
  // Operator-run profiles: the fictional label is on every one.
  await expect(cams.locator('.member-card')).toHaveCount(4)
  await cams.getByRole('link').first().click()
  await expect(page).toHaveURL(/\/members\/\d+$/)

  // As many items as the pool has operator-run profiles with a photo, up to 4; 2 live.
  await page.goto(siteUrl('datevibe', '/members'))
  const vibeCams = page.getByRole('region', { name: 'Live cams' })
  const items = await vibeCams.locator('.member-card').count()
  expect(items).toBeGreaterThan(0)
  await expect(vibeCams.getByText('Live now', { exact: true })).toHaveCount(Math.min(2, items))
  await expect(vibeCams.getByText('Featured', { exact: true })).toHaveCount(items - Math.min(2, items))

  await page.goto(siteUrl('datedichtbij'))
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Live cams' })).toHaveCount(0)
})
