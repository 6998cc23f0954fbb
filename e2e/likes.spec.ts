// Issue #5 acceptance, likes: two members on two sites of one pool. A likes B, B gets
// 'New like!' live and the badge, opens A from likes and the badge clears, likes back, both
// see 'It's a Match' and each other under matches; unlike ends it. A member of another
// pool can neither like, see nor be liked by them (hand-made requests get 404).
import type { Page } from '@playwright/test'
import { signUpDateVibe, signUpDutch } from './members.ts'
import { expect, test } from './fixtures.ts'
import { siteUrl } from './sites.ts'

const ownProfileId = (page: Page) =>
  page.evaluate(() => fetch('/api/user').then((r) => r.json()).then((d: { user: { profile: { id: number } } }) => d.user.profile.id))

const likesBadge = (page: Page) => page.getByRole('banner').getByTestId('likes-badge')

/** A hand-made like, as a script on the page would send it. */
const craftedLike = (page: Page, profileId: number) =>
  page.evaluate(
    (id) => fetch('/api/likes', { method: 'POST', headers: { Accept: 'application/json' }, body: new URLSearchParams({ intent: 'like', profileId: String(id) }) }).then((r) => r.status),
    profileId,
  )

test('like, new-like pop-up and badge, like back to a match, unlike', async ({ page, browser }) => {
  test.setTimeout(150_000)
  const anna = await signUpDutch(page, 'flirtlokaal', 'woman')
  const annaId = await ownProfileId(page)
  const bramContext = await browser.newContext()
  await bramContext.addInitScript(() => window.localStorage.setItem('skipped', '1'))
  // Records what the page puts on the installed app's badge (Badging API).
  await bramContext.addInitScript(() => {
    const record = (count: number) => {
      document.documentElement.dataset.appBadge = String(count)
      return Promise.resolve()
    }
    Object.assign(navigator, { setAppBadge: (count?: number) => record(count ?? 0), clearAppBadge: () => record(0) })
  })
  const appBadge = () => bram.evaluate(() => document.documentElement.dataset.appBadge ?? '')
  const bram = await bramContext.newPage()
  const bramMember = await signUpDutch(bram, 'datedichtbij', 'man', 'UT')
  const bramId = await ownProfileId(bram)

  // Bram is browsing; Anna likes him from his profile on her own site.
  await bram.goto(siteUrl('datedichtbij', '/members'))
  await expect(likesBadge(bram)).toHaveCount(0)
  await page.goto(siteUrl('flirtlokaal', `/members/${bramId}`))
  await page.getByRole('button', { name: 'Liken' }).click()
  await expect(page.getByRole('button', { name: 'Geliket' })).toHaveAttribute('aria-pressed', 'true')

  // Bram sees it live: the pop-up and the badge, and the page title counts it.
  const newLike = bram.getByRole('dialog', { name: 'Nieuwe like!' })
  await expect(newLike).toBeVisible()
  await expect(newLike).toContainText(anna.name)
  await expect(likesBadge(bram)).toHaveText('1')
  await expect(bram).toHaveTitle(/^\(1\) /)
  await expect.poll(appBadge).toBe('1')

  // He opens her from the pop-up (a member from likes): the new flag and the badge clear.
  await newLike.getByRole('link', { name: 'Bekijk profiel' }).click()
  await expect(bram).toHaveURL(new RegExp(`/likes/m/${annaId}$`))
  await expect(bram.getByRole('heading', { name: anna.name, level: 1 })).toBeVisible()
  await expect(likesBadge(bram)).toHaveCount(0)
  await expect(bram).not.toHaveTitle(/^\(/)
  await expect.poll(appBadge).toBe('0')

  // He likes back: both see 'It's a Match'.
  await bram.getByRole('button', { name: 'Liken' }).click()
  await expect(bram.getByRole('dialog', { name: 'Het is een match!' })).toBeVisible()
  await expect(page.getByRole('dialog', { name: 'Het is een match!' })).toBeVisible()
  await expect(page.getByRole('dialog', { name: 'Het is een match!' })).toContainText(bramMember.name)
  await expect(page.getByRole('dialog', { name: 'Het is een match!' }).getByRole('link', { name: 'Stuur een bericht' })).toHaveAttribute('href', /^\/members\/\d+\/chat$/)
  await bram.getByRole('dialog', { name: 'Het is een match!' }).getByRole('button', { name: 'Verder kijken' }).click()
  await page.getByRole('dialog', { name: 'Het is een match!' }).getByRole('button', { name: 'Verder kijken' }).click()

  // Each finds the other under matches.
  await page.goto(siteUrl('flirtlokaal', '/likes/matches'))
  await expect(page.getByRole('article', { name: bramMember.name })).toBeVisible()
  await bram.goto(siteUrl('datedichtbij', '/likes/matches'))
  await expect(bram.getByRole('article', { name: anna.name })).toBeVisible()

  // Anna takes her like back: the match is gone for both.
  await page.getByRole('button', { name: `Match: ${bramMember.name}` }).click()
  await page.getByRole('dialog', { name: `Match met ${bramMember.name} verbreken?` }).getByRole('button', { name: 'Ja, like intrekken' }).click()
  await expect(page.getByRole('article', { name: bramMember.name })).toHaveCount(0)
  await bram.reload()
  await expect(bram.getByRole('article', { name: anna.name })).toHaveCount(0)

  // Another pool: Vera on DateVibe can neither like nor see them, nor be liked by them.
  const veraContext = await browser.newContext()
  await veraContext.addInitScript(() => window.localStorage.setItem('skipped', '1'))
  const vera = await veraContext.newPage()
  await signUpDateVibe(vera, 'woman')
  const veraId = await ownProfileId(vera)
  expect(await craftedLike(vera, bramId)).toBe(404)
  expect((await vera.goto(siteUrl('datevibe', `/likes/m/${bramId}`)))?.status()).toBe(404)
  expect((await vera.goto(siteUrl('datevibe', `/members/${annaId}`)))?.status()).toBe(404)
  expect(await craftedLike(bram, veraId)).toBe(404)
  expect((await bram.goto(siteUrl('datedichtbij', `/likes/m/${veraId}`)))?.status()).toBe(404)

  await bramContext.close()
  await veraContext.close()
})
