// A local push service for tests: hands out subscriptions (a real P-256 key pair and auth
// secret per "browser", as Chromium makes them), receives the app's push requests over plain
// HTTP, checks the VAPID Authorization header is there and decrypts the aes128gcm payload with
// http_ece, so tests read exactly what the browser's service worker would get.
import { createECDH, randomBytes, type ECDH } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import * as ece from 'http_ece'

export type ReceivedPush = { endpoint: string; payload: unknown; headers: http.IncomingHttpHeaders; receivedAt: number }
export type TestSubscription = { endpoint: string; keys: { p256dh: string; auth: string } }

export async function startPushReceiver() {
  const browsers = new Map<string, { ecdh: ECDH; auth: string }>()
  /** Endpoints that answer this status instead of 201 (e.g. 410: the subscription is gone). */
  const statusFor = new Map<string, number>()
  const pushes: ReceivedPush[] = []
  const errors: string[] = []
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const endpoint = `http://127.0.0.1:${port}${req.url ?? ''}`
      const browser = browsers.get(endpoint)
      const status = statusFor.get(endpoint)
      if (status) return void res.writeHead(status).end()
      if (!browser || req.method !== 'POST') return void res.writeHead(404).end()
      if (!/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/.test(req.headers.authorization ?? '') || req.headers['content-encoding'] !== 'aes128gcm') {
        errors.push(`bad request headers: ${JSON.stringify(req.headers)}`)
        return void res.writeHead(400).end()
      }
      try {
        const plain = ece.decrypt(Buffer.concat(chunks), { version: 'aes128gcm', privateKey: browser.ecdh, authSecret: browser.auth })
        pushes.push({ endpoint, payload: JSON.parse(plain.toString('utf8')) as unknown, headers: req.headers, receivedAt: Date.now() })
        res.writeHead(201).end()
      } catch (error) {
        errors.push(String(error))
        res.writeHead(400).end()
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  return {
    port,
    pushes,
    errors,
    statusFor,
    /** A new browser subscription, as PushSubscription.toJSON() gives it. */
    subscribe(): TestSubscription {
      const ecdh = createECDH('prime256v1')
      ecdh.generateKeys()
      const auth = randomBytes(16).toString('base64url')
      const endpoint = `http://127.0.0.1:${port}/push/${randomBytes(8).toString('hex')}`
      browsers.set(endpoint, { ecdh, auth })
      return { endpoint, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth } }
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
