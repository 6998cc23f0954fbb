import { describe, expect, it } from 'vitest'
import { translatorFor } from '../tenancy/context.server.ts'
import { flashToast, takeToast } from './toast.server.ts'

const t = translatorFor('nl', { locales: { default: 'nl', offered: ['nl'] } } as never)

async function roundTrip(cookie: string) {
  const context = { setCookies: [] as string[], t }
  const toast = await takeToast(context, new Request('http://x.test/', { headers: { cookie } }))
  return { toast, cleared: context.setCookies }
}

describe('the flash toast', () => {
  it('is shown once, translated, and then cleared', async () => {
    const context = { setCookies: [] as string[] }
    await flashToast(context, { key: 'blocked', values: { name: 'Sanne' } })
    const cookie = context.setCookies[0]!.split(';')[0]!
    const { toast, cleared } = await roundTrip(cookie)
    expect(toast?.text).toBe('Je hebt Sanne geblokkeerd. Ongedaan maken kan in je instellingen.')
    expect(cleared[0]).toMatch(/^toast=;.*Max-Age=0/)
  })

  it('says nothing for a forged cookie: unknown keys, long names, garbage', async () => {
    const forged = (value: unknown) => `toast=${encodeURIComponent(Buffer.from(JSON.stringify(value)).toString('base64'))}`
    for (const cookie of [forged({ key: 'errors.status.500' }), forged({ key: 'blocked', values: { name: 'x'.repeat(500) } }), 'toast=%%%', forged('blocked')]) {
      expect((await roundTrip(cookie)).toast, cookie).toBeNull()
    }
    expect((await roundTrip('other=1')).toast).toBeNull()
  })
})
