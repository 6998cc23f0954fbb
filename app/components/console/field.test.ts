// The console's form fields tie their translated error to the control: aria-invalid on the
// control, aria-describedby naming the error's id (and the hint's), nothing when no error.
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { ConsoleField, ConsoleSelect, ConsoleTextArea } from './field.tsx'

const html = (element: ReturnType<typeof createElement>) => renderToStaticMarkup(element)

describe('console fields', () => {
  it('name the error of a text field, after its hint, and mark it invalid', () => {
    const out = html(createElement(ConsoleField, { name: 'email', label: 'E-mail', error: 'errors.email', hint: 'hint' }))
    expect(out).toContain('aria-invalid="true"')
    expect(out).toContain('aria-describedby="field-email-hint field-email-error"')
    expect(out).toContain('<p class="field-error" id="field-email-error" role="alert">errors.email</p>')
  })

  it('name the error of a textarea and of a select by their own ids', () => {
    const area = html(createElement(ConsoleTextArea, { name: 'note', label: 'Note', error: 'errors.note' }))
    expect(area).toContain('aria-describedby="field-note-error"')
    expect(area).toContain('<p class="field-error" id="field-note-error" role="alert">errors.note</p>')
    const select = html(createElement(ConsoleSelect, { id: 'pick', name: 'site', label: 'Site', options: [{ value: 'a', label: 'A' }], error: 'errors.site' }))
    expect(select).toContain('aria-invalid="true"')
    expect(select).toContain('aria-describedby="pick-error"')
    expect(select).toContain('<p class="field-error" id="pick-error" role="alert">errors.site</p>')
  })

  it('show no error, no aria-invalid and no dangling aria-describedby without an error', () => {
    for (const out of [
      html(createElement(ConsoleField, { name: 'email', label: 'E-mail' })),
      html(createElement(ConsoleTextArea, { name: 'note', label: 'Note' })),
      html(createElement(ConsoleSelect, { id: 'pick', name: 'site', label: 'Site', options: [] })),
    ]) {
      expect(out).not.toContain('field-error')
      expect(out).not.toContain('aria-invalid')
      expect(out).not.toContain('aria-describedby')
    }
  })

  it('a select filter: the "all" option first and empty, the kept value selected', () => {
    const out = html(createElement(ConsoleSelect, { id: 'stats-site', name: 'site', label: 'Site', defaultValue: 'b', all: 'Network', options: [{ value: 'a', label: 'A' }, { value: 'b', label: 'B' }] }))
    expect(out).toContain('<label for="stats-site">Site</label><select id="stats-site" name="site">')
    expect(out).toContain('<option value="">Network</option><option value="a">A</option><option value="b" selected="">B</option>')
    const all = html(createElement(ConsoleSelect, { id: 'stats-site', name: 'site', label: 'Site', defaultValue: '', all: 'Network', options: [{ value: 'a', label: 'A' }] }))
    expect(all).toContain('<option value="" selected="">Network</option>')
  })
})
