// A local stand-in for the part of the Mollie v2 API this app uses (docs/decisions/015):
// payments (create, get, list, cancel), methods, customers, mandates, recurring payments,
// refunds and chargebacks, in Mollie's hal+json shapes, over HTTPS on loopback with a
// self-signed certificate (the real @mollie/api-client speaks only HTTPS). A checkout page
// lets the tester pick paid / failed / canceled / expired; the sandbox then posts
// `id=tr_...` to the payment's webhookUrl and sends the browser to its redirectUrl.
// Data lives in memory, partitioned by API key like real Mollie accounts: a payment made
// with one site's key is not found with another's.
import { randomBytes } from 'node:crypto'
import http from 'node:http'
import https from 'node:https'
import type { AddressInfo } from 'node:net'
import { generate } from 'selfsigned'

type Amount = { value: string; currency: string }
export type SandboxStatus = 'open' | 'pending' | 'authorized' | 'paid' | 'failed' | 'canceled' | 'expired'
const FINAL: readonly SandboxStatus[] = ['paid', 'failed', 'canceled', 'expired']

type Payment = {
  resource: 'payment'
  id: string
  mode: 'test'
  createdAt: string
  amount: Amount
  description: string
  method: string | null
  metadata: unknown
  status: SandboxStatus
  isCancelable: boolean
  expiresAt: string
  paidAt?: string
  failedAt?: string
  canceledAt?: string
  expiredAt?: string
  profileId: string
  sequenceType: 'oneoff' | 'first' | 'recurring'
  redirectUrl: string | null
  webhookUrl: string | null
  customerId?: string
  mandateId?: string
  issuer?: string
  locale?: string
  amountRefunded: Amount
  amountRemaining: Amount
  amountChargedBack?: Amount
  details?: Record<string, unknown>
}
type Refund = { resource: 'refund'; id: string; amount: Amount; status: 'pending' | 'refunded' | 'failed'; paymentId: string; description: string; createdAt: string; metadata?: unknown }
type Chargeback = { resource: 'chargeback'; id: string; amount: Amount; paymentId: string; createdAt: string; reason: { code: string; description: string } }
type Customer = { resource: 'customer'; id: string; mode: 'test'; name: string | null; email: string | null; metadata: unknown; createdAt: string }
type Mandate = { resource: 'mandate'; id: string; mode: 'test'; status: 'valid' | 'pending' | 'invalid'; method: 'creditcard' | 'directdebit' | 'paypal'; details: Record<string, unknown>; mandateReference: string | null; signatureDate: string; createdAt: string; customerId: string }

type Account = {
  payments: Map<string, Payment>
  refunds: Map<string, Refund[]>
  chargebacks: Map<string, Chargeback[]>
  customers: Map<string, Customer>
  mandates: Map<string, Mandate[]>
  idempotent: Map<string, { status: number; body: unknown }>
}

/** Methods the sandbox offers, with the iDEAL banks; the app filters them per site and country. */
export const SANDBOX_METHODS = [
  { id: 'ideal', description: 'iDEAL' },
  { id: 'creditcard', description: 'Card' },
  { id: 'bancontact', description: 'Bancontact' },
  { id: 'paypal', description: 'PayPal' },
  { id: 'applepay', description: 'Apple Pay' },
  { id: 'banktransfer', description: 'Bank transfer' },
  { id: 'directdebit', description: 'SEPA Direct Debit' },
  { id: 'sofort', description: 'SOFORT Banking' },
  { id: 'giropay', description: 'giropay' },
  { id: 'eps', description: 'eps' },
  { id: 'przelewy24', description: 'Przelewy24' },
  { id: 'blik', description: 'BLIK' },
  { id: 'paysafecard', description: 'paysafecard' },
] as const
const IDEAL_ISSUERS = [
  { id: 'ideal_ABNANL2A', name: 'ABN AMRO' },
  { id: 'ideal_INGBNL2A', name: 'ING' },
  { id: 'ideal_RABONL2U', name: 'Rabobank' },
  { id: 'ideal_ASNBNL21', name: 'ASN Bank' },
]

export type MollieSandbox = {
  /** API endpoint for createMollieClient, e.g. https://127.0.0.1:PORT/v2/ */
  apiEndpoint: string
  /** Where the checkout pages are served (plain HTTP on loopback: no certificate warning). */
  checkoutOrigin: string
  certificate: string
  /** Off: a payment's status changes but its webhook is not called (a crashed app, a lost call). */
  setWebhooks(enabled: boolean): void
  /** Sets a payment's status as the checkout would, and calls the webhook unless turned off. */
  complete(paymentId: string, status: SandboxStatus): Promise<void>
  /** Adds a chargeback to a paid payment and calls its webhook. */
  chargeback(paymentId: string): Promise<void>
  /** The outcome of the next recurring payments (default paid). */
  setRecurringOutcome(status: 'paid' | 'failed'): void
  /** Every payment of every key (tests). */
  payments(): Payment[]
  /** Webhook calls made, in order: [url, id, HTTP status or error]. */
  webhookCalls: { url: string; id: string; status: number | string }[]
  /** API requests received, in order: method and path (tests count what the app asked). */
  apiCalls: { method: string; path: string }[]
  close(): Promise<void>
}

const newId = (prefix: string) => `${prefix}_${randomBytes(7).toString('base64url').replace(/[-_]/g, 'x')}`
const now = () => new Date().toISOString()
const zero = (currency: string): Amount => ({ value: '0.00', currency })
const cents = (amount: Amount) => Math.round(Number(amount.value) * 100)
const toAmount = (value: number, currency: string): Amount => ({ value: (value / 100).toFixed(2), currency })

function apiError(status: number, detail: string, field?: string) {
  const titles: Record<number, string> = { 401: 'Unauthorized Request', 404: 'Not Found', 422: 'Unprocessable Entity', 400: 'Bad Request' }
  return { status, body: { status, title: titles[status] ?? 'Error', detail, ...(field ? { field } : {}), _links: { documentation: { href: 'https://docs.mollie.com/overview/handling-errors', type: 'text/html' } } } }
}

export async function startMollieSandbox(options: { port?: number; checkoutPort?: number; host?: string; log?: (line: string) => void } = {}): Promise<MollieSandbox> {
  const host = options.host ?? '127.0.0.1'
  const log = options.log ?? (() => undefined)
  const pems = await generate([{ name: 'commonName', value: 'mollie-sandbox.localhost' }], {
    keySize: 2048,
    algorithm: 'sha256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }, { type: 2, value: 'localhost' }] }],
  })
  const accounts = new Map<string, Account>()
  let webhooks = true
  let recurringOutcome: 'paid' | 'failed' = 'paid'
  const webhookCalls: MollieSandbox['webhookCalls'] = []
  const apiCalls: MollieSandbox['apiCalls'] = []
  let apiEndpoint = ''
  let checkoutOrigin = ''

  const accountFor = (key: string): Account => {
    let account = accounts.get(key)
    if (!account) {
      account = { payments: new Map(), refunds: new Map(), chargebacks: new Map(), customers: new Map(), mandates: new Map(), idempotent: new Map() }
      accounts.set(key, account)
    }
    return account
  }
  const findPayment = (id: string): { account: Account; payment: Payment } | null => {
    for (const account of accounts.values()) {
      const payment = account.payments.get(id)
      if (payment) return { account, payment }
    }
    return null
  }

  const paymentView = (account: Account, payment: Payment) => ({
    ...payment,
    _links: {
      self: { href: `${apiEndpoint}payments/${payment.id}`, type: 'application/hal+json' },
      ...(payment.status === 'open' && payment.sequenceType !== 'recurring' ? { checkout: { href: `${checkoutOrigin}/checkout/${payment.id}`, type: 'text/html' } } : {}),
      ...(account.refunds.get(payment.id)?.length ? { refunds: { href: `${apiEndpoint}payments/${payment.id}/refunds`, type: 'application/hal+json' } } : {}),
      ...(account.chargebacks.get(payment.id)?.length ? { chargebacks: { href: `${apiEndpoint}payments/${payment.id}/chargebacks`, type: 'application/hal+json' } } : {}),
      documentation: { href: 'https://docs.mollie.com/reference/v2/payments-api/get-payment', type: 'text/html' },
    },
  })
  const list = (name: string, items: unknown[]) => ({ count: items.length, _embedded: { [name]: items }, _links: { self: { href: apiEndpoint, type: 'application/hal+json' }, previous: null, next: null, documentation: null } })

  async function callWebhook(payment: Payment): Promise<void> {
    if (!payment.webhookUrl || !webhooks) return
    const target = new URL(payment.webhookUrl)
    const body = `id=${encodeURIComponent(payment.id)}`
    // *.localhost is loopback (browsers resolve it so; Node's resolver may not).
    const connectHost = target.hostname === 'localhost' || target.hostname.endsWith('.localhost') ? '127.0.0.1' : target.hostname
    const status = await new Promise<number | string>((resolve) => {
      const request = (target.protocol === 'https:' ? https : http).request(
        { host: connectHost, port: target.port || (target.protocol === 'https:' ? 443 : 80), path: target.pathname + target.search, method: 'POST', servername: target.hostname, headers: { host: target.host, 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body), 'user-agent': 'Mollie sandbox webhook' } },
        (response) => {
          response.resume()
          response.on('end', () => resolve(response.statusCode ?? 0))
        },
      )
      request.on('error', (error) => resolve(error.message))
      request.setTimeout(15_000, () => request.destroy(new Error('timeout')))
      request.end(body)
    })
    webhookCalls.push({ url: payment.webhookUrl, id: payment.id, status })
    log(`webhook ${payment.id} -> ${payment.webhookUrl}: ${status}`)
  }

  function setStatus(account: Account, payment: Payment, status: SandboxStatus): void {
    payment.status = status
    payment.isCancelable = false
    const at = now()
    if (status === 'paid') {
      payment.paidAt = at
      payment.method ??= 'ideal'
      if (payment.method === 'creditcard') payment.details = { cardNumber: '6787', cardHolder: 'T. Tester', cardLabel: 'Mastercard', cardCountryCode: 'NL' }
      if (payment.method === 'ideal') payment.details = { consumerName: 'T. Tester', consumerAccount: 'NL53INGB0654422370', consumerBic: 'INGBNL2A' }
      if (payment.sequenceType === 'first' && payment.customerId) {
        const method = payment.method === 'creditcard' ? 'creditcard' : payment.method === 'paypal' ? 'paypal' : 'directdebit'
        const mandate: Mandate = {
          resource: 'mandate', id: newId('mdt'), mode: 'test', status: 'valid', method,
          details: method === 'creditcard' ? { cardHolder: 'T. Tester', cardNumber: '6787', cardLabel: 'Mastercard', cardExpiryDate: '2030-12-31' } : { consumerName: 'T. Tester', consumerAccount: 'NL53INGB0654422370', consumerBic: 'INGBNL2A' },
          mandateReference: null, signatureDate: at.slice(0, 10), createdAt: at, customerId: payment.customerId,
        }
        account.mandates.set(payment.customerId, [...(account.mandates.get(payment.customerId) ?? []), mandate])
        payment.mandateId = mandate.id
      }
    } else if (status === 'failed') payment.failedAt = at
    else if (status === 'canceled') payment.canceledAt = at
    else if (status === 'expired') payment.expiredAt = at
  }

  type Answer = { status: number; body: unknown }
  function api(method: string, url: URL, key: string, input: Record<string, unknown>, idempotencyKey: string | undefined): Answer {
    apiCalls.push({ method, path: url.pathname })
    const account = accountFor(key)
    const parts = url.pathname.replace(/^\/v2\//, '').split('/').filter(Boolean)
    if (method === 'POST' && idempotencyKey) {
      const earlier = account.idempotent.get(`${parts.join('/')}:${idempotencyKey}`)
      if (earlier) return earlier
    }
    const answer = route(method, parts, url, account, input)
    if (method === 'POST' && idempotencyKey && answer.status < 300) account.idempotent.set(`${parts.join('/')}:${idempotencyKey}`, answer)
    return answer
  }

  function parseAmount(input: unknown): Amount | null {
    if (!input || typeof input !== 'object') return null
    const { value, currency } = input as Record<string, unknown>
    if (typeof value !== 'string' || !/^\d+\.\d{2}$/.test(value) || typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) return null
    return { value, currency }
  }

  function createPayment(account: Account, input: Record<string, unknown>, customerId?: string): Answer {
    const amount = parseAmount(input.amount)
    if (!amount || cents(amount) <= 0) return apiError(422, 'The amount is invalid', 'amount')
    const sequenceType = input.sequenceType === 'first' || input.sequenceType === 'recurring' ? input.sequenceType : 'oneoff'
    const customer = (typeof input.customerId === 'string' ? input.customerId : undefined) ?? customerId
    if (customer && !account.customers.has(customer)) return apiError(404, `No customer exists with token ${customer}.`, 'customerId')
    if (sequenceType !== 'oneoff' && !customer) return apiError(422, 'A customer is required for this sequence type', 'customerId')
    if (sequenceType !== 'recurring' && typeof input.redirectUrl !== 'string') return apiError(422, 'The redirect URL is missing', 'redirectUrl')
    let mandateId: string | undefined
    if (sequenceType === 'recurring') {
      const mandates = (account.mandates.get(customer ?? '') ?? []).filter((m) => m.status === 'valid')
      const mandate = typeof input.mandateId === 'string' ? mandates.find((m) => m.id === input.mandateId) : mandates[0]
      if (!mandate) return apiError(422, 'The customer has no valid mandate', 'mandateId')
      mandateId = mandate.id
    }
    const method = Array.isArray(input.method) ? null : typeof input.method === 'string' ? input.method : null
    if (method && !SANDBOX_METHODS.some((m) => m.id === method)) return apiError(422, `The payment method is invalid`, 'method')
    const payment: Payment = {
      resource: 'payment', id: newId('tr'), mode: 'test', createdAt: now(), amount,
      description: typeof input.description === 'string' ? input.description : '',
      method: sequenceType === 'recurring' ? (account.mandates.get(customer ?? '')?.find((m) => m.id === mandateId)?.method ?? null) : method,
      metadata: input.metadata ?? null, status: sequenceType === 'recurring' ? 'pending' : 'open', isCancelable: sequenceType !== 'recurring',
      expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(), profileId: 'pfl_sandbox', sequenceType,
      redirectUrl: typeof input.redirectUrl === 'string' ? input.redirectUrl : null,
      webhookUrl: typeof input.webhookUrl === 'string' ? input.webhookUrl : null,
      ...(customer ? { customerId: customer } : {}), ...(mandateId ? { mandateId } : {}),
      ...(typeof input.issuer === 'string' ? { issuer: input.issuer } : {}),
      ...(typeof input.locale === 'string' ? { locale: input.locale } : {}),
      amountRefunded: zero(amount.currency), amountRemaining: amount,
    }
    account.payments.set(payment.id, payment)
    if (sequenceType === 'recurring') {
      // A recurring charge needs no customer: it settles shortly after and calls the webhook.
      const outcome = recurringOutcome
      setTimeout(() => {
        setStatus(account, payment, outcome)
        void callWebhook(payment)
      }, 50).unref()
    }
    return { status: 201, body: paymentView(account, payment) }
  }

  function route(method: string, parts: string[], url: URL, account: Account, input: Record<string, unknown>): Answer {
    const [head, id, sub, subId] = parts
    if (head === 'payments') {
      if (!id && method === 'POST') return createPayment(account, input)
      if (!id && method === 'GET') return { status: 200, body: list('payments', [...account.payments.values()].reverse().map((p) => paymentView(account, p))) }
      const payment = id ? account.payments.get(id) : undefined
      if (!payment) return apiError(404, `No payment exists with token ${id}.`)
      if (!sub && method === 'GET') return { status: 200, body: paymentView(account, payment) }
      if (!sub && method === 'DELETE') {
        if (payment.status !== 'open') return apiError(422, 'The payment cannot be canceled')
        setStatus(account, payment, 'canceled')
        return { status: 200, body: paymentView(account, payment) }
      }
      if (sub === 'refunds' && method === 'POST') {
        if (payment.status !== 'paid') return apiError(422, 'The payment is not paid')
        const amount = parseAmount(input.amount) ?? payment.amountRemaining
        if (cents(amount) > cents(payment.amountRemaining) || amount.currency !== payment.amount.currency) return apiError(422, 'The amount is higher than the amount that can be refunded', 'amount')
        const refund: Refund = { resource: 'refund', id: newId('re'), amount, status: 'pending', paymentId: payment.id, description: typeof input.description === 'string' ? input.description : '', createdAt: now(), ...(input.metadata ? { metadata: input.metadata } : {}) }
        account.refunds.set(payment.id, [...(account.refunds.get(payment.id) ?? []), refund])
        payment.amountRefunded = toAmount(cents(payment.amountRefunded) + cents(amount), amount.currency)
        payment.amountRemaining = toAmount(cents(payment.amountRemaining) - cents(amount), amount.currency)
        // Mollie processes refunds in a batch and then calls the payment's webhook.
        setTimeout(() => {
          refund.status = 'refunded'
          void callWebhook(payment)
        }, 50).unref()
        return { status: 201, body: { ...refund, _links: { self: { href: `${apiEndpoint}payments/${payment.id}/refunds/${refund.id}`, type: 'application/hal+json' }, payment: { href: `${apiEndpoint}payments/${payment.id}`, type: 'application/hal+json' } } } }
      }
      if (sub === 'refunds' && method === 'GET' && !subId) return { status: 200, body: list('refunds', account.refunds.get(payment.id) ?? []) }
      if (sub === 'chargebacks' && method === 'GET' && !subId) return { status: 200, body: list('chargebacks', account.chargebacks.get(payment.id) ?? []) }
    }
    if (head === 'methods' && method === 'GET') {
      const withIssuers = (url.searchParams.get('include') ?? '').includes('issuers')
      const methods = SANDBOX_METHODS.map((m) => ({
        resource: 'method', id: m.id, description: m.description, status: 'activated',
        minimumAmount: { value: '1.00', currency: 'EUR' }, maximumAmount: { value: '10000.00', currency: 'EUR' },
        image: { size1x: '', size2x: '', svg: '' },
        ...(m.id === 'ideal' && withIssuers ? { issuers: IDEAL_ISSUERS.map((i) => ({ resource: 'issuer', ...i, image: { size1x: '', size2x: '', svg: '' } })) } : {}),
        _links: { self: { href: `${apiEndpoint}methods/${m.id}`, type: 'application/hal+json' } },
      }))
      if (id) {
        const one = methods.find((m) => m.id === id)
        return one ? { status: 200, body: one } : apiError(404, `No method exists with id ${id}.`)
      }
      return { status: 200, body: list('methods', methods) }
    }
    if (head === 'customers') {
      if (!id && method === 'POST') {
        const customer: Customer = { resource: 'customer', id: newId('cst'), mode: 'test', name: typeof input.name === 'string' ? input.name : null, email: typeof input.email === 'string' ? input.email : null, metadata: input.metadata ?? null, createdAt: now() }
        account.customers.set(customer.id, customer)
        return { status: 201, body: customer }
      }
      const customer = id ? account.customers.get(id) : undefined
      if (!customer) return apiError(404, `No customer exists with token ${id}.`)
      if (!sub && method === 'GET') return { status: 200, body: customer }
      if (sub === 'payments' && method === 'POST') return createPayment(account, input, customer.id)
      if (sub === 'mandates') {
        const mandates = account.mandates.get(customer.id) ?? []
        if (!subId && method === 'GET') return { status: 200, body: list('mandates', mandates) }
        if (!subId && method === 'POST') {
          if (input.method !== 'directdebit' || typeof input.consumerName !== 'string' || typeof input.consumerAccount !== 'string') return apiError(422, 'A direct debit mandate needs consumerName and consumerAccount', 'method')
          const mandate: Mandate = { resource: 'mandate', id: newId('mdt'), mode: 'test', status: 'valid', method: 'directdebit', details: { consumerName: input.consumerName, consumerAccount: input.consumerAccount, consumerBic: null }, mandateReference: typeof input.mandateReference === 'string' ? input.mandateReference : null, signatureDate: now().slice(0, 10), createdAt: now(), customerId: customer.id }
          account.mandates.set(customer.id, [...mandates, mandate])
          return { status: 201, body: mandate }
        }
        const mandate = mandates.find((m) => m.id === subId)
        if (!mandate) return apiError(404, `No mandate exists with token ${subId}.`)
        if (method === 'GET') return { status: 200, body: mandate }
        if (method === 'DELETE') {
          mandate.status = 'invalid'
          account.mandates.set(customer.id, mandates.filter((m) => m.id !== subId))
          return { status: 204, body: null }
        }
      }
    }
    return apiError(404, 'The resource does not exist.')
  }

  async function readBody(req: http.IncomingMessage): Promise<string> {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    return Buffer.concat(chunks).toString('utf8')
  }

  const apiServer = https.createServer({ key: pems.private, cert: pems.cert }, (req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', apiEndpoint || 'https://127.0.0.1')
      const auth = req.headers.authorization ?? ''
      const key = /^Bearer ((test|live)_\w{8,})$/.exec(auth)?.[1]
      let answer: Answer
      if (!url.pathname.startsWith('/v2/')) answer = apiError(404, 'The resource does not exist.')
      else if (!key) answer = apiError(401, 'Missing authentication, or failed to authenticate')
      else {
        const text = await readBody(req)
        let input: Record<string, unknown> = {}
        try {
          input = text ? (JSON.parse(text) as Record<string, unknown>) : {}
        } catch {
          answer = apiError(400, 'The request body is not valid JSON')
        }
        const idem = req.headers['idempotency-key']
        answer ??= api(req.method ?? 'GET', url, key, input, typeof idem === 'string' ? idem : undefined)
      }
      res.statusCode = answer.status
      if (answer.status === 204) return res.end()
      res.setHeader('content-type', 'application/hal+json')
      res.end(JSON.stringify(answer.body))
    })().catch((error: unknown) => {
      res.statusCode = 500
      res.end(String(error))
    })
  })

  const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
  const checkoutServer = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1')
      // Test control: POST /__sandbox/webhooks?enabled=false (a browser test's "crashed app").
      if (url.pathname === '/__sandbox/webhooks' && req.method === 'POST') {
        webhooks = url.searchParams.get('enabled') !== 'false'
        return res.end(JSON.stringify({ webhooks }))
      }
      if (url.pathname === '/__sandbox/payments' && req.method === 'GET') {
        res.setHeader('content-type', 'application/json')
        return res.end(JSON.stringify([...accounts.values()].flatMap((a) => [...a.payments.values()]).map((p) => ({ id: p.id, status: p.status, amount: p.amount, amountRefunded: p.amountRefunded, metadata: p.metadata, sequenceType: p.sequenceType }))))
      }
      const match = /^\/checkout\/(tr_\w+)$/.exec(url.pathname)
      const found = match ? findPayment(match[1] ?? '') : null
      if (!found) {
        res.statusCode = 404
        return res.end('Unknown payment')
      }
      const { account, payment } = found
      if (req.method === 'POST') {
        const form = new URLSearchParams(await readBody(req))
        const status = form.get('status') as SandboxStatus | null
        const method = form.get('method')
        if (payment.status === 'open' && status && FINAL.includes(status)) {
          if (!payment.method && method && SANDBOX_METHODS.some((m) => m.id === method)) payment.method = method
          setStatus(account, payment, status)
          await callWebhook(payment)
        }
        res.statusCode = 303
        res.setHeader('location', payment.redirectUrl ?? '/')
        return res.end()
      }
      res.setHeader('content-type', 'text/html; charset=utf-8')
      const methodChoice = payment.method
        ? `<p>Method: <strong>${escape(payment.method)}</strong>${payment.issuer ? ` (${escape(payment.issuer)})` : ''}</p>`
        : `<label>Method <select name="method">${SANDBOX_METHODS.map((m) => `<option value="${m.id}">${escape(m.description)}</option>`).join('')}</select></label>`
      res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Mollie sandbox checkout</title>
<style>body{font-family:system-ui,sans-serif;max-width:30rem;margin:2rem auto;padding:0 1rem}fieldset{border:1px solid #ccc;padding:1rem}button{font-size:1rem;padding:.5rem 1rem;margin:.25rem}</style></head>
<body><h1>Mollie sandbox</h1><p>Test payment <code>${payment.id}</code>: <strong>${escape(payment.amount.currency)} ${escape(payment.amount.value)}</strong></p><p>${escape(payment.description)}</p>
${payment.status === 'open' ? `<form method="post"><fieldset><legend>Outcome</legend>${methodChoice}<p>
<button name="status" value="paid">Paid</button><button name="status" value="failed">Failed</button><button name="status" value="canceled">Canceled</button><button name="status" value="expired">Expired</button></p></fieldset></form>` : `<p>Status: ${payment.status}</p><p><a href="${escape(payment.redirectUrl ?? '/')}">Back to the shop</a></p>`}
</body></html>`)
    })().catch((error: unknown) => {
      res.statusCode = 500
      res.end(String(error))
    })
  })

  const listen = (server: http.Server, port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, host, () => {
        server.off('error', reject)
        resolve()
      })
    })
  await listen(apiServer, options.port ?? 0)
  try {
    await listen(checkoutServer, options.checkoutPort ?? 0)
  } catch (error) {
    apiServer.close()
    throw error
  }
  apiEndpoint = `https://${host}:${(apiServer.address() as AddressInfo).port}/v2/`
  checkoutOrigin = `http://${host}:${(checkoutServer.address() as AddressInfo).port}`

  return {
    apiEndpoint,
    checkoutOrigin,
    certificate: pems.cert,
    setWebhooks: (enabled) => {
      webhooks = enabled
    },
    async complete(paymentId, status) {
      const found = findPayment(paymentId)
      if (!found) throw new Error(`sandbox: no payment ${paymentId}`)
      setStatus(found.account, found.payment, status)
      await callWebhook(found.payment)
    },
    async chargeback(paymentId) {
      const found = findPayment(paymentId)
      if (!found || found.payment.status !== 'paid') throw new Error(`sandbox: no paid payment ${paymentId}`)
      const { account, payment } = found
      const chargeback: Chargeback = { resource: 'chargeback', id: newId('chb'), amount: payment.amount, paymentId, createdAt: now(), reason: { code: 'AC01', description: 'Account identifier incorrect' } }
      account.chargebacks.set(paymentId, [...(account.chargebacks.get(paymentId) ?? []), chargeback])
      payment.amountChargedBack = payment.amount
      await callWebhook(payment)
    },
    setRecurringOutcome: (status) => {
      recurringOutcome = status
    },
    payments: () => [...accounts.values()].flatMap((a) => [...a.payments.values()]),
    webhookCalls,
    apiCalls,
    close: async () => {
      apiServer.closeAllConnections()
      checkoutServer.closeAllConnections()
      await Promise.all([new Promise((r) => apiServer.close(r)), new Promise((r) => checkoutServer.close(r))])
    },
  }
}
