// A complaint in Chromium (SPEC §1, §2): a visitor files it on /complaints, a wrong field is
// answered at the field with what was typed kept, and the page shows the reference. A typed
// address gets no mail (only a logged-in member's own address does, with the number only).
import { expect, test } from './fixtures.ts'
import { mailsTo, siteUrl } from './sites.ts'

test('a complaint is stored and its reference shown; a typed address gets no mail @phone', async ({ page }) => {
  const email = `klacht.${Date.now().toString(36)}@example.test`
  await page.goto(siteUrl('flirtlokaal', '/complaints'))
  const form = page.locator('form#complaint')
  await form.getByLabel('Naam').fill('Anna de Vries')
  await form.getByLabel('E-mailadres').fill(email)
  await form.getByLabel('Onderwerp').fill('Dubbel afgeschreven')
  await form.getByLabel('Je klacht').fill('Te kort')
  await form.getByRole('button', { name: 'Klacht versturen' }).click()
  await expect(form.getByText('Beschrijf je klacht in minstens 20 tekens.')).toBeVisible()
  await expect(form.getByLabel('Onderwerp')).toHaveValue('Dubbel afgeschreven')
  await form.getByLabel('Je klacht').fill('Mijn betaling van gisteren is twee keer afgeschreven.')
  await form.getByLabel('Transactienummer (optioneel)').fill('tr_WDqYK6vllg')
  await form.getByRole('button', { name: 'Klacht versturen' }).click()
  const done = page.getByText(/We hebben je klacht ontvangen onder nummer K-\d{6}\. Noteer dit nummer/)
  await expect(done).toBeVisible()
  // Long enough for a mail to have arrived, had one been sent.
  await page.waitForTimeout(2_000)
  expect(await mailsTo(email)).toHaveLength(0)
})
