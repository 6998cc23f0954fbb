// Until payments exist (#9), no page, API or form promises a discount a purchase would have
// to honour: the delete form's offer and the pricing page's welcome discount stay hidden.
/* eslint-disable no-restricted-imports -- this test drives the route modules themselves */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appDb, DATEVIBE, FLIRTLOKAAL } from '../../../tests/fixtures.ts'
import { contextFor, loggedInMember, runRoute, siteRequest, tenantFor } from '../../../tests/route-harness.ts'
import { loader as settingsLoader } from '../../routes/_default.settings.tsx'
import { loader as pricingLoader } from '../../routes/_default.pricing.tsx'
import { loader as companyLoader } from '../../routes/api.companyinfo.ts'
import type { Db } from '../db/client.server.ts'
import { deleteDiscountOffer, paymentsEnabled } from './availability.ts'

let db: Db

beforeAll(() => {
  db = appDb()
})

afterAll(async () => {
  await db.$disconnect()
})

describe('offers that need payments', () => {
  it('are off on every site while payments are', async () => {
    for (const scope of [FLIRTLOKAAL, DATEVIBE]) {
      const tenant = await tenantFor(scope)
      expect(tenant.company.deleteDiscount).toBeGreaterThan(0)
      expect(paymentsEnabled(tenant)).toBe(false)
      expect(deleteDiscountOffer(tenant)).toBe(0)
    }
  })

  it('the delete form, /api/companyinfo and /pricing carry no discount', async () => {
    const member = await loggedInMember(db, FLIRTLOKAAL, 'Leaver')
    const run = async (path: string, loader: typeof settingsLoader | typeof pricingLoader | typeof companyLoader) => {
      const request = await siteRequest(FLIRTLOKAAL, path, { cookie: member.cookie })
      return (await runRoute(async () => loader({ request, context: await contextFor(FLIRTLOKAAL, request), params: {} }))).body
    }
    expect(await run('/settings', settingsLoader)).toMatchObject({ deleteDiscount: 0 })
    expect(await run('/api/companyinfo', companyLoader)).toMatchObject({ companyinfo: { delete_discount: 0 } })
    expect(await run('/pricing', pricingLoader)).toMatchObject({ welcomeDiscount: false })
  })
})
