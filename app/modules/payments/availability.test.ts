// Offers only a purchase can honour (the delete form's discount, the welcome discount on
// /pricing) exist exactly where the site can take payments (docs/decisions/015-payments.md).
/* eslint-disable no-restricted-imports -- this test drives the route modules themselves */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { appDb, DATEVIBE, FLIRTLOKAAL } from '../../../tests/fixtures.ts'
import { contextFor, loggedInMember, runRoute, siteRequest, tenantFor } from '../../../tests/route-harness.ts'
import { loader as settingsLoader } from '../../routes/_default.settings.tsx'
import { loader as pricingLoader } from '../../routes/_default.pricing.tsx'
import { loader as companyLoader } from '../../routes/api.companyinfo.ts'
import type { Db } from '../db/client.server.ts'
import { deleteDiscountOffer, mollieKeyEnv, paymentsEnabled } from './availability.ts'
import { missingMollieKeys } from './mollie.server.ts'

let db: Db

beforeAll(() => {
  db = appDb()
})

afterAll(async () => {
  await db.$disconnect()
})

afterEach(() => {
  delete process.env.MOLLIE_API_KEY_FLIRTLOKAAL
  delete process.env.MOLLIE_API_ENDPOINT
})

const run = async (cookie: string, path: string, loader: typeof settingsLoader | typeof pricingLoader | typeof companyLoader) => {
  const request = await siteRequest(FLIRTLOKAAL, path, { cookie })
  return (await runRoute(async () => loader({ request, context: await contextFor(FLIRTLOKAAL, request), params: {} }))).body
}

describe('offers that need payments', () => {
  it('are off on a site without a Mollie key or sandbox, and production names the missing key', async () => {
    for (const scope of [FLIRTLOKAAL, DATEVIBE]) {
      const tenant = await tenantFor(scope)
      expect(tenant.company.deleteDiscount).toBeGreaterThan(0)
      expect(paymentsEnabled(tenant)).toBe(false)
      expect(deleteDiscountOffer(tenant)).toBe(0)
    }
    const flirt = await tenantFor(FLIRTLOKAAL)
    expect(mollieKeyEnv(flirt)).toBe('MOLLIE_API_KEY_FLIRTLOKAAL')
    expect(missingMollieKeys([flirt])).toEqual([expect.stringContaining('MOLLIE_API_KEY_FLIRTLOKAAL is required in production for site flirtlokaal')])
    expect(missingMollieKeys([{ ...flirt, payments: { ...flirt.payments, enabled: false } }])).toEqual([])
  })

  it('the delete form, /api/companyinfo and /pricing carry the discount exactly when the site has its key', async () => {
    const member = await loggedInMember(db, FLIRTLOKAAL, 'Leaver')
    expect(await run(member.cookie, '/settings', settingsLoader)).toMatchObject({ deleteDiscount: 0 })
    expect(await run(member.cookie, '/api/companyinfo', companyLoader)).toMatchObject({ companyinfo: { delete_discount: 0 } })
    expect(await run(member.cookie, '/pricing', pricingLoader)).toMatchObject({ welcomeDiscount: false })
    process.env.MOLLIE_API_KEY_FLIRTLOKAAL = 'test_abcdefghijklmnopqrstuvwxyz0123'
    const tenant = await tenantFor(FLIRTLOKAAL)
    expect(await run(member.cookie, '/settings', settingsLoader)).toMatchObject({ deleteDiscount: tenant.company.deleteDiscount })
    expect(await run(member.cookie, '/pricing', pricingLoader)).toMatchObject({ welcomeDiscount: true, member: { paidUser: false } })
    expect(missingMollieKeys([tenant])).toEqual([])
  })
})
