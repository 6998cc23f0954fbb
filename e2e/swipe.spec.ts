// Issue #5 acceptance, swipe game: one member at a time, like or skip with buttons, the
// keyboard, a mouse drag and (on the phone) a finger; 4 likes a day, then 'come back
// tomorrow' with the time left, and the server refuses a hand-made 5th like. The next day
// (an injected clock) is covered in app/modules/likes/swipe.test.ts.
import type { Locator, Page } from '@playwright/test'
import { signUpDutch } from './members.ts'
import { expect, test } from './fixtures.ts'
import { siteUrl } from './sites.ts'

const card = (page: Page) => page.locator('main').getByRole('article')

/** Profile ids of every member shown on top, so a test can find one not voted on. */
const voted = new Set<string>()

/** The member on the top card, by its accessible name "Name, age". */
async function currentName(page: Page): Promise<string> {
  await expect(card(page)).toHaveCount(1)
  const href = await card(page).getByRole('link').getAttribute('href')
  voted.add(/\/members\/(\d+)/.exec(href ?? '')?.[1] ?? '')
  return (await card(page).getAttribute('aria-label')) ?? ''
}

/** Waits until the top card shows someone other than `name`. */
async function movedOn(page: Page, name: string) {
  await expect(card(page)).not.toHaveAttribute('aria-label', name)
}

async function dragWithMouse(page: Page, target: Locator, dx: number) {
  await target.scrollIntoViewIfNeeded()
  const box = (await target.boundingBox())!
  const y = box.y + box.height / 2
  await page.mouse.move(box.x + box.width / 2, y)
  await page.mouse.down()
  await page.mouse.move(box.x + box.width / 2 + dx, y, { steps: 8 })
  await page.mouse.up()
}

/** A finger swipe: real touch events through the DevTools protocol. */
async function swipeWithFinger(page: Page, target: Locator, dx: number) {
  await target.scrollIntoViewIfNeeded()
  const box = (await target.boundingBox())!
  const x = box.x + box.width / 2
  const y = box.y + box.height / 2
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] })
  for (let step = 1; step <= 8; step++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x + (dx * step) / 8, y }] })
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
  await cdp.detach()
}

/** Keys and gestures need the page's JavaScript, not only the server-rendered form. */
async function openGame(page: Page) {
  await page.goto(siteUrl('flirtlokaal', '/swipe-game'))
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
}

const likesLeft = (page: Page, n: number) => expect(page.getByText(n === 1 ? 'Nog 1 like vandaag' : `Nog ${n} likes vandaag`)).toBeVisible()

test('four likes a day with buttons, keyboard and mouse, then come back tomorrow; the 5th is refused', async ({ page }) => {
  test.setTimeout(120_000)
  await signUpDutch(page, 'flirtlokaal', 'man')
  await openGame(page)
  await expect(page.getByRole('heading', { name: 'Swipen', level: 1 })).toBeVisible()
  await likesLeft(page, 4)
  const liked: string[] = []

  // A like with the button.
  let name = await currentName(page)
  await page.getByRole('button', { name: 'Liken' }).click()
  await expect(page.getByText(`Je hebt ${name.split(', ')[0]} geliket.`)).toBeVisible()
  liked.push(name)
  await movedOn(page, name)
  await likesLeft(page, 3)

  // A skip with the button costs nothing.
  name = await currentName(page)
  await page.getByRole('button', { name: 'Overslaan' }).click()
  await movedOn(page, name)
  await likesLeft(page, 3)

  // The keyboard: left skips, right likes.
  name = await currentName(page)
  await page.keyboard.press('ArrowLeft')
  await movedOn(page, name)
  name = await currentName(page)
  await page.keyboard.press('ArrowRight')
  liked.push(name)
  await movedOn(page, name)
  await likesLeft(page, 2)

  // A mouse drag that is too short springs back; a long one to the right likes.
  name = await currentName(page)
  await dragWithMouse(page, card(page), 30)
  await expect(card(page)).toHaveAttribute('aria-label', name)
  await likesLeft(page, 2)
  await dragWithMouse(page, card(page), 260)
  liked.push(name)
  await movedOn(page, name)
  await likesLeft(page, 1)

  name = await currentName(page)
  await page.getByRole('button', { name: 'Liken' }).click()
  liked.push(name)
  await expect(page.getByText(`Je hebt ${name.split(', ')[0]} geliket.`)).toBeVisible()

  // The fourth like ends the day's game, with the time left until local midnight.
  await expect(page.getByRole('heading', { name: 'Kom morgen terug' })).toBeVisible()
  await expect(page.getByRole('timer')).toHaveText(/^Nieuwe likes over \d{2}:\d{2}:\d{2}$/)
  await expect(page.getByRole('button', { name: 'Liken' })).toHaveCount(0)
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Kom morgen terug' })).toBeVisible()

  // A 5th like made by hand, of a member not voted on yet, is refused by the server.
  await page.goto(siteUrl('flirtlokaal', '/members'))
  const hrefs = await page.locator('main a[href^="/members/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''))
  const targetId = hrefs.map((h) => /^\/members\/(\d+)$/.exec(h)?.[1]).find((id) => id !== undefined && !voted.has(id))
  expect(targetId).toBeTruthy()
  const status = await page.evaluate(
    (id) => fetch('/swipe-game', { method: 'POST', body: new URLSearchParams({ intent: 'like', targetId: id! }) }).then((r) => r.status),
    targetId,
  )
  expect(status).toBe(429)

  // The four likes are the given likes.
  await page.goto(siteUrl('flirtlokaal', '/likes/given'))
  const cards = page.locator('main').getByRole('article')
  await expect(cards).toHaveCount(4)
  for (const n of liked) await expect(page.locator('main').getByRole('article', { name: n })).toBeVisible()
})

test('a finger swipe to the left skips and to the right likes @phone-only', async ({ page }) => {
  test.setTimeout(90_000)
  await signUpDutch(page, 'flirtlokaal', 'woman')
  await openGame(page)
  await likesLeft(page, 4)
  let name = await currentName(page)
  await swipeWithFinger(page, card(page), -220)
  await movedOn(page, name)
  await likesLeft(page, 4)
  name = await currentName(page)
  await swipeWithFinger(page, card(page), 220)
  await movedOn(page, name)
  await likesLeft(page, 3)
  await page.goto(siteUrl('flirtlokaal', '/likes/given'))
  await expect(page.locator('main').getByRole('article', { name })).toBeVisible()
})
