import { expect, cspTest as test } from './fixtures.ts'
import { api } from './sites.ts'

test('GET /api/settings returns the site’s public settings only', async ({ request }) => {
  const response = await request.get(...api('datevibe', '/api/settings'))
  expect(response.ok()).toBe(true)
  const { settings } = (await response.json()) as { settings: Record<string, unknown> }
  expect(settings.name).toBe('DateVibe')
  expect(settings.signups).toBe('with_trafficsource')
  expect(settings.domain_language).toBe('en-GB')
  const text = JSON.stringify(settings)
  for (const secret of ['password', 'apiKey', 'api_key', 'secret', 'privateKey', 'DATABASE']) expect(text).not.toContain(secret)
})

test('GET /api/settings sets the language from domain_language on a first visit', async ({ request }) => {
  const response = await request.get(...api('flirtlokaal', '/api/settings'))
  const cookie = /lng=([^;]+);.*Max-Age=31536000/.exec(response.headers()['set-cookie'] ?? '')
  expect(JSON.parse(atob(decodeURIComponent(cookie![1]!)))).toBe('nl')
})

test('GET /api/companyinfo, /api/regions, /api/interests', async ({ request }) => {
  const company = await (await request.get(...api('datedichtbij', '/api/companyinfo'))).json()
  expect(company.companyinfo).toMatchObject({ name: 'Dichtbij Online B.V.', kvk: '79876543', support_phone_dial: '+31307654321' })
  const regions = await (await request.get(...api('datedichtbij', '/api/regions'))).json()
  expect(Object.keys(regions.regions)).toEqual(['NL', 'BE'])
  expect(regions.regions.NL.label_text).toBe('Provincie')
  expect(regions.regions.NL.regions).toHaveLength(12)
  const interests = await (await request.get(...api('datevibe', '/api/interests'))).json()
  expect(interests.interests.length).toBeGreaterThan(20)
  expect(interests.interests[0]).toEqual({ key: expect.any(String), label: expect.any(String) })
})

test('every SPEC §7 call answers under its .php name too, like the plain name', async ({ request }) => {
  const calls = ['/api/user', '/api/settings', '/api/interests', '/api/regions', '/api/companyinfo', '/api/geocode?lat=52.37&lon=4.89', '/api/likes', '/api/auto-like', '/api/logout']
  for (const call of calls) {
    const [path, query] = call.split('?')
    const php = `${path}.php${query ? `?${query}` : ''}`
    const [plain, twin] = [await request.get(...api('flirtlokaal', call)), await request.get(...api('flirtlokaal', php))]
    expect(twin.status(), php).toBe(plain.status())
    expect(twin.status(), php).toBeLessThan(500)
    expect(twin.headers()['content-type'], php).toContain('application/json')
    expect(await twin.json(), php).toEqual(await plain.json())
  }
  // Methods other than GET reach the same handlers: a visitor may not save a language.
  const [url, init] = api('flirtlokaal', '/api/user.php')
  const put = await request.put(url, { ...init, data: { language: 'en' } })
  expect(put.status()).toBe(403)
  expect(await put.json()).toEqual({ error: 'authentication_required' })
  // Names SPEC does not have stay unknown.
  expect((await request.get(...api('flirtlokaal', '/api/events.php'))).status()).toBe(404)
})
