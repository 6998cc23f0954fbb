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

// SPEC §2/§9: on the chat, lander and empty layouts the warning is limited to NL and DE. The
// country comes from the proxy's header (CF-IPCountry here, as Cloudflare sends it).
for (const [country, shown] of [['NL', true], ['GB', false]] as const) {
  test(`on a lander the entry warning shows ${shown ? 'once' : 'not'} for a visitor from ${country}`, async ({ browser }) => {
    const context = await browser.newContext({ extraHTTPHeaders: { 'cf-ipcountry': country } })
    const page = await context.newPage()
    await page.goto(siteUrl('flirtlokaal', '/landers/gallery/a'))
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    const dialog = page.getByRole('dialog', { name: 'Alleen voor volwassenen' })
    if (shown) {
      await expect(dialog).toBeVisible()
      await dialog.getByRole('button', { name: 'Ik ben 18+ en ga verder' }).click()
      await expect(dialog).toBeHidden()
      await page.goto(siteUrl('flirtlokaal', '/landers/iconslanding'))
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    } else {
      await page.waitForLoadState('networkidle')
    }
    // Once: after it was closed (or never shown) a further lander page shows none.
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await context.close()
  })
}
