// Request bodies at the edge of Remix. Urlencoded and JSON bodies are read here up to
// BODY_LIMIT_BYTES (413 beyond); multipart bodies stream on to the upload code, which keeps
// its own per-file limits. And one guard around Request#formData/#json for the whole
// process: a body that cannot be parsed, or that carries a NUL byte (Postgres refuses NUL in
// text), becomes a 400 Response that Remix renders, instead of an error that becomes a 500.
import type { Request as ExpressRequest } from 'express'
import { mediaType } from './request-guards.ts'

export class BodyTooLarge extends Error {}

/** The whole body, or BodyTooLarge once it passes `limit` bytes. */
export async function readLimitedBody(req: ExpressRequest, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? 0)
  if (declared > limit) throw new BodyTooLarge()
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > limit) throw new BodyTooLarge()
    chunks.push(chunk)
  }
  return Buffer.concat(chunks)
}

export function isMultipart(req: ExpressRequest): boolean {
  return mediaType(req.get('content-type')) === 'multipart/form-data'
}

function badRequest(message: string, status = 400): Response {
  return new Response(message, { status, statusText: message, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } })
}

const hasNul = (value: string) => value.includes('\u0000')

function jsonHasNul(value: unknown): boolean {
  if (typeof value === 'string') return hasNul(value)
  if (Array.isArray(value)) return value.some(jsonHasNul)
  if (value && typeof value === 'object') return Object.entries(value).some(([key, v]) => hasNul(key) || jsonHasNul(v))
  return false
}

const GUARDED = Symbol.for('dating.bodyGuard')

/** Installs the formData/json guard on this process's Request class, once. */
export function installBodyGuard(): void {
  const proto = Request.prototype as Request & { [GUARDED]?: true }
  if (proto[GUARDED]) return
  proto[GUARDED] = true
  const formData = proto.formData
  const json = proto.json
  proto.formData = async function guardedFormData(this: Request) {
    let form: FormData
    try {
      form = await formData.call(this)
    } catch {
      throw badRequest('The form could not be read: send it as application/x-www-form-urlencoded or multipart/form-data.')
    }
    for (const [name, value] of form) {
      if (hasNul(name) || (typeof value === 'string' && hasNul(value))) throw badRequest('The form contains a NUL byte.')
    }
    return form
  }
  proto.json = async function guardedJson(this: Request) {
    if (mediaType(this.headers.get('content-type') ?? undefined) !== 'application/json') throw badRequest('Send application/json.', 415)
    let value: unknown
    try {
      value = await json.call(this)
    } catch {
      throw badRequest('The body is not valid JSON.')
    }
    if (jsonHasNul(value)) throw badRequest('The JSON contains a NUL byte.')
    return value
  }
}
