// Reads an upload form as it streams in. A file above the size limit is not kept: the rest
// of it is read past and the file is answered "too large" on its own, so one big file never
// costs the other files of the request, nor a 500. Text fields are small and kept as usual.
import { unstable_parseMultipartFormData, type UploadHandler } from '@remix-run/node'
import { MAX_FILES_PER_REQUEST, MAX_UPLOAD_BYTES } from './limits.ts'
import type { IncomingFile } from './upload.server.ts'

const MAX_FIELD_BYTES = 16 * 1024
const FORM_OVERHEAD_BYTES = 1024 * 1024

class RequestTooLarge extends Error {}

export type UploadForm = { ok: true; fields: FormData; files: IncomingFile[] } | { ok: false; reason: 'requestTooLarge' | 'badRequest' }

/** A file name fit to show back: its base name, without control characters, not too long. */
export function displayName(filename: string): string {
  // eslint-disable-next-line no-control-regex -- stripping control characters is the point
  const base = filename.split(/[/\\]/).pop()!.replace(/[\u0000-\u001f\u007f]/g, '').trim()
  return (base || '?').slice(0, 120)
}

export function isMultipart(request: Request): boolean {
  return (request.headers.get('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')
}

export async function readUploadForm(request: Request, { maxFiles = MAX_FILES_PER_REQUEST, maxBytes = MAX_UPLOAD_BYTES } = {}): Promise<UploadForm> {
  // The whole request is bounded too: refuse a body announced too large before reading it.
  const budget = (maxFiles + 1) * maxBytes + FORM_OVERHEAD_BYTES
  const announced = Number(request.headers.get('content-length') ?? 0)
  if (announced > budget) return { ok: false, reason: 'requestTooLarge' }

  const files: IncomingFile[] = []
  let total = 0
  const count = (chunk: Uint8Array) => {
    total += chunk.byteLength
    if (total > budget) throw new RequestTooLarge()
  }

  const handler: UploadHandler = async ({ filename, data }) => {
    if (filename === undefined) {
      const chunks: Uint8Array[] = []
      let size = 0
      for await (const chunk of data) {
        count(chunk)
        size += chunk.byteLength
        if (size <= MAX_FIELD_BYTES) chunks.push(chunk)
      }
      return size <= MAX_FIELD_BYTES ? Buffer.concat(chunks).toString('utf8') : undefined
    }
    const name = displayName(filename)
    const chunks: Uint8Array[] = []
    let size = 0
    const keep = files.length < maxFiles
    for await (const chunk of data) {
      count(chunk)
      size += chunk.byteLength
      if (keep && size <= maxBytes) chunks.push(chunk)
    }
    // An empty file input still sends one part without a name or bytes.
    if (filename === '' && size === 0) return undefined
    if (!keep) files.push({ name, refused: 'tooManyFiles' })
    else if (size > maxBytes) files.push({ name, refused: 'tooLarge' })
    else files.push({ name, bytes: Buffer.concat(chunks) })
    return undefined
  }

  try {
    const fields = await unstable_parseMultipartFormData(request, handler)
    return { ok: true, fields, files }
  } catch (error) {
    if (error instanceof RequestTooLarge) return { ok: false, reason: 'requestTooLarge' }
    return { ok: false, reason: 'badRequest' }
  }
}

