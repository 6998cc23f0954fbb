import { describe, expect, it } from 'vitest'
import { parseBasicAuth, requireOperator } from './operator.server.ts'

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`
const request = (authorization?: string) => new Request('http://flirtlokaal.localhost/operator/photos', { headers: authorization ? { authorization } : {} })

async function thrown(fn: () => unknown): Promise<Response> {
  try {
    fn()
  } catch (error) {
    if (error instanceof Response) return error
    throw error
  }
  throw new Error('nothing was thrown')
}

describe('requireOperator', () => {
  const env = { OPERATOR_PASSWORD: 'correct horse' }

  it('lets the operator in with the right password', () => {
    expect(requireOperator(request(basic('operator', 'correct horse')), env)).toEqual({ name: 'operator' })
  })

  it('asks for credentials (401 with a Basic challenge) when they are missing or wrong', async () => {
    for (const auth of [undefined, basic('operator', 'wrong'), basic('admin', 'correct horse'), 'Bearer x', 'Basic !!!']) {
      const response = await thrown(() => requireOperator(request(auth), env))
      expect(response.status).toBe(401)
      expect(response.headers.get('www-authenticate')).toMatch(/^Basic realm="Operator"/)
    }
  })

  it('answers 404 when OPERATOR_PASSWORD is not set: the page does not exist', async () => {
    for (const e of [{}, { OPERATOR_PASSWORD: '' }]) {
      expect((await thrown(() => requireOperator(request(basic('operator', '')), e))).status).toBe(404)
    }
  })

  it('parseBasicAuth keeps colons in the password', () => {
    expect(parseBasicAuth(basic('operator', 'a:b:c'))).toEqual({ user: 'operator', password: 'a:b:c' })
    expect(parseBasicAuth(null)).toBeNull()
  })
})
