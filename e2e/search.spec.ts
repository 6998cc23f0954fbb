// Issue #4 acceptance, search and visibility: two sites of one pool show the same members,
// a site of another pool none of them; a blocked member cannot open the blocker's profile;
// an invisible member is absent from search.
import type { Page } from '@playwright/test'
import { signUpDutch } from './members.ts'
import { expect, test } from './fixtures.ts'
import { siteUrl } from './sites.ts'

const ownProfileId = (page: Page) =>
  page.evaluate(() => fetch('/api/user').then((r) => r.json()).then((d: { user: { profile: { id: number } } }) => d.user.profile.id))

test('pool-wide search, blocking and invisible mode', async ({ page, browser }) => {
  test.setTimeout(120_000)
  // Anna joins on one site of the benelux pool, Bram on the other.
  const anna = await signUpDutch(page, 'flirtlokaal', 'woman')
  const annaId = await ownProfileId(page)
  const bramContext = await browser.newContext()
  await bramContext.addInitScript(() => window.localStorage.setItem('skipped', '1'))
  const bram = await bramContext.newPage()
  await signUpDutch(bram, 'datedichtbij', 'man', 'UT')
  const bramId = await ownProfileId(bram)

  // Both sites of the pool find Anna (she is the most recently active woman).
  await bram.goto(siteUrl('datedichtbij', '/members?gender=woman'))
  await expect(bram.getByRole('article', { name: anna.name })).toBeVisible()
  const visitor = await browser.newContext()
  await visitor.addInitScript(() => window.localStorage.setItem('skipped', '1'))
  const visitorPage = await visitor.newPage()
  await visitorPage.goto(siteUrl('flirtlokaal', '/members?gender=woman'))
  await expect(visitorPage.getByRole('article', { name: anna.name })).toBeVisible()
  // A site of another pool shows none of them, and her profile does not exist there.
  await visitorPage.goto(siteUrl('datevibe', '/members?gender=woman'))
  await expect(visitorPage.getByRole('article').first()).toBeVisible()
  await expect(visitorPage.getByRole('article', { name: anna.name })).toHaveCount(0)
  const foreign = await visitorPage.goto(siteUrl('datevibe', `/members/${annaId}`))
  expect(foreign?.status()).toBe(404)

  // Anna blocks Bram: he can no longer open her profile.
  await page.goto(siteUrl('flirtlokaal', `/members/${bramId}`))
  await page.getByRole('button', { name: /blokkeren/ }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Ja, blokkeren' }).click()
  await expect(page.getByTestId('toast')).toContainText('geblokkeerd')
  const blocked = await bram.goto(siteUrl('datedichtbij', `/members/${annaId}`))
  expect(blocked?.status()).toBe(404)

  // Anna turns on invisible mode: visitors no longer find her.
  await page.goto(siteUrl('flirtlokaal', '/settings'))
  await page.getByLabel('Onzichtbaar voor andere leden').check()
  await page.getByRole('button', { name: 'Onzichtbare modus opslaan' }).click()
  await expect(page.getByText('De onzichtbare modus staat aan.')).toBeVisible()
  await visitorPage.goto(siteUrl('flirtlokaal', '/members?gender=woman'))
  await expect(visitorPage.getByRole('article').first()).toBeVisible()
  await expect(visitorPage.getByRole('article', { name: anna.name })).toHaveCount(0)
  // She still sees her own profile.
  const own = await page.goto(siteUrl('flirtlokaal', `/members/${annaId}`))
  expect(own?.status()).toBe(200)

  await bramContext.close()
  await visitor.close()
})
