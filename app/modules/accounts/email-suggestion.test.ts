import { describe, expect, it } from 'vitest'
import { suggestEmail } from './email-suggestion.ts'

describe('suggestEmail', () => {
  it('corrects typos of popular domains', () => {
    expect(suggestEmail('anna@gmial.com')).toBe('anna@gmail.com')
    expect(suggestEmail('anna@hotmal.nl')).toBe('anna@hotmail.nl')
    expect(suggestEmail('anna@gmail.con')).toBe('anna@gmail.com')
  })
  it('leaves real regional and academic domains alone', () => {
    for (const email of ['anna@kpn.com', 'anna@libero.it', 'anna@ed.ac.uk', 'anna@wp.pl', 'anna@web.de', 'anna@telenet.be', 'anna@gmail.com']) expect(suggestEmail(email), email).toBeNull()
  })
})
