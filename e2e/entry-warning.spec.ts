import { expect, cspTest as test } from './fixtures.ts'
import { siteUrl } from './sites.ts'

test('the entry warning shows once, survives Escape, and is remembered @phone', async ({ page }) => {
  await page.goto(siteUrl('flirtlokaal'))
  const dialog = page.getByRole('dialog', { name: 'Alleen voor volwassenen' })
  await expect(dialog).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Ik ben 18+ en ga verder' }).click()
  await expect(dialog).toBeHidden()
  const skipped = await page.evaluate(() => window.localStorage.getItem('skipped'))
  expect(Number(skipped)).toBeGreaterThan(Date.now() - 60_000)
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByRole('dialog')).toHaveCount(0)
})

test('a site with enable_site_entry_popup off shows no entry warning', async ({ page }) => {
  await page.goto(siteUrl('datevibe'))
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.waitForLoadState('networkidle')
  await expect(page.getByRole('dialog')).toHaveCount(0)
})
