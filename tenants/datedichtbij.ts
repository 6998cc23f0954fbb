import { defineTenant } from './schema.ts'

// Shares its members with flirtlokaal (same pool), under another brand and theme.
export default defineTenant({
  version: 1,
  slug: 'datedichtbij',
  pool: 'benelux',
  name: 'DateDichtbij',
  domains: ['datedichtbij.nl', 'www.datedichtbij.nl', 'datedichtbij.be'],
  domainLanguage: 'nl-NL',
  locales: { default: 'nl', offered: ['nl', 'en'] },
  indexTitle: {
    nl: 'Serieus daten dichtbij huis',
    en: 'Serious dating close to home',
  },
  description: {
    nl: 'Ontmoet nieuwe mensen in Nederland en België. Aanmelden is gratis en binnen een minuut geregeld.',
    en: 'Meet new people in the Netherlands and Belgium. Signing up is free and takes a minute.',
  },
  theme: 'rose',
  countries: ['NL', 'BE'],
  credits: { message: 12, photo: 0, gift: 30, signup: 24 },
  creditBundles: [
    { id: 'small', credits: 120, prices: { EUR: 1795 } },
    { id: 'medium', credits: 360, prices: { EUR: 3995 }, highlighted: true },
    { id: 'large', credits: 1000, prices: { EUR: 8995 } },
  ],
  messageLength: 800,
  minimumMessageCosts: { NL: { costs: 119, currency: 'EUR' }, BE: { costs: 119, currency: 'EUR' } },
  supportEmail: 'klantenservice@datedichtbij.nl',
  siteEntryPopup: { enabled: true, countries: [] },
  fictional: {
    icon: '⭐',
    warning: {
      nl: 'Dit is een fictief profiel dat door onze medewerkers wordt beheerd. Afspreken is niet mogelijk.',
      en: 'This is a fictional profile run by our staff. Meeting up is not possible.',
    },
    singular: { nl: 'fictief profiel', en: 'fictional profile' },
    plural: { nl: 'fictieve profielen', en: 'fictional profiles' },
  },
  refundDays: 14,
  // Romance-scam protection (decision 053): hold member-to-member messages with contact details, links or money requests for a moderator. Off here; the default is off.
  holdMessages: false,
  payments: { mollieKeyEnv: 'MOLLIE_API_KEY_DATEDICHTBIJ', methods: ['ideal', 'bancontact', 'creditcard', 'paypal'] },
  signups: 'all',
  loggedOutSearch: false,
  loggedOutSearchTrafficsource: true,
  minimumAge: 18,
  welcomeDiscountHours: 24,
  // A partner outside the benelux pool, per language (the Dutch one is the operator's own partner deal).
  partnerSite: { nl: 'https://www.example.nl/', en: 'https://www.datevibe.com/' },
  landers: ['whoneedsstrings', 'alonetonight', 'maplanding'],
  // Loaded only after consent in the cookie banner (decision 018); demo ids.
  tracking: { tagManager: { provider: 'gtm', id: 'GTM-DEMO123' }, analytics: { provider: 'clarity', id: 'demo12ab' } },
  company: {
    name: 'Dichtbij Online B.V.',
    address: 'Stationsplein 45',
    zip: '3511 ED',
    city: 'Utrecht',
    country: 'NL',
    kvk: '79876543',
    tradenames: ['DateDichtbij', 'Dichtbij Daten'],
    vatNumbers: ['NL861234567B01', 'BE0712345678'],
    supportPhone: '+31 30-765 4321',
    deleteDiscount: 40,
  },
})
