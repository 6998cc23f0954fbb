// Buying credits against the local Mollie sandbox (started by scripts/e2e-server.ts) on two
// sites with different currencies: FlirtLokaal in euros, DateVibe in pounds.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { getEnv } from '../app/modules/config/env.server.ts'
import { expect, test } from './fixtures.ts'
import { signUpDateVibe, signUpDutch } from './members.ts'
import { siteUrl } from './sites.ts'

type SandboxPayment = { id: string; status: string; amount: { value: string; currency: string }; metadata: { member?: string } | null }

function sandbox(): { checkoutOrigin: string } {
  return JSON.parse(readFileSync(path.join(path.resolve(getEnv().DATA_DIR), 'e2e', 'mollie.json'), 'utf8')) as { checkoutOrigin: string }
}

async function sandboxPayments(): Promise<SandboxPayment[]> {
  return (await fetch(`${sandbox().checkoutOrigin}/__sandbox/payments`)).json() as Promise<SandboxPayment[]>
}

/** On the sandbox's checkout page: the outcome the tester picks. */
async function payAtSandbox(page: Page, outcome: 'Paid' | 'Failed' | 'Canceled' | 'Expired') {
  await expect(page).toHaveURL(/\/checkout\/tr_/)
  await page.getByRole('button', { name: outcome, exact: true }).click()
}

test.describe('buying credits', () => {
  test('FlirtLokaal: iDEAL with the time bonus, paid: credits, premium, and the bonus gone', async ({ page }) => {
    test.slow()
    await signUpDutch(page, 'flirtlokaal', 'man')
    // Unpaid members see Get Premium, which leads to /premium.
    await page.goto(siteUrl('flirtlokaal', '/members'))
    await page.getByRole('link', { name: 'Word premium' }).first().click()
    await expect(page).toHaveURL(/\/premium$/)
    await expect(page.getByText('46% meer kans')).toBeVisible()
    // /premium lists the packages (issue 20); the time bonus shows on /credits.
    await expect(page.getByRole('link', { name: 'Kies dit pakket' }).first()).toBeVisible()
    await page.goto(siteUrl('flirtlokaal', '/credits'))

    // Signed up just now: the time bonus runs, counting down as h:mm:ss inside its sentence.
    const discount = page.getByTestId('discount')
    await expect(discount).toHaveAttribute('data-code', 'TIMEBONUS25')
    await expect(discount.getByTestId('countdown')).toHaveText(/^Nog 3:59:\d\d$/)
    // The old price: "was" stays readable, only the amount is struck through.
    const was = page.getByTestId('bundle').first().locator('.bundle__was')
    await expect(was).toHaveText(/^\s*was €\s?[\d,]+$/)
    await expect(was.locator('s')).toHaveText(/^€\s?[\d,]+$/)
    const first = page.getByTestId('bundle').first()
    await expect(first).toContainText('11,21')
    await first.getByRole('link', { name: 'Kies dit pakket' }).click()

    await page.getByLabel('iDEAL').check()
    await page.getByLabel('Kies je bank').selectOption({ label: 'ING' })
    // The fictional-profile notice before the first purchase must be acknowledged.
    await page.getByRole('button', { name: 'Afrekenen' }).click()
    await expect(page.getByText('Bevestig dat je dit hebt gelezen')).toBeVisible()
    await expect(page.getByTestId('disclosure')).toBeVisible()
    await page.getByLabel('Ik heb dit gelezen en begrepen').check()
    await page.getByRole('button', { name: 'Afrekenen' }).click()
    await expect(page.getByText('EUR 11.21')).toBeVisible()
    await payAtSandbox(page, 'Paid')

    await expect(page.getByTestId('payment-status')).toHaveAttribute('data-status', 'paid')
    await expect(page.getByText('Betaling gelukt: 100 credits zijn bijgeschreven.')).toBeVisible()
    await expect(page.getByText('Je bent nu voor altijd premium lid.')).toBeVisible()
    await expect(page.getByTestId('balance')).toContainText('120')
    // Premium now: the navigation's Credits goes to /credits, and no discount is left.
    await page.getByRole('link', { name: /^Credits/ }).first().click()
    await expect(page).toHaveURL(/\/credits$/)
    await expect(page.getByTestId('discount')).toHaveCount(0)
    await expect(page.getByTestId('bundle').first()).toContainText('14,95')

    // The code was used with the purchase: typing it again is refused.
    await page.goto(siteUrl('flirtlokaal', '/credits/starter'))
    await expect(page.getByTestId('disclosure')).toHaveCount(0)
    await page.getByLabel('Kortingscode').fill('TIMEBONUS25')
    await page.getByRole('button', { name: 'Afrekenen' }).click()
    await expect(page.getByText('Code reeds gebruikt')).toBeVisible()
    await expect(page.getByLabel('Kortingscode')).toHaveValue('TIMEBONUS25')
    await page.getByLabel('Kortingscode').fill('NOSUCHCODE')
    await page.getByRole('button', { name: 'Afrekenen' }).click()
    await expect(page.getByText('Code niet gevonden')).toBeVisible()
  })

  test('FlirtLokaal: after the 4-hour window the time bonus is gone and the welcome discount applies', async ({ page }) => {
    await signUpDutch(page, 'flirtlokaal', 'woman')
    await page.goto(siteUrl('flirtlokaal', '/credits'))
    await expect(page.getByTestId('discount')).toHaveAttribute('data-code', 'TIMEBONUS25')
    const moved = await page.evaluate(() => fetch('/__test/signup-age', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ seconds: 14_401 }) }).then((r) => r.status))
    expect(moved).toBe(200)
    await page.reload()
    await expect(page.getByTestId('discount')).toHaveAttribute('data-code', 'WELCOME25')
    await page.evaluate(() => fetch('/__test/signup-age', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ seconds: 49 * 3600 }) }))
    await page.reload()
    await expect(page.getByTestId('discount')).toHaveCount(0)
    await expect(page.getByTestId('bundle').first()).toContainText('14,95')
  })

  test('DateVibe in pounds: a card payment fails, another method pays', async ({ page }) => {
    test.slow()
    await signUpDateVibe(page, 'woman')
    await page.goto(siteUrl('datevibe', '/credits/taster/creditcard'))
    await expect(page.getByTestId('order')).toContainText('£')
    await expect(page.getByLabel('Card', { exact: false }).first()).toBeChecked()
    await page.getByLabel('I have read and understood this').check()
    await page.getByRole('button', { name: 'Check out' }).click()
    await expect(page.getByText('GBP')).toBeVisible()
    await payAtSandbox(page, 'Failed')
    await expect(page.getByTestId('payment-status')).toHaveAttribute('data-status', 'failed')
    await expect(page.getByText('Your payment failed.')).toBeVisible()
    await page.getByRole('link', { name: 'Try another payment method' }).click()
    await page.getByLabel('PayPal').check()
    await page.getByLabel('I have read and understood this').check()
    await page.getByRole('button', { name: 'Check out' }).click()
    await payAtSandbox(page, 'Paid')
    await expect(page.getByTestId('payment-status')).toHaveAttribute('data-status', 'paid')
    await expect(page.getByText('Payment successful: 80 credits have been added.')).toBeVisible()
  })

  test('a double-clicked pay button makes one payment', async ({ page }) => {
    await signUpDutch(page, 'flirtlokaal', 'man')
    await page.goto(siteUrl('flirtlokaal', '/credits/popular/ideal'))
    await page.getByLabel('Ik heb dit gelezen en begrepen').check()
    await page.getByRole('button', { name: 'Afrekenen' }).dblclick()
    await expect(page).toHaveURL(/\/checkout\/tr_/)
    const id = new URL(page.url()).pathname.split('/').pop()
    const all = await sandboxPayments()
    const member = all.find((p) => p.id === id)?.metadata?.member
    expect(member).toBeTruthy()
    expect(all.filter((p) => p.metadata?.member === member)).toHaveLength(1)
  })

  test('DateVibe: a repeat order on the saved card charges once when its button is double-clicked', async ({ page }) => {
    test.slow()
    await signUpDateVibe(page, 'man')
    // The time-bonus banner counts down and leads to /credits.
    await expect(page.getByTestId('time-bonus-banner')).toContainText(/3:59:\d\d/)
    await page.goto(siteUrl('datevibe', '/credits/taster/creditcard'))
    await page.getByLabel('I have read and understood this').check()
    await page.getByRole('button', { name: 'Check out' }).click()
    await payAtSandbox(page, 'Paid')
    await expect(page.getByTestId('payment-status')).toHaveAttribute('data-status', 'paid')
    await expect(page.getByTestId('time-bonus-banner')).toHaveCount(0)

    await page.goto(siteUrl('datevibe', '/credits/repeat-order'))
    await expect(page.getByTestId('saved-methods')).toContainText('6787')
    await page.getByRole('button', { name: 'Pay now' }).dblclick()
    await expect(page).toHaveURL(/\/credits\/result\//)
    await expect(page.getByTestId('payment-status')).toHaveAttribute('data-status', 'paid', { timeout: 15_000 })
    const paymentId = new URL(page.url()).pathname.split('/').pop()
    expect(paymentId).toBeTruthy()
    const all = await sandboxPayments()
    const member = all.find((p) => p.metadata?.member && (p as { sequenceType?: string }).sequenceType === 'recurring' && JSON.stringify(p.metadata).includes(paymentId!))?.metadata?.member
    expect(member).toBeTruthy()
    expect(all.filter((p) => p.metadata?.member === member && (p as { sequenceType?: string }).sequenceType === 'recurring')).toHaveLength(1)
    await page.goto(siteUrl('datevibe', '/transactions'))
    await expect(page.getByTestId('payment-row')).toHaveCount(2)
  })
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })
  test('the checkout form sends the browser to the payment page (CSP form-action allows the checkout)', async ({ page }) => {
    await page.goto(siteUrl('flirtlokaal', '/login'))
    await page.locator('input[name="email"]').fill('demo.flirtlokaal@example.com')
    await page.locator('input[name="password"]').fill('demo-password')
    await page.locator('form button[type="submit"]').filter({ hasText: 'Inloggen' }).click()
    await expect(page).toHaveURL(/\/members/)
    await page.goto(siteUrl('flirtlokaal', '/credits/popular/ideal'))
    const notice = page.getByLabel('Ik heb dit gelezen en begrepen')
    if (await notice.count()) await notice.check()
    await page.getByRole('button', { name: 'Afrekenen' }).click()
    await expect(page).toHaveURL(/\/checkout\/tr_/)
    await expect(page.getByRole('button', { name: 'Paid', exact: true })).toBeVisible()
  })
})
