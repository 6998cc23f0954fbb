// The 404 page and the generic error page (SPEC §2, §8): inside the site's navigation and
// footer, with a <title>, the status and a message; never an internal error text.
import { expect, test } from './fixtures.ts'
import { SITES, siteUrl } from './sites.ts'

const SECRET = 'ECONNREFUSED'

for (const site of SITES.filter((s) => s.slug !== 'datedichtbij')) {
  const nl = site.lang === 'nl'
  test(`${site.name}: the 404 page has a title and keeps the navigation and footer @phone`, async ({ page }) => {
    const response = await page.goto(siteUrl(site.slug, '/no/such/page'))
    expect(response?.status()).toBe(404)
    const text = nl ? 'Deze pagina kon niet worden gevonden' : 'This page could not be found'
    await expect(page).toHaveTitle(`${text} - ${site.name}`)
    await expect(page.getByRole('heading', { level: 1, name: text })).toBeVisible()
    await expect(page.getByTestId('error-page')).toContainText('404')
    await expect(page.getByRole('banner').getByRole('link', { name: site.name })).toBeVisible()
    await expect(page.getByTestId('company')).toContainText(site.company)
    // The same for a static page that does not exist and for a member out of reach.
    await page.goto(siteUrl(site.slug, '/pages/nothing'))
    await expect(page).toHaveTitle(`${text} - ${site.name}`)
    await page.goto(siteUrl(site.slug, '/members/999999999'))
    await expect(page).toHaveTitle(`${text} - ${site.name}`)
  })
}

test('an unexpected error inside the default layout: navigation and footer stay, only the generic text with 500 @phone', async ({ page }) => {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  const response = await page.goto(siteUrl('flirtlokaal', '/__test/error?kind=unexpected'))
  expect(response?.status()).toBe(500)
  const generic = 'Er is een fout opgetreden, probeer het later opnieuw.'
  await expect(page.getByRole('heading', { level: 1, name: generic })).toBeVisible()
  await expect(page.getByTestId('error-page')).toContainText('500')
  await expect(page).toHaveTitle(`${generic} - FlirtLokaal`)
  await expect(page.getByRole('navigation', { name: 'Hoofdmenu' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Inloggen' })).toBeVisible()
  await expect(page.getByTestId('company')).toContainText('Lokaal Media B.V.')
  // Neither the HTML nor the hydrated page carries the error's own text.
  expect(await response!.text()).not.toContain(SECRET)
  await page.waitForLoadState('networkidle')
  expect(await page.content()).not.toContain(SECRET)
  expect(errors).toEqual([])
  // The navigation still works from there.
  await page.getByRole('link', { name: 'Terug naar de homepage' }).click()
  await expect(page).toHaveURL(siteUrl('flirtlokaal'))
})

test('a thrown Response shows its message, or the text of its status, with the status', async ({ page }) => {
  const response = await page.goto(siteUrl('datevibe', '/__test/error?kind=response&status=403'))
  expect(response?.status()).toBe(403)
  await expect(page.getByRole('heading', { level: 1, name: 'You do not have access to this page.' })).toBeVisible()
  await expect(page.getByTestId('error-page')).toContainText('403')
  await expect(page.getByTestId('company')).toContainText('Vibe Interactive Ltd')
  const conflict = await page.goto(siteUrl('flirtlokaal', '/__test/error?kind=message'))
  expect(conflict?.status()).toBe(409)
  await expect(page.getByRole('heading', { level: 1, name: 'Dit profiel is intussen gewijzigd.' })).toBeVisible()
})

test('an error during client-side navigation stays inside the layout', async ({ page }) => {
  await page.goto(siteUrl('flirtlokaal', '/pricing'))
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
  // A navigation the app makes itself (a data request, no document), as a <Link> would.
  const data = page.waitForResponse((r) => r.url().includes('/__test/error.data'))
  await page.evaluate(() => (window as unknown as { __remixRouter: { navigate: (to: string) => Promise<void> } }).__remixRouter.navigate('/__test/error?kind=unexpected'))
  expect(await (await data).text()).not.toContain(SECRET)
  await expect(page.getByRole('heading', { level: 1, name: 'Er is een fout opgetreden, probeer het later opnieuw.' })).toBeVisible()
  await expect(page.getByTestId('company')).toBeVisible()
  expect(await page.content()).not.toContain(SECRET)
})
