// Installed-app mode (SPEC §2) in Chromium: each site has its own manifest (name, colours,
// icons from its theme); opened as the app (the manifest's start URL), a member gets a back
// button on a profile when there is a page to go back to, and nowhere else; outside the
// app there is none; a visitor in the app sees no entry warning.
import type { Page } from '@playwright/test'
import { expect, cspTest, test } from './fixtures.ts'
import { api, siteUrl } from './sites.ts'

async function logInDemo(page: Page, startUrl: string) {
  await page.goto(siteUrl('flirtlokaal', '/login'))
  await page.locator('input[name="email"]').fill('demo.flirtlokaal@example.com')
  await page.locator('input[name="password"]').fill('demo-password')
  await page.locator('form button[type="submit"]').filter({ hasText: 'Inloggen' }).click()
  await expect(page).toHaveURL(/\/members/)
  await page.goto(siteUrl('flirtlokaal', startUrl))
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
}

test('each site has its own web app manifest and icons', async ({ request }) => {
  const flirt = await request.get(...api('flirtlokaal', '/manifest.webmanifest'))
  expect(flirt.headers()['content-type']).toContain('application/manifest+json')
  const vibe = await (await request.get(...api('datevibe', '/manifest.webmanifest'))).json()
  const nl = await flirt.json()
  expect(nl).toMatchObject({ name: 'FlirtLokaal', display: 'standalone', start_url: '/members?app=1', theme_color: '#8e44ad', lang: 'nl' })
  expect(vibe).toMatchObject({ name: 'DateVibe', theme_color: '#0b7285', lang: 'en' })
  const icon = await request.get(...api('flirtlokaal', '/app-icon/192.png'))
  expect(icon.headers()['content-type']).toBe('image/png')
  const png = await icon.body()
  // PNG signature, then the IHDR width and height.
  expect(png.subarray(1, 4).toString()).toBe('PNG')
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([192, 192])
  expect((await request.get(...api('flirtlokaal', '/app-icon/100.png'))).status()).toBe(404)
})

test('in the app a profile has a back button when there is a page to go back to @phone', async ({ page }) => {
  await logInDemo(page, '/members?app=1')
  await expect(page.locator('html')).toHaveClass(/installed-app/)
  // The members list itself has none.
  await expect(page.getByRole('button', { name: 'Terug' })).toHaveCount(0)
  await page.locator('.search-page__results a[href^="/members/"]').first().click()
  await expect(page).toHaveURL(/\/members\/\d+$/)
  await page.getByRole('button', { name: 'Terug' }).click()
  await expect(page).toHaveURL(/\/members(\?|$)/)
})

test('outside the app a profile has no back button', async ({ page }) => {
  await logInDemo(page, '/members')
  await page.locator('.search-page__results a[href^="/members/"]').first().click()
  await expect(page).toHaveURL(/\/members\/\d+$/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Terug' })).toHaveCount(0)
  await expect(page.locator('html')).not.toHaveClass(/installed-app/)
})

cspTest('a visitor in the app sees no entry warning', async ({ page }) => {
  await page.goto(siteUrl('flirtlokaal', '/?app=1'))
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
  await page.waitForTimeout(500)
  await expect(page.getByRole('dialog')).toHaveCount(0)
})
