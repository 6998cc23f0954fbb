import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { api, SITES, siteUrl } from './sites.ts'

function collectErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  return errors
}

for (const site of SITES) {
  test.describe(site.name, () => {
    test(`home page shows the brand, theme, language and company @phone`, async ({ page }) => {
      const errors = collectErrors(page)
      const response = await page.goto(siteUrl(site.slug))
      expect(response?.status()).toBe(200)
      await expect(page).toHaveTitle(new RegExp(site.name))
      await expect(page.locator('html')).toHaveAttribute('lang', site.lang)
      await expect(page.getByRole('link', { name: site.name }).first()).toBeVisible()
      const primary = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim())
      expect(primary).toBe(site.primary)
      await expect(page.getByTestId('company')).toContainText(site.company)
      await expect(page.getByRole('banner').getByRole('link', { name: site.login })).toBeVisible()
      // DateVibe takes signups only with a traffic source: without one it says what a visitor can do instead.
      await expect(page.getByTestId('signup-closed')).toHaveCount(site.slug === 'datevibe' ? 1 : 0)
      // Demo members of the site's pool, with their generated photos.
      const cards = page.getByRole('article')
      await expect(cards.first()).toBeVisible()
      expect(await cards.count()).toBeGreaterThan(3)
      // Photos load lazily: bring the first card into view, then wait for the decoded image.
      const photo = page.locator('article img').first()
      await photo.scrollIntoViewIfNeeded()
      await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0)
      // Hydrated, without errors.
      await page.waitForLoadState('networkidle')
      expect(errors).toEqual([])
    })

    test('footer links lead to real pages', async ({ page }) => {
      await page.goto(siteUrl(site.slug))
      const footer = page.getByRole('contentinfo')
      const links = footer.getByRole('navigation').getByRole('link')
      expect(await links.count()).toBe(9)
      for (const href of await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')!))) {
        const response = await page.request.get(...api(site.slug, href))
        expect(response.status(), href).toBe(200)
      }
      await links.first().click()
      await expect(page).toHaveURL(/\/pages\/terms$/)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expect(page.getByRole('article')).toContainText(site.company)
    })

    test('an unknown path shows the 404 page inside the site', async ({ page }) => {
      const response = await page.goto(siteUrl(site.slug, '/this/does/not/exist'))
      expect(response?.status()).toBe(404)
      const title = site.lang === 'en' ? 'This page could not be found' : 'Deze pagina kon niet worden gevonden'
      await expect(page.getByRole('heading', { name: title })).toBeVisible()
      await expect(page.getByTestId('company')).toContainText(site.company)
      await page.getByRole('link', { name: site.lang === 'en' ? 'Back to the home page' : 'Terug naar de homepage' }).click()
      await expect(page).toHaveURL(siteUrl(site.slug))
    })

    test(`the language menu ${site.languages ? 'is offered' : 'is hidden (one locale)'}`, async ({ page }) => {
      await page.goto(siteUrl(site.slug))
      await expect(page.getByText(site.lang.toUpperCase(), { exact: true })).toHaveCount(site.languages ? 1 : 0)
    })
  })
}

test('switching language on a Dutch site is remembered', async ({ page }) => {
  await page.goto(siteUrl('flirtlokaal'))
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl')
  await page.getByText('NL', { exact: true }).click()
  await page.getByRole('button', { name: 'English' }).click()
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible()
  const cookies = await page.context().cookies()
  const lng = cookies.find((c) => c.name === 'lng')
  // Remix cookies hold a base64-encoded JSON value.
  expect(JSON.parse(atob(decodeURIComponent(lng!.value)))).toBe('en')
  expect(lng!.expires - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600)
  await page.goto(siteUrl('flirtlokaal', '/pricing'))
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await expect(page.getByRole('heading', { name: 'Pricing' })).toBeVisible()
})

test('/lang-config works without JavaScript and rejects an unknown locale', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  // Past the 18+ entry warning, which the server draws until its cookie is set.
  await context.addCookies([{ name: 'entry_warning_seen', value: '1', url: siteUrl('datedichtbij') }])
  const page = await context.newPage()
  await page.goto(siteUrl('datedichtbij', '/lang-config'))
  await page.getByLabel('English').check()
  await page.getByRole('button', { name: 'Opslaan' }).click()
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  const [url, init] = api('datedichtbij', '/lang-config')
  const bad = await page.request.post(url, { ...init, form: { locale: 'xx' } })
  expect(bad.status()).toBe(400)
  await context.close()
})

test('an unknown host gets a 404 page without any site content', async ({ page }) => {
  const response = await page.goto(siteUrl('nosuchsite'))
  expect(response?.status()).toBe(404)
  await expect(page.getByText('This page could not be found')).toBeVisible()
  const html = await page.content()
  for (const site of SITES) expect(html).not.toContain(site.name)
})

test('prices differ per site', async ({ page }) => {
  await page.goto(siteUrl('flirtlokaal', '/pricing'))
  await expect(page.getByTestId('bundle').first()).toContainText('€')
  await page.goto(siteUrl('datevibe', '/pricing'))
  await expect(page.getByTestId('bundle').first()).toContainText('£')
})

test('a document carries only its page’s translations; a client navigation loads the next page’s', async ({ page }) => {
  const errors = collectErrors(page)
  await page.goto(siteUrl('flirtlokaal'))
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
  const carried = await page.locator('#i18n-data').evaluate((el) => Object.keys((JSON.parse(el.textContent ?? '{}') as { urls: object }).urls))
  // The default layout's namespaces; neither 'account' nor 'signup' (the modal loads on intent).
  expect(carried).toEqual(['common', 'profile'])
  // As files of their own (content-hashed, preloaded), not inside the HTML.
  expect(await page.locator('#i18n-data').textContent()).not.toContain('"nav":{')
  const preloads = await page.locator('link[rel="preload"][as="fetch"]').evaluateAll((links) => links.map((l) => l.getAttribute('href')))
  expect(preloads).toEqual([expect.stringMatching(/^\/assets\/i18n\/nl\/common\.[A-Za-z0-9_-]{12}\.json$/), expect.stringMatching(/^\/assets\/i18n\/nl\/profile\./)])
  // The login page needs the 'account' namespace, which the home document did not carry.
  await page.getByRole('link', { name: 'Inloggen' }).first().click()
  await expect(page).toHaveURL(/\/login/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Inloggen')
  await expect(page.getByLabel('Wachtwoord', { exact: true })).toBeVisible()
  expect(await page.locator('body').innerText()).not.toMatch(/\blogin\.[a-z]+/)
  expect(errors).toEqual([])
})
