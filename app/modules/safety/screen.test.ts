// The romance-scam screen (decision 053): Dutch and English messages both ways, what must be
// held and what must pass (few false positives: ages, times, prices, postcodes, ordinary
// talk about apps and money).
import { describe, expect, it } from 'vitest'
import { screenMessage } from './screen.ts'

const HELD: [string, string][] = [
  ['Mail me op jan.devries@gmail.com', 'contact'],
  ['my email is sweetanna88 at hotmail dot com', 'contact'],
  ['Bel me: 06-12345678', 'contact'],
  ['app me even op 06 1234 5678', 'contact'],
  ['Call me on +44 7700 900123 tonight', 'contact'],
  ['+31 (0)6 123 456 78', 'contact'],
  ['add me on snap: jan_88', 'contact'],
  ['Voeg me toe op Instagram!', 'contact'],
  ['telegram: @lovelyanna', 'contact'],
  ['Mijn whatsapp nummer krijg je als je lief bent', 'contact'],
  ['Kijk op www.mijnfotos.nl', 'link'],
  ['see https://bit.ly/3xYz for my pics', 'link'],
  ['my pics are on annapics.com/private', 'link'],
  ['t.me/lovelyanna', 'link'],
  ['Mijn IBAN is NL91 ABNA 0417 1643 00', 'money'],
  ['NL91ABNA0417164300 graag voor vrijdag', 'money'],
  ['Kun je me wat geld sturen? Ik zit vast in Ghana', 'money'],
  ['Wil je 200 euro overmaken voor mijn ticket?', 'money'],
  ['Leen me alsjeblieft 500 euro', 'money'],
  ['Please send me money for the flight', 'money'],
  ['Can you wire me 500 dollars, I will pay you back', 'money'],
  ['Buy me a Google Play gift card and send me the code', 'money'],
  ['Koop een cadeaukaart en stuur me de code', 'money'],
  ['Send it through Western Union please', 'money'],
  ['I need some money for the hospital bill', 'money'],
  ['Schick mir bitte Geld, Schatz', 'money'],
  ['Envíame dinero por favor', 'money'],
  ["Envoie-moi de l'argent pour le billet", 'money'],
  ['Mandami dei soldi, amore', 'money'],
  ['Wyślij mi pieniądze na bilet', 'money'],
]

const PASSED = [
  'Hoi! Hoe gaat het met je?',
  'Ik ben 35 jaar en woon in Utrecht, postcode 3511 AB.',
  'Zullen we zaterdag om 20.30 uur iets drinken?',
  'Mijn telefoon is kapot, dus ik reageer wat later.',
  'Ik heb een hekel aan WhatsApp-groepen haha',
  'Hallo.Ik vind je foto mooi',
  'Ik heb gisteren een cadeaubon gekregen voor mijn verjaardag',
  'Geld maakt niet gelukkig, toch?',
  'Wat voor werk doe je? Ik werk bij een bank.',
  'I was born on 12-05-1988, so I am a Taurus',
  'Do you use Instagram much? I find it boring',
  'Dinner costs about 45 euros there, I will pay',
  'I love Amsterdam.Nice city',
  'Score was 3.5 out of 5 :)',
  'Je bent echt mijn type 😍',
  "J'aime le cinéma et les voyages",
  'Mi piace molto il mare in estate',
  'Lubię spacery po górach',
  'Heb je zin om te bellen? Dan wissel ik wel via de site een keer een bericht',
]

describe('screenMessage', () => {
  it.each(HELD)('holds %j for %s', (body, reason) => {
    expect(screenMessage(body)).toContain(reason)
  })
  it.each(PASSED)('lets %j through', (body) => {
    expect(screenMessage(body)).toEqual([])
  })
  it('sees through hidden characters and odd forms', () => {
    expect(screenMessage('jan\u200B@\u200Bgmail.com')).toContain('contact')
    expect(screenMessage('ＷＷＷ.example.com')).toContain('link')
  })
})
