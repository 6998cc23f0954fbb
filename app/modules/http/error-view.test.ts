// What the error page and its <title> say for each kind of error (SPEC §2, §8).
/* eslint-disable no-restricted-imports -- the last test drives the test-hook route itself */
import { describe, expect, it } from 'vitest'
import { loader as errorHookLoader } from '../../routes/_default.[__test].error.tsx'
import { RESOURCES } from '../i18n/resources.ts'
import { errorMeta } from '../site/error-meta.ts'
import { catalogueLookup, errorView } from './error-view.ts'

const nl = catalogueLookup(RESOURCES.nl.common)
const en = catalogueLookup(RESOURCES.en.common)

/** What Remix hands a boundary for a thrown Response (an ErrorResponse). */
const thrown = (status: number, data: unknown = '', statusText = '') => ({ status, statusText, internal: false, data })

describe('errorView', () => {
  it('shows SPEC’s 404 text, whatever the thrower wrote', () => {
    expect(errorView(thrown(404, 'Not found', 'Not found'), nl)).toEqual({ status: 404, message: 'Deze pagina kon niet worden gevonden', unexpected: false })
    expect(errorView(thrown(404), en).message).toBe('This page could not be found')
  })

  it('shows a thrown Response’s own message (text or JSON message) with its status', () => {
    expect(errorView(thrown(409, 'Dit profiel is intussen gewijzigd.'), nl)).toEqual({ status: 409, message: 'Dit profiel is intussen gewijzigd.', unexpected: false })
    expect(errorView(thrown(422, { error: 'x', message: 'Kies een andere naam.' }), nl).message).toBe('Kies een andere naam.')
  })

  it('without a message: the translated text for the status, else its statusText, else the generic text', () => {
    expect(errorView(thrown(403), nl)).toMatchObject({ status: 403, message: 'Je hebt geen toegang tot deze pagina.' })
    expect(errorView(thrown(429, null, 'Too Many Requests'), en).message).toBe('Too many requests. Please wait a moment and try again.')
    // A JSON body without a message (e.g. an error code) is not a text for people.
    expect(errorView(thrown(403, { error: 'authentication_required' }), en).message).toBe('You do not have access to this page.')
    expect(errorView(thrown(418, '', "I'm a teapot"), nl).message).toBe("I'm a teapot")
    expect(errorView(thrown(500), nl)).toMatchObject({ status: 500, message: 'Er is een fout opgetreden, probeer het later opnieuw.' })
  })

  it('never shows an unexpected error’s own message: the SPEC §8 generic text with 500', () => {
    const error = new Error('connect ECONNREFUSED 10.0.0.7:5432 at /srv/app/db.ts:12')
    const view = errorView(error, nl)
    expect(view).toEqual({ status: 500, message: 'Er is een fout opgetreden, probeer het later opnieuw.', unexpected: true })
    expect(JSON.stringify(view)).not.toContain('ECONNREFUSED')
    expect(errorView('a thrown string', en).message).toBe('Something went wrong, please try again later.')
    expect(errorView(undefined, en).status).toBe(500)
  })
})

describe('errorMeta', () => {
  const root = (locale: 'nl' | 'en') => ({ id: 'root', data: { errorTexts: { errors: RESOURCES[locale].common.errors }, settings: { name: 'FlirtLokaal' } } })

  it('titles the 404 page with SPEC’s text and the site, with the attention count, not indexed', () => {
    const layout = { id: 'routes/_default', data: { attention: { newLikes: 2, unreadMessages: 1 } } }
    expect(errorMeta({ error: thrown(404), matches: [root('nl'), layout] })).toEqual([
      { title: '(3) Deze pagina kon niet worden gevonden - FlirtLokaal' },
      { name: 'robots', content: 'noindex' },
    ])
  })

  it('titles other errors like their page, and never with an internal message', () => {
    expect(errorMeta({ error: new Error('secret path'), matches: [root('en')] })[0]).toEqual({ title: 'Something went wrong, please try again later. - FlirtLokaal' })
    // The root loader itself failed: English text, no site name.
    expect(errorMeta({ error: thrown(503), matches: [{ id: 'root' }] })[0]).toEqual({ title: 'The website is temporarily unavailable. Please try again later.' })
  })
})

describe('the /__test/error hook', () => {
  it('is a 404 unless E2E_TEST_HOOKS is set', async () => {
    const previous = process.env.E2E_TEST_HOOKS
    delete process.env.E2E_TEST_HOOKS
    try {
      const request = new Request('http://flirtlokaal.nl/__test/error?kind=unexpected')
      const thrownValue: unknown = await Promise.resolve()
        .then(() => errorHookLoader({ request, context: {} as never, params: {} }))
        .catch((e: unknown) => e)
      expect(thrownValue).toBeInstanceOf(Response)
      expect((thrownValue as Response).status).toBe(404)
    } finally {
      if (previous !== undefined) process.env.E2E_TEST_HOOKS = previous
    }
  })
})
