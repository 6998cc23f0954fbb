// A client that survives bad networks (SPEC §4, §7, §9) in Chromium: API calls say they come
// from the client and are retried through failing answers; code for the navigation's pages
// is prefetched once the page is idle for 2 s; a route chunk that fails to load reloads the
// page once, and within the next 60 s shows the error page instead of reloading again.
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { siteUrl } from './sites.ts'

async function logInDemo(page: Page) {
  await page.goto(siteUrl('flirtlokaal', '/login'))
  await page.locator('input[name="email"]').fill('demo.flirtlokaal@example.com')
  await page.locator('input[name="password"]').fill('demo-password')
  await page.locator('form button[type="submit"]').filter({ hasText: 'Inloggen' }).click()
  await expect(page).toHaveURL(/\/members/)
}

test('the periodic refresh says it is the client and is retried through 503s', async ({ page }) => {
  const calls: { type: string | null; status: number }[] = []
  let failures = 2
  await page.route('**/api/chats?totals=1', async (route) => {
    const type = route.request().headers()['x-request-type'] ?? null
    if (failures > 0) {
      failures--
      calls.push({ type, status: 503 })
      return route.fulfill({ status: 503, body: '' })
    }
    calls.push({ type, status: 200 })
    return route.continue()
  })
  await logInDemo(page)
  // The first refresh is 5 s after load; two failures then cost 0.3 + 0.6 s more.
  await expect.poll(() => calls.map((c) => c.status), { timeout: 15_000 }).toEqual([503, 503, 200])
  expect(calls.every((c) => c.type === 'client')).toBe(true)
})

test('the navigation’s page code is prefetched after 2 s idle', async ({ page }) => {
  await page.goto(siteUrl('flirtlokaal'))
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
  // Known once lazy route discovery has seen the footer's link.
  const moduleOf = () => page.evaluate(() => (window as unknown as { __remixManifest: { routes: Record<string, { module: string }> } }).__remixManifest.routes['routes/_default.pricing']?.module ?? null)
  await expect.poll(moduleOf).not.toBeNull()
  const pricingModule = await moduleOf()
  await expect.poll(() => page.locator(`link[rel="modulepreload"][href="${pricingModule}"]`).count(), { timeout: 6_000 }).toBe(1)
})

test('a route chunk that fails to load reloads the page once, then loads pages as documents within 60 s', async ({ page }) => {
  await page.route(/\/assets\/_default\.pricing-[^/]+\.js$/, (route) => route.abort('failed'))
  let loads = 0
  page.on('load', () => void loads++)
  await page.goto(siteUrl('flirtlokaal'))
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
  await page.locator('footer').getByRole('link', { name: 'Prijzen' }).click()
  await expect.poll(() => loads, { timeout: 10_000 }).toBe(2)
  await expect(page).toHaveURL(siteUrl('flirtlokaal', '/'))
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
  // Again within the minute: no second reload of this page; the page asked for is loaded as
  // a document instead (rendered whole by the server), never a blank page or a loop.
  await page.locator('footer').getByRole('link', { name: 'Prijzen' }).click()
  await expect(page).toHaveURL(siteUrl('flirtlokaal', '/pricing'))
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.waitForTimeout(1_000)
  expect(loads).toBe(3)
})
