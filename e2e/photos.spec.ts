// Issue #4 acceptance, photos: upload with GPS EXIF, inspection, operator approval, public
// display without EXIF; the free limit and premium; files that are not photos or too big.
import sharp from 'sharp'
import { fiftyMegapixelPng, jpegWithGps, textAsJpeg, tinyPng } from '../app/modules/photos/test-images.ts'
import { signUpDutch } from './members.ts'
import { expect, test } from './fixtures.ts'
import { E2E_PORT, siteUrl } from './sites.ts'

const SLUG = 'flirtlokaal'

test('a photo with GPS EXIF is stored without EXIF, inspected, approved and then public', async ({ page, browser }) => {
  test.setTimeout(90_000)
  const member = await signUpDutch(page, SLUG, 'woman')
  await page.goto(siteUrl(SLUG, '/profile/photos'))
  const original = await jpegWithGps()
  expect((await sharp(original).metadata()).exif).toBeDefined()
  await page.getByLabel("Kies foto's").setInputFiles({ name: 'vakantie.jpg', mimeType: 'image/jpeg', buffer: original })
  await page.getByRole('button', { name: "Foto's uploaden" }).click()
  await expect(page.getByText('vakantie.jpg is geüpload en wordt beoordeeld.')).toBeVisible()
  const card = page.getByRole('article', { name: 'Foto 1' })
  await expect(card.getByText('In beoordeling')).toBeVisible()

  // The stored file carries no EXIF (no GPS position). Under inspection only the member
  // (and the operator) gets it: the request carries the member's session cookie.
  const src = await card.locator('img').getAttribute('src')
  const cookie = (await page.context().cookies(siteUrl(SLUG, '/'))).map((c) => `${c.name}=${c.value}`).join('; ')
  const stored = await page.request.get(`http://127.0.0.1:${E2E_PORT}${src}`, { headers: { host: `${SLUG}.localhost:${E2E_PORT}`, cookie } })
  expect(stored.ok()).toBe(true)
  expect(stored.headers()['cache-control']).toBe('private, no-store')
  const anonymous = await page.request.get(`http://127.0.0.1:${E2E_PORT}${src}`, { headers: { host: `${SLUG}.localhost:${E2E_PORT}`, cookie: '' } })
  expect(anonymous.status()).toBe(404)
  const meta = await sharp(await stored.body()).metadata()
  expect(meta.exif).toBeUndefined()
  expect(meta.format).toBe('webp')

  // Not shown to others while under inspection.
  const profileUrl = await page.evaluate(() => fetch('/api/user').then((r) => r.json()).then((d: { user: { profile: { id: number } } }) => `/members/${d.user.profile.id}`))
  const visitor = await browser.newContext()
  const visitorPage = await visitor.newPage()
  await visitorPage.goto(siteUrl(SLUG, profileUrl))
  await expect(visitorPage.getByRole('heading', { name: member.name })).toBeVisible()
  await expect(visitorPage.getByRole('img', { name: `Foto van ${member.name}` })).toHaveCount(0)

  // An operator approves it.
  // On the operator console (its own host), as the demo moderator.
  const operator = await browser.newContext()
  const operatorPage = await operator.newPage()
  await operatorPage.goto(`http://operator.localhost:${E2E_PORT}/login`)
  await operatorPage.getByLabel('E-mailadres').fill('moderator@console.example.com')
  await operatorPage.getByLabel('Wachtwoord').fill('demo-console-moderator')
  await operatorPage.getByRole('button', { name: 'Aanmelden' }).click()
  // A moderator lands on the photo queue.
  await expect(operatorPage).toHaveURL(/\/photos$/)
  const queued = operatorPage.getByRole('article', { name: new RegExp(`Foto van ${member.name}`) })
  // The queue's image comes from the console host's own /media/ (operators of the pool only).
  await expect(queued.locator('img')).toHaveAttribute('src', /^\/media\//)
  await expect.poll(() => queued.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
  await queued.getByRole('button', { name: 'Goedkeuren' }).click()
  await expect(operatorPage.getByText(`De foto van ${member.name} is goedgekeurd.`)).toBeVisible()

  // Now public on the profile.
  await visitorPage.reload()
  const shown = visitorPage.getByRole('img', { name: `Foto van ${member.name}` }).first()
  await expect(shown).toBeVisible()
  await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
  await visitor.close()
  await operator.close()
})

test('a free member’s 4th photo is refused; premium members may add more', async ({ page }) => {
  test.setTimeout(90_000)
  await signUpDutch(page, SLUG, 'man')
  await page.goto(siteUrl(SLUG, '/profile/photos'))
  const files = await Promise.all(['#a33', '#3a3', '#33a', '#aa3'].map(async (c, i) => ({ name: `foto${i + 1}.png`, mimeType: 'image/png', buffer: await tinyPng(c) })))
  await page.getByLabel("Kies foto's").setInputFiles(files.slice(0, 3))
  await page.getByRole('button', { name: "Foto's uploaden" }).click()
  await expect(page.getByRole('article', { name: 'Foto 3' })).toBeVisible()
  await page.getByLabel("Kies foto's").setInputFiles([files[3]!])
  await page.getByRole('button', { name: "Foto's uploaden" }).click()
  await expect(page.getByText(/foto4\.png is niet geplaatst\. Gratis leden kunnen maximaal 3 foto's plaatsen/)).toBeVisible()
  await expect(page.getByRole('article', { name: 'Foto 4' })).toHaveCount(0)

  // Becoming premium (test hook standing in for the first purchase).
  // From the page itself: Node cannot resolve *.localhost, and the session cookie is here.
  const status = await page.evaluate(() => fetch('/__test/premium', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }).then((r) => r.status))
  expect(status).toBe(200)
  await page.goto(siteUrl(SLUG, '/profile/photos'))
  await page.getByLabel("Kies foto's").setInputFiles([files[3]!])
  await page.getByRole('button', { name: "Foto's uploaden" }).click()
  await expect(page.getByRole('article', { name: 'Foto 4' })).toBeVisible()
})

test('a text file renamed .jpg and a 50-megapixel PNG are refused and nothing is stored', async ({ page }) => {
  // A member of its own: the shared demo member is liked by other specs running at the same
  // time, and the live "liked you" pop-up would cover the upload button.
  await signUpDutch(page, SLUG, 'woman')
  await page.goto(siteUrl(SLUG, '/profile/photos'))
  const before = await page.getByRole('article').count()
  await page.getByLabel("Kies foto's").setInputFiles([
    { name: 'holiday.jpg', mimeType: 'image/jpeg', buffer: textAsJpeg() },
    { name: 'enorm.png', mimeType: 'image/png', buffer: await fiftyMegapixelPng() },
  ])
  await page.getByRole('button', { name: "Foto's uploaden" }).click()
  await expect(page.getByText(/holiday\.jpg is geen foto/)).toBeVisible()
  await expect(page.getByText('enorm.png is te groot: maximaal 40 megapixels per foto.')).toBeVisible()
  await page.reload()
  await expect(page.getByRole('article')).toHaveCount(before)
})
