// Reading the multipart form: a file above 10 MB is answered on its own (never a 500), the
// request as a whole is bounded, and an empty file input is no file.
import { describe, expect, it } from 'vitest'
import { MAX_UPLOAD_BYTES } from './limits.ts'
import { displayName, isMultipart, readUploadForm } from './upload-form.server.ts'

function post(form: FormData, headers: Record<string, string> = {}): Request {
  const request = new Request('http://flirtlokaal.localhost/profile/photos', { method: 'POST', body: form })
  for (const [k, v] of Object.entries(headers)) request.headers.set(k, v)
  return request
}

const file = (bytes: number, name: string) => new File([new Uint8Array(bytes).fill(7)], name, { type: 'image/jpeg' })

describe('readUploadForm', () => {
  it('keeps small files and fields, and answers a too-large file without keeping it', async () => {
    const form = new FormData()
    form.append('intent', 'upload')
    form.append('redirectTo', '/signup?step=3')
    form.append('photos', file(1000, 'small.jpg'))
    form.append('photos', file(MAX_UPLOAD_BYTES + 1, 'huge.jpg'))
    form.append('photos', file(10, 'after.jpg'))
    const result = await readUploadForm(post(form))
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(result.fields.get('intent')).toBe('upload')
    expect(result.fields.get('redirectTo')).toBe('/signup?step=3')
    expect(result.fields.get('photos')).toBeNull()
    expect(result.files.map((f) => ('bytes' in f ? [f.name, f.bytes.length] : [f.name, f.refused]))).toEqual([
      ['small.jpg', 1000],
      ['huge.jpg', 'tooLarge'],
      ['after.jpg', 10],
    ])
  })

  it('refuses files beyond the per-request count without reading them into memory', async () => {
    const form = new FormData()
    for (let i = 0; i < 4; i++) form.append('photos', file(5, `${i}.jpg`))
    const result = await readUploadForm(post(form), { maxFiles: 2 })
    expect(result.ok && result.files.map((f) => ('refused' in f ? f.refused : 'kept'))).toEqual(['kept', 'kept', 'tooManyFiles', 'tooManyFiles'])
  })

  it('ignores an empty file input', async () => {
    const form = new FormData()
    form.append('intent', 'upload')
    form.append('photos', new File([], ''))
    const result = await readUploadForm(post(form))
    expect(result.ok && result.files).toEqual([])
  })

  it('refuses a request announced larger than the whole budget before reading it', async () => {
    const form = new FormData()
    form.append('photos', file(10, 'a.jpg'))
    const request = post(form, { 'content-length': String(100 * MAX_UPLOAD_BYTES) })
    expect(await readUploadForm(request)).toEqual({ ok: false, reason: 'requestTooLarge' })
  })

  it('refuses a body that turns out larger than the budget while streaming', async () => {
    const form = new FormData()
    for (let i = 0; i < 3; i++) form.append('photos', file(2000, `${i}.jpg`))
    expect(await readUploadForm(post(form), { maxFiles: 1, maxBytes: 1000 }).then((r) => r.ok)).toBe(true)
    // Budget is (maxFiles + 1) * maxBytes + 1 MiB: 3 files of 600 kB pass 1 MiB + 2 x 1 kB.
    const big = new FormData()
    for (let i = 0; i < 3; i++) big.append('photos', file(600_000, `${i}.jpg`))
    expect(await readUploadForm(post(big), { maxFiles: 1, maxBytes: 1000 })).toEqual({ ok: false, reason: 'requestTooLarge' })
  })

  it('finds no file in garbage, and answers a multipart type without boundary as a bad request', async () => {
    const garbage = new Request('http://x/', { method: 'POST', body: 'a=1', headers: { 'content-type': 'multipart/form-data; boundary=zzz' } })
    expect(await readUploadForm(garbage)).toMatchObject({ ok: true, files: [] })
    const noBoundary = new Request('http://x/', { method: 'POST', body: 'a=1', headers: { 'content-type': 'multipart/form-data' } })
    expect(await readUploadForm(noBoundary)).toEqual({ ok: false, reason: 'badRequest' })
  })
})

describe('helpers', () => {
  it('displayName keeps the base name only, without control characters', () => {
    expect(displayName('C:\\Users\\me\\Pictures\\beach.jpg')).toBe('beach.jpg')
    expect(displayName('../../etc/passwd')).toBe('passwd')
    expect(displayName('a\u0000b\u001b.jpg')).toBe('ab.jpg')
    expect(displayName('x'.repeat(500))).toHaveLength(120)
  })

  it('isMultipart looks at the content type', () => {
    const form = new FormData()
    form.append('a', 'b')
    expect(isMultipart(post(form))).toBe(true)
    expect(isMultipart(new Request('http://x/', { method: 'POST', body: new URLSearchParams({ a: 'b' }) }))).toBe(false)
  })
})
