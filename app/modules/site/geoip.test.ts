// SPEC §3 geoip_country and geoip_selected_country in /api/settings: from the proxy's
// country header, only when a proxy is trusted (TRUST_PROXY), else unknown.
/* eslint-disable no-restricted-imports -- this test drives the route module itself */
import { afterEach, describe, expect, it } from 'vitest'
import { DATEVIBE, FLIRTLOKAAL } from '../../../tests/fixtures.ts'
import { contextFor, runRoute, siteRequest } from '../../../tests/route-harness.ts'
import type { Scope } from '../db/scoped.server.ts'
import { loader } from '../../routes/api.settings.ts'

const previous = process.env.TRUST_PROXY
afterEach(() => {
  if (previous === undefined) delete process.env.TRUST_PROXY
  else process.env.TRUST_PROXY = previous
})

async function settings(scope: Scope, headers: Record<string, string> = {}) {
  const request = await siteRequest(scope, '/api/settings', { headers })
  const context = await contextFor(scope, request)
  try {
    const result = await runRoute(async () => loader({ request, context, params: {} }))
    return (result.body as { settings: Record<string, unknown> }).settings
  } finally {
    await context.endReads()
  }
}

describe('geoip settings', () => {
  it('take the trusted proxy’s country; the selected country is the site’s for that visitor', async () => {
    process.env.TRUST_PROXY = 'true'
    expect(await settings(FLIRTLOKAAL, { 'cf-ipcountry': 'be' })).toMatchObject({ geoip_country: 'BE', geoip_selected_country: 'BE' })
    expect(await settings(FLIRTLOKAAL, { 'x-country-code': 'DE' })).toMatchObject({ geoip_country: 'DE', geoip_selected_country: 'NL' })
    expect(await settings(DATEVIBE, { 'cf-ipcountry': 'XX1' })).toMatchObject({ geoip_country: null, geoip_selected_country: 'GB' })
  })

  it('are unknown without a trusted proxy, whatever a client sends', async () => {
    delete process.env.TRUST_PROXY
    expect(await settings(FLIRTLOKAAL, { 'cf-ipcountry': 'BE' })).toMatchObject({ geoip_country: null, geoip_selected_country: 'NL' })
  })
})
