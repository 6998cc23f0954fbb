// Landers in Chromium (SPEC §2, decision 014): each site's landers with its pool's members and
// language, the logo bar only, 404 for a lander the site does not list, signup as a modal on
// desktop and as a page on phones, and with JavaScript off; the traffic source
// (network=x&sub1=y) reaches the stored account.
import { expect, type Page } from '@playwright/test'
import { test } from './fixtures.ts'
import { siteUrl } from './sites.ts'

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`

type Stored = { tracking: Record<string, string> | null; stats: { lander: string; variant: string; source: string; visits: number; signups: number }[] }

async function stored(page: Page, slug: string): Promise<Stored> {
  // Through the page (Node cannot resolve *.localhost; the page has the session cookie).
  const response = await page.goto(siteUrl(slug, '/__test/tracking'))
  expect(response?.status()).toBe(200)
  return JSON.parse(await page.locator('body').innerText()) as Stored
}

/** Steps 0-2 of the Dutch signup form in `form` (a dialog or the page). */
async function fillSignup(form: ReturnType<Page['getByRole']>, email: string) {
  await form.getByLabel('Vrouw', { exact: true }).check()
  await form.getByLabel('Hetero', { exact: true }).check()
  await form.getByRole('button', { name: 'Volgende' }).click()
  await form.getByLabel('Geboortedatum').fill('1991-03-15')
  await form.getByLabel('Provincie').selectOption('NH')
  await form.getByRole('button', { name: 'Volgende' }).click()
  await form.getByLabel('Profielnaam').fill(`Lander${unique().slice(0, 6)}`)
  await form.getByLabel('E-mailadres').fill(email)
  await form.getByLabel('Wachtwoord', { exact: true }).fill('Correct horse 42')
  await form.getByRole('button', { name: 'Account aanmaken' }).click()
}

test('a Dutch and an English site show their own landers with their members; others 404 @phone', async ({ page }) => {
  await page.goto(siteUrl('flirtlokaal', '/landers/gallery/a'))
  await expect(page.getByRole('heading', { level: 1, name: 'De galerij van FlirtLokaal' })).toBeVisible()
  expect(await page.locator('[data-member]').count()).toBeGreaterThan(3)
  // The lander layout: the logo bar, no navigation and no footer.
  await expect(page.locator('.logo-bar')).toBeVisible()
  await expect(page.locator('.top-nav')).toHaveCount(0)
  await expect(page.locator('footer')).toHaveCount(0)

  await page.goto(siteUrl('datevibe', '/landers/socialnetwork/a'))
  await expect(page.getByRole('heading', { level: 1, name: 'The social network for dating' })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', /^en/)
  expect(await page.locator('.feed__post').count()).toBeGreaterThan(2)

  const refused = await page.goto(siteUrl('datevibe', '/landers/adultonly'))
  expect(refused?.status()).toBe(404)
  await expect(page.getByText('This page could not be found')).toBeVisible()
})

test('desktop: a lander call to action opens the signup modal and the account keeps network and sub1', async ({ page }) => {
  await page.goto(siteUrl('flirtlokaal', '/landers/tinderswipe/b?network=x&sub1=y'))
  await expect(page.getByRole('heading', { level: 1, name: 'Wie vind jij leuk?' })).toBeVisible()
  await page.getByRole('link', { name: 'Begin met swipen' }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toBeVisible()
  expect(page.url()).toContain('/landers/tinderswipe/b')
  await fillSignup(dialog, `lander.${unique()}@example.test`)
  await expect(dialog.getByRole('button', { name: 'Later toevoegen' })).toBeVisible()
  const { tracking, stats } = await stored(page, 'flirtlokaal')
  expect(tracking).toEqual({ network: 'x', sub1: 'y', lander: 'tinderswipe', variant: 'b' })
  expect(stats.find((s) => s.lander === 'tinderswipe' && s.variant === 'b' && s.source === 'x')?.signups).toBeGreaterThanOrEqual(1)
})

test('phone: a lander call to action opens the signup page with the traffic source @phone-only', async ({ page }) => {
  await page.goto(siteUrl('datedichtbij', '/landers/whoneedsstrings?network=x&sub1=y'))
  await page.getByRole('link', { name: 'Maak gratis een profiel' }).click()
  await expect(page).toHaveURL(/\/signup\?network=x&sub1=y$/)
  await expect(page.getByRole('dialog')).toHaveCount(0)
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('a lander renders and its signup form works, keeping the traffic source', async ({ page }) => {
    await page.goto(siteUrl('flirtlokaal', '/landers/adultonly/a?network=x&sub1=y'))
    await expect(page.getByRole('heading', { level: 1, name: 'Alleen voor volwassenen' })).toBeVisible()
    expect(await page.locator('[data-member]').count()).toBeGreaterThan(3)
    await page.getByRole('link', { name: 'Ja, ik ben 18+' }).click()
    await expect(page).toHaveURL(/\/signup\?network=x&sub1=y$/)
    await fillSignup(page.getByRole('main'), `nojs.${unique()}@example.test`)
    await expect(page.getByRole('button', { name: 'Later toevoegen' })).toBeVisible()
    const { tracking } = await stored(page, 'flirtlokaal')
    expect(tracking).toEqual({ network: 'x', sub1: 'y', lander: 'adultonly', variant: 'a' })
  })
})
