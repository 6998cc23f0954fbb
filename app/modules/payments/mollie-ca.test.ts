// A staging deployment points MOLLIE_API_ENDPOINT at a test endpoint whose certificate is
// checked against MOLLIE_CA_FILE (docs/decisions/046): the local sandbox with its own
// certificate as the CA file is reached; with another authority's file the TLS check refuses.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { generate } from 'selfsigned'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startMollieSandbox, type MollieSandbox } from '../../../scripts/lib/mollie-sandbox.ts'
import { mollieFor } from './mollie.server.ts'

let sandbox: MollieSandbox
let dir: string
const saved = { endpoint: process.env.MOLLIE_API_ENDPOINT, ca: process.env.MOLLIE_CA_FILE, key: process.env.MOLLIE_API_KEY_CATEST }

beforeAll(async () => {
  sandbox = await startMollieSandbox({ port: 0, checkoutPort: 0 })
  dir = await mkdtemp(path.join(tmpdir(), 'mollie-ca-'))
  await writeFile(path.join(dir, 'sandbox.pem'), sandbox.certificate)
  const other = await generate([{ name: 'commonName', value: 'someone-else' }], { keySize: 2048, algorithm: 'sha256' })
  await writeFile(path.join(dir, 'other.pem'), other.cert)
  // localhost, not 127.0.0.1: the CA file is used for any endpoint it is given for.
  process.env.MOLLIE_API_ENDPOINT = sandbox.apiEndpoint.replace('127.0.0.1', 'localhost')
  process.env.MOLLIE_API_KEY_CATEST = 'test_catestcatestcatestcatestcatest'
})
afterAll(async () => {
  for (const [name, value] of [['MOLLIE_API_ENDPOINT', saved.endpoint], ['MOLLIE_CA_FILE', saved.ca], ['MOLLIE_API_KEY_CATEST', saved.key]] as const) {
    if (value === undefined) delete process.env[name]
    else process.env[name] = value
  }
  await sandbox?.close()
  await rm(dir, { recursive: true, force: true })
})

const site = { slug: 'catest', payments: { enabled: true } } as Parameters<typeof mollieFor>[0]

async function reach(): Promise<string> {
  try {
    await mollieFor(site)!.payments.get('tr_doesnotexist')
    return 'found'
  } catch (error) {
    const e = error as { statusCode?: number; message?: string; cause?: { code?: string } }
    return e.statusCode === 404 ? 'answered 404' : `failed: ${e.message ?? ''} ${e.cause?.code ?? ''}`
  }
}

describe('MOLLIE_CA_FILE', () => {
  it('trusts the authority in the file, and no other', async () => {
    process.env.MOLLIE_CA_FILE = path.join(dir, 'sandbox.pem')
    expect(await reach()).toBe('answered 404')
    process.env.MOLLIE_CA_FILE = path.join(dir, 'other.pem')
    expect(await reach()).toMatch(/^failed: .*(certificate|self.signed|SELF_SIGNED|UNABLE_TO_VERIFY)/i)
  })
})
