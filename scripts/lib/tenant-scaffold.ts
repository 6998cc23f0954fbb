// `npm run tenant:new` (issue #23, decision 052): a complete tenant file, every field present
// and commented, valid for tenant:check as written. Texts come in the chosen language (and
// English when that is not it); prices, company details and domains are placeholders to edit
// before the launch, never blockers for the check.
import { existsSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { CURRENCY_BY_COUNTRY } from '../../app/modules/geo/countries.ts'
import { methodsFor } from '../../app/modules/payments/methods.ts'
import { GIFT_KINDS } from '../../app/modules/gifts/catalogue.ts'
import { LOCALES, PAYMENT_METHODS, PROFILE_FIELDS, PROFILE_NOTES, SEARCH_FIELDS, type Locale } from '../../tenants/schema.ts'

export type TenantScaffoldInput = { slug: string; domains: string[]; language: string; pool?: string; name?: string; theme?: string; country?: string }

const COUNTRY: Record<Locale, string> = { nl: 'NL', en: 'GB', de: 'DE', es: 'ES', fr: 'FR', it: 'IT', pl: 'PL' }

const TEXTS: Record<Locale, { title: string; description: string; warning: string; singular: string; plural: string }> = {
  nl: { title: 'Flirten en daten met singles bij jou in de buurt', description: 'Maak gratis een profiel, ontdek leden bij jou in de buurt en begin vandaag nog met chatten.', warning: 'Dit profiel wordt beheerd door een medewerker en is bedoeld voor entertainment. Een ontmoeting is niet mogelijk.', singular: 'entertainmentprofiel', plural: 'entertainmentprofielen' },
  en: { title: 'Flirt and date with singles near you', description: 'Create a free profile, discover members near you and start chatting today.', warning: 'This profile is run by an operator for entertainment. Meeting in person is not possible.', singular: 'entertainment profile', plural: 'entertainment profiles' },
  de: { title: 'Flirten und daten mit Singles in deiner Nähe', description: 'Erstelle kostenlos ein Profil, entdecke Mitglieder in deiner Nähe und chatte noch heute.', warning: 'Dieses Profil wird von einem Mitarbeiter zur Unterhaltung betrieben. Ein Treffen ist nicht möglich.', singular: 'Unterhaltungsprofil', plural: 'Unterhaltungsprofile' },
  es: { title: 'Liga y queda con solteros cerca de ti', description: 'Crea un perfil gratis, descubre miembros cerca de ti y empieza a chatear hoy mismo.', warning: 'Este perfil lo gestiona un operador con fines de entretenimiento. No es posible quedar en persona.', singular: 'perfil de entretenimiento', plural: 'perfiles de entretenimiento' },
  fr: { title: 'Flirte et rencontre des célibataires près de chez toi', description: 'Crée un profil gratuit, découvre des membres près de chez toi et commence à discuter dès aujourd’hui.', warning: 'Ce profil est géré par un opérateur à des fins de divertissement. Une rencontre n’est pas possible.', singular: 'profil de divertissement', plural: 'profils de divertissement' },
  it: { title: 'Flirta e incontra single vicino a te', description: 'Crea un profilo gratis, scopri membri vicino a te e inizia a chattare oggi stesso.', warning: 'Questo profilo è gestito da un operatore a scopo di intrattenimento. Non è possibile incontrarsi.', singular: 'profilo di intrattenimento', plural: 'profili di intrattenimento' },
  pl: { title: 'Flirtuj i umawiaj się z singlami w pobliżu', description: 'Załóż darmowy profil, poznaj członków w pobliżu i zacznij czatować już dziś.', warning: 'Ten profil prowadzi operator w celach rozrywkowych. Spotkanie nie jest możliwe.', singular: 'profil rozrywkowy', plural: 'profile rozrywkowe' },
}

const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/
const HOST = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/

const q = (value: string) => JSON.stringify(value).replace(/'/g, "\\'").replace(/^"|"$/g, "'").replace(/\\"/g, '"')
const texts = (langs: Locale[], pick: (t: (typeof TEXTS)[Locale]) => string) => `{ ${langs.map((l) => `${l}: ${q(pick(TEXTS[l]))}`).join(', ')} }`

/** The tenant file's text. Throws with a reason for a bad slug, domain or language. */
export function tenantFileText(input: TenantScaffoldInput, themes: readonly string[]): string {
  const { slug } = input
  if (!SLUG.test(slug)) throw new Error(`slug '${slug}': lowercase letters, digits and inner dashes, at most 40`)
  if (input.domains.length === 0) throw new Error('--domain: at least one domain, e.g. --domain example.com')
  for (const d of input.domains) if (!HOST.test(d)) throw new Error(`--domain '${d}': a host name such as example.com`)
  if (!(LOCALES as readonly string[]).includes(input.language)) throw new Error(`--language '${input.language}': one of ${LOCALES.join(', ')}`)
  if (input.pool !== undefined && !SLUG.test(input.pool)) throw new Error(`--pool '${input.pool}': lowercase letters, digits and inner dashes`)
  const theme = input.theme ?? themes[0]
  if (!theme || !themes.includes(theme)) throw new Error(`--theme '${input.theme}': one of ${themes.join(', ')}`)
  const language = input.language as Locale
  const country = (input.country ?? COUNTRY[language]).toUpperCase()
  const currency = (CURRENCY_BY_COUNTRY as Record<string, string>)[country]
  if (!currency) throw new Error(`--country '${country}': not a supported country`)
  const offered: Locale[] = language === 'en' ? ['en'] : [language, 'en']
  const name = input.name ?? slug.split('-').map((w) => w[0]!.toUpperCase() + w.slice(1)).join('')
  const domains = input.domains.flatMap((d) => (d.startsWith('www.') ? [d] : [d, `www.${d}`]))
  const methods = methodsFor(PAYMENT_METHODS, country, currency).filter((m) => !['visa', 'mastercard', 'maestro', 'cartebancaire', 'nexi', 'sct'].includes(m))
  const envName = `MOLLIE_API_KEY_${slug.toUpperCase().replace(/-/g, '_')}`
  return `// ${name}: made by \`npm run tenant:new\`. Every field is here with what it does; edit what
// says EDIT before the launch, then \`npm run tenant:check\`. README "Adding a site".
import { defineTenant } from './schema.ts'

export default defineTenant({
  // The file format's version; bump only with the schema.
  version: 1,
  // The site's id (also this file's name): in URLs of the demo (<slug>.localhost) and in the database.
  slug: ${q(slug)},
  // Sites in one pool share members. ${input.pool ? `Pool '${input.pool}'.` : 'Left as its own pool; name an existing one to share its members.'} A site can never move pools later.
  pool: ${q(input.pool ?? slug)},
  // The brand shown everywhere (translations interpolate it).
  name: ${q(name)},
  // EDIT: the host names it answers on; the first is canonical (links in mails, HSTS).
  domains: [${domains.map(q).join(', ')}],
  // The <html lang> region tag.
  domainLanguage: ${q(`${language}-${country}`)},
  // Languages offered (the catalogue's: ${LOCALES.join(', ')}); the default is shown first.
  locales: { default: ${q(language)}, offered: [${offered.map(q).join(', ')}] },
  // The home page's <title> and meta description per language.
  indexTitle: ${texts(offered, (t) => t.title)},
  description: ${texts(offered, (t) => t.description)},
  // A folder under themes/ (${themes.join(', ')}).
  theme: ${q(theme)},
  // Own brand colours over the theme (tenant:check refuses unreadable ones), e.g. { primary: '#1b6e3a' }.
  colors: {},
  // '/media/' (the app serves photos) or an https CDN in front of the app's /media/.
  cdnPrefix: '/media/',
  // Countries of the members; the first decides the site's currency (${currency}).
  countries: [${q(country)}],
  // Profile fields shown, notes shown, search fields offered: every one by default.
  visibleProfileFields: [${PROFILE_FIELDS.map(q).join(', ')}],
  visibleProfileNotes: [${PROFILE_NOTES.map(q).join(', ')}],
  searchFields: [${SEARCH_FIELDS.map(q).join(', ')}],
  // Credits per message, photo unlock and gift; free credits at signup (never shown).
  credits: { message: 10, photo: 5, gift: 25, signup: 20 },
  // The gifts offered, each at credits.gift.
  gifts: [${GIFT_KINDS.map(q).join(', ')}],
  // EDIT: bundles and prices in minor units (cents); each needs a price in ${currency}.
  creditBundles: [
    { id: 'starter', credits: 100, prices: { ${currency}: 1495 } },
    { id: 'popular', credits: 300, prices: { ${currency}: 3495 }, highlighted: true },
    { id: 'value', credits: 800, prices: { ${currency}: 7495 } },
  ],
  // Longest chat message in characters.
  messageLength: 1000,
  // The least a paid message may cost per country (shown on /pricing).
  minimumMessageCosts: { ${country}: { costs: 99, currency: ${q(currency)} } },
  // EDIT: where members write to; also the sender of mails.
  supportEmail: ${q(`support@${input.domains[0]}`)},
  // The adult-content warning on entry, for visitors from these countries (empty: everyone).
  siteEntryPopup: { enabled: true, countries: [] },
  // How operator-run profiles are labelled (an icon, a warning, the words), per language.
  fictional: {
    icon: '🎭',
    warning: ${texts(offered, (t) => t.warning)},
    singular: ${texts(offered, (t) => t.singular)},
    plural: ${texts(offered, (t) => t.plural)},
  },
  // Days after a purchase in which a member may ask for a refund.
  refundDays: 14,
  // What a refund request returns: 'pro_rata_unused' (the unused credits' share of the price) or 'none' (no requests).
  refundPolicy: 'pro_rata_unused',
  // Affiliate networks told of events by a server-to-server call (README "Affiliate postbacks"), e.g.
  // { network: 'tradedoubler', url: 'https://tbs.example/report?sub={sub1}&event={event}&amount={amount}&currency={currency}&tid={transaction}', events: ['signup', 'first_purchase'] }
  postbacks: [],
  // Hold member-to-member messages with contact details, links or money requests for a moderator (console /reports).
  holdMessages: false,
  // Campaign mails per minute at most (console /campaigns).
  campaignRatePerMinute: 600,
  // Credit sales through Mollie: the key's environment variable, the methods in this order, the direct-debit limit (minor units per 30 days).
  payments: { enabled: true, mollieKeyEnv: ${q(envName)}, methods: [${methods.map(q).join(', ')}], directDebitLimit: 15000 },
  // Who may sign up: 'all', 'with_trafficsource' (only visitors from a network link) or 'closed'.
  signups: 'all',
  // Visitors may search without an account; only when they came with a traffic source.
  loggedOutSearch: true,
  loggedOutSearchTrafficsource: false,
  // Members may be offered to partner sites.
  memberResell: false,
  // The youngest age allowed at signup.
  minimumAge: 18,
  // Hours the 25% welcome discount runs after signup.
  welcomeDiscountHours: 48,
  // IANA time zone: where the site's days begin.
  timeZone: ${q(language === 'en' ? 'Europe/London' : language === 'pl' ? 'Europe/Warsaw' : language === 'nl' ? 'Europe/Amsterdam' : language === 'de' ? 'Europe/Berlin' : language === 'es' ? 'Europe/Madrid' : language === 'fr' ? 'Europe/Paris' : 'Europe/Rome')},
  // EDIT: where a member goes after deleting the account: a partner's https site (one URL, or
  // one per language as { nl: '…', en: '…' }), never a site of this site's own pool.
  partnerSite: ${q('https://partner.example/')},
  // Landers (folders under landers/) this site serves at /landers/<name>.
  landers: [],
  // Third-party tags after consent, e.g. { tagManager: { provider: 'gtm', id: 'GTM-XXXX' } }.
  tracking: {},
  // Live cam items on the home and members pages: how many, how many 'live now'.
  liveCams: { count: 4, liveNow: 2 },
  // EDIT: the company behind the site (imprint, terms, invoices).
  company: {
    name: ${q(`${name} B.V.`)},
    address: 'Street 1',
    zip: '1000 AA',
    city: 'City',
    country: ${q(country)},
    kvk: '00000000',
    tradenames: [${q(name)}],
    vatNumbers: [],
    supportPhone: '+31 20 000 0000',
    // Percentage offered to members who are about to delete their account (0: none).
    deleteDiscount: 50,
  },
})
`
}

/** Writes tenants/<slug>.ts (never over an existing file); returns its path. */
export function scaffoldTenant(input: TenantScaffoldInput, themes: readonly string[], dir: string): string {
  const file = path.join(dir, `${input.slug}.ts`)
  const text = tenantFileText(input, themes)
  if (existsSync(file)) throw new Error(`${path.relative(process.cwd(), file) || file} exists already`)
  writeFileSync(file, text, { flag: 'wx' })
  return file
}
