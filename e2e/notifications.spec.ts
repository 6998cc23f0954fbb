// Web push in Chromium (issue #14). Chromium's own push service (FCM) is unreachable offline,
// so its pushManager.subscribe() cannot complete here. The test therefore splits the chain
// honestly at that point (decision 016):
// 1. the page registers /sw.js, the push alert asks, notifications are granted;
// 2. a subscription of a local push service (tests/push-receiver.ts, as a browser would get
//    from FCM) is stored through the page's own POST /api/user?push=1;
// 3. a like from another member makes the server send a real encrypted, VAPID-signed push to
//    that service, which decrypts it (site name, language);
// 4. that decrypted message is delivered to the page's service worker through the DevTools
//    protocol (ServiceWorker.deliverPushMessage, what a push service would hand the browser):
//    the worker posts NEW_PUSH_MESSAGE and the page reacts (refreshes likes and chats).
// Then a bounce fed in by `npm run mail:bounce` shows the disabled-notifications alert.
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { getEnv } from '../app/modules/config/env.server.ts'
import { startPushReceiver } from '../tests/push-receiver.ts'
import { expect, test } from './fixtures.ts'
import { signUpDutch } from './members.ts'
import { siteUrl } from './sites.ts'

const SLUG = 'flirtlokaal'

async function someoneElse(page: Page): Promise<{ id: number; name: string }> {
  await page.goto(siteUrl(SLUG, '/members?gender=man'))
  const link = page.locator('.search-grid__link').first()
  const href = (await link.getAttribute('href'))!
  const name = (await link.getByRole('article').getAttribute('aria-label'))!
  return { id: Number(href.split('/').pop()), name }
}

test('push: the service worker shows a push message and the open page reacts; a bounce shows the alert', async ({ page, context }) => {
  test.setTimeout(120_000)
  const receiver = await startPushReceiver()
  try {
    const origin = siteUrl(SLUG, '').replace(/\/$/, '')
    await context.grantPermissions(['notifications'], { origin })
    const member = await signUpDutch(page, SLUG, 'woman')
    const other = await someoneElse(page)

    // 1. The worker is registered for the site; the push alert offers notifications.
    await page.goto(siteUrl(SLUG, '/members'))
    expect(await page.evaluate(() => navigator.serviceWorker.ready.then((r) => r.active?.scriptURL ?? null))).toBe(`${origin}/sw.js`)
    const alert = page.locator('[data-alert="push"]')
    await expect(alert).toBeVisible()
    await expect(alert).toContainText('Zet meldingen aan')
    expect(await page.evaluate(() => Notification.permission)).toBe('granted')

    // 2. The subscription is stored through the page's own call.
    const browserSubscription = receiver.subscribe()
    const stored = await page.evaluate(
      (subscription) =>
        fetch('/api/user?push=1', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ subscription }) }).then((r) => r.status),
      browserSubscription,
    )
    expect(stored).toBe(200)

    // 3. A like: the server pushes to the subscription; the push service decrypts it.
    const liked = await page.evaluate(
      (profileId) => fetch('/__test/liked-by', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ profileId }) }).then((r) => r.status),
      other.id,
    )
    expect(liked).toBe(200)
    await expect.poll(() => receiver.pushes.length, { timeout: 20_000 }).toBe(1)
    const payload = receiver.pushes[0]!.payload as { title: string; body: string; url: string }
    expect(payload).toMatchObject({ title: 'FlirtLokaal', body: `${other.name} vindt je leuk`, url: '/likes/received' })

    // 4. The decrypted message, delivered to the page's service worker: the page hears of it.
    await page.goto(siteUrl(SLUG, '/chats'))
    await page.evaluate(() => navigator.serviceWorker.ready)
    // Past the first periodic refresh (5 s), so the next request for likes is the push's doing.
    await page.waitForTimeout(5_500)
    const cdp = await context.newCDPSession(page)
    const registrationId = await new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }: { registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] }) => {
        const found = registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted)
        if (found) resolve(found.registrationId)
      })
      void cdp.send('ServiceWorker.enable')
    })
    const likesRefreshed = page.waitForRequest((request) => request.url().includes('/api/likes'), { timeout: 10_000 })
    await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: JSON.stringify(payload) })
    await expect(page.locator('html')).toHaveAttribute('data-push-messages', '1')
    await likesRefreshed

    // A bounce for the member's address: the alert says why mail stopped, except on /notifications.
    const node = JSON.parse(readFileSync(path.join(path.resolve(getEnv().DATA_DIR), 'e2e', 'node.json'), 'utf8')) as { env: Record<string, string> }
    const bounce = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/mail-bounce.ts', SLUG, member.email, 'bounce'], { env: { ...process.env, ...node.env }, encoding: 'utf8' })
    expect(bounce.status, bounce.stderr).toBe(0)
    await page.goto(siteUrl(SLUG, '/members'))
    const disabled = page.locator('[data-alert="notifications-disabled"]')
    await expect(disabled).toContainText('je e-mailadres was onbereikbaar')
    await page.goto(siteUrl(SLUG, '/notifications'))
    await expect(page.locator('[data-alert="notifications-disabled"]')).toHaveCount(0)
    await expect(page.locator('[data-disabled-reasons]')).toHaveAttribute('data-disabled-reasons', 'bounce')
    // Switching e-mail back on clears it.
    await page.getByRole('button', { name: 'Opslaan' }).click()
    await expect(page.getByText('Je meldingen zijn opgeslagen.')).toBeVisible()
    await page.goto(siteUrl(SLUG, '/members'))
    await expect(page.locator('[data-alert="push"], [data-alert="notifications-disabled"]')).toHaveCount(1)
    await expect(page.locator('[data-alert="notifications-disabled"]')).toHaveCount(0)
  } finally {
    await receiver.stop()
  }
})
