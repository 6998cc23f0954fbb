// The visitor-device cookie (decision 055): signed, so a client cannot make up ids; a forged,
// cut or foreign cookie counts as none, and the form then hands out a new one.
import { randomBytes } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { setUnsubscribeKey } from '../notifications/links.server.ts'
import { newVisitorDevice, VISITOR_DEVICE_COOKIE, visitorDevice, visitorDeviceOf } from './visitor-device.server.ts'

beforeAll(() => setUnsubscribeKey(randomBytes(32).toString('base64url')))

const valueOf = (setCookie: string) => setCookie.split(';')[0]!.slice(VISITOR_DEVICE_COOKIE.length + 1)

describe('visitor device', () => {
  it('reads back the id it issued, long-lived and HttpOnly', () => {
    const { id, setCookie } = newVisitorDevice()
    expect(setCookie).toMatch(/^vd=[\w-]{22}\.[\w-]{43}; Path=\/; Max-Age=63072000; HttpOnly; SameSite=Lax/)
    expect(visitorDeviceOf(`lang=nl; vd=${valueOf(setCookie)}; other=1`)).toBe(id)
    expect(visitorDevice(new Request('http://x/', { headers: { cookie: `vd=${valueOf(setCookie)}` } }))).toEqual({ id, setCookie: null })
  })

  it('takes a made-up, cut or re-signed cookie for none, and issues a new one', () => {
    const { setCookie } = newVisitorDevice()
    const [id, mac] = valueOf(setCookie).split('.') as [string, string]
    const other = newVisitorDevice()
    const otherMac = valueOf(other.setCookie).split('.')[1]!
    for (const forged of [`${id}.${otherMac}`, `${'A'.repeat(22)}.${mac}`, id, `${id}.${mac.slice(1)}`, '']) {
      expect(visitorDeviceOf(`vd=${forged}`)).toBeNull()
    }
    // Signed with another key (another deployment): none.
    setUnsubscribeKey(randomBytes(32).toString('base64url'))
    expect(visitorDeviceOf(`vd=${valueOf(setCookie)}`)).toBeNull()
    const fresh = visitorDevice(new Request('http://x/', { headers: { cookie: `vd=${valueOf(setCookie)}` } }))
    expect(fresh.id).toBeNull()
    expect(fresh.setCookie).toMatch(/^vd=/)
  })
})
