// The one schema every site's config file is checked against (tenants/<slug>.ts).
// Parsed once at start-up (and on change); errors name the file, the field and the reason.
import { z } from 'zod'
import { ANALYTICS, PROVIDERS, TAG_MANAGERS } from '../app/modules/consent/providers.ts'
import { COUNTRY_CODES, CURRENCY_BY_COUNTRY } from '../app/modules/geo/countries.ts'
import { GIFT_KINDS } from '../app/modules/gifts/catalogue.ts'

export const CONFIG_VERSION = 1

export const LOCALES = ['nl', 'en', 'de', 'es', 'fr', 'it', 'pl'] as const
export type Locale = (typeof LOCALES)[number]
export const LocaleSchema = z.enum(LOCALES)

export const CountrySchema = z.enum(COUNTRY_CODES)

export const CURRENCIES = ['EUR', 'GBP', 'USD', 'CAD', 'AUD', 'NZD', 'CHF', 'PLN'] as const
export const CurrencySchema = z.enum(CURRENCIES)
export type Currency = (typeof CURRENCIES)[number]

/** SPEC §2's landers. A tenant may list any folder under landers/ (tenant:check checks it exists). */
export const LANDERS = [
  'adultonly', 'tinderswipe', 'whoneedsstrings', 'alonetonight', 'collagelanding', 'gallery',
  'iconslanding', 'maplanding', 'socialnetwork', 'transitionsvideolanding', 'video',
] as const

export const PROFILE_FIELDS = [
  'gender', 'sexuality', 'relationship_status', 'hair_colour', 'eye_colour', 'body_type',
  'tattoos', 'reason', 'city', 'region', 'country',
] as const
export const PROFILE_NOTES = ['about_me', 'interests'] as const
export const SEARCH_FIELDS = ['gender', 'country', 'region', 'age'] as const

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name })
    return true
  } catch {
    return false
  }
}

const slug = z.string().regex(/^[a-z][a-z0-9-]{1,40}$/, 'lowercase letters, digits and dashes')
const hostname = z
  .string()
  .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'a lower-case host name such as example.com')

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a colour such as #8e44ad')

/** A text the operator writes per locale; the site's default locale is required. */
const LocalizedTextSchema = z.partialRecord(LocaleSchema, z.string().min(1))
export type LocalizedText = z.infer<typeof LocalizedTextSchema>

/** Whole amounts in the currency's minor unit (cents). */
const MinorAmountSchema = z.number().int().positive()

export const CreditBundleSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+$/),
  credits: z.number().int().positive(),
  prices: z.partialRecord(CurrencySchema, MinorAmountSchema),
  highlighted: z.boolean().default(false),
})

/** SPEC §3's payment methods (app/modules/payments/methods.ts maps them onto Mollie's). */
export const PAYMENT_METHODS = [
  'sdd', 'prezelewy24', 'blik', 'sct', 'giropay', 'mastercard', 'visa', 'creditcard', 'nexi',
  'cartebancaire', 'ideal', 'bancontact', 'applepay', 'paysafecard', 'maestro', 'paypal', 'sofort', 'eps',
] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]

/** Credit purchases (docs/decisions/015-payments.md). */
export const PaymentsSchema = z.strictObject({
  /** false: the site sells no credits (its pages say so) and production needs no key. */
  enabled: z.boolean().default(true),
  /** The environment variable holding this site's Mollie API key; default MOLLIE_API_KEY_<SLUG>. */
  mollieKeyEnv: z.string().regex(/^[A-Z][A-Z0-9_]{2,80}$/, 'an environment variable name such as MOLLIE_API_KEY_FLIRTLOKAAL').optional(),
  /** Methods offered, in this order; each is shown only where it works for the member's country. */
  methods: z.array(z.enum(PAYMENT_METHODS)).min(1).default(['ideal', 'bancontact', 'creditcard', 'paypal', 'applepay', 'sofort', 'sdd']),
  /** Most a member may pay by direct debit in 30 days, in minor units (SPEC §8's limit text beyond it). */
  directDebitLimit: z.number().int().positive().default(15_000),
})

/** Events an affiliate network may be told of by a postback (decision 052). */
export const POSTBACK_EVENTS = ['signup', 'activation', 'first_purchase', 'purchase'] as const

/**
 * A network's server-to-server postback: a URL template ({network}, {ref}, {sub1}, {sub2},
 * {sub3}, {event}, {amount}, {currency}, {transaction}, {site}; values URL-encoded) and the
 * events it wants. https, or http to this machine (a local receiver in the demo and tests).
 */
export const PostbackSchema = z.strictObject({
  network: z.string().regex(/^[A-Za-z0-9_.-]{1,100}$/, 'the network value of its links (letters, digits, _ . -)'),
  url: z.string().regex(/^(https:\/\/[^\s]+|http:\/\/(localhost|127\.0\.0\.1)(:\d+)?\/[^\s]*)$/, 'an https URL (or http://localhost/… for a local receiver)'),
  events: z.array(z.enum(POSTBACK_EVENTS)).min(1),
})

export const CompanySchema = z.strictObject({
  name: z.string().min(1),
  address: z.string().min(1),
  zip: z.string().min(1),
  city: z.string().min(1),
  country: CountrySchema,
  kvk: z.string().min(1),
  tradenames: z.array(z.string().min(1)).default([]),
  vatNumbers: z.array(z.string().min(1)).default([]),
  supportPhone: z.string().regex(/^\+?[0-9 -]{6,20}$/, 'a phone number such as +31 20-123 4567'),
  /** Percentage offered to members who are about to delete their account. */
  deleteDiscount: z.number().int().min(0).max(90),
})

export const TenantConfigSchema = z
  .strictObject({
    version: z.literal(CONFIG_VERSION),
    slug,
    /** Sites in one pool share members; by default a site is its own pool. */
    pool: slug.optional(),
    name: z.string().min(1).max(60),
    /** The first domain is the canonical one. */
    domains: z.array(hostname).min(1),
    domainLanguage: z.string().regex(/^[a-z]{2}-[A-Z]{2}$/, 'a language tag such as nl-NL'),
    locales: z.strictObject({ default: LocaleSchema, offered: z.array(LocaleSchema).min(1) }),
    indexTitle: LocalizedTextSchema,
    description: LocalizedTextSchema,
    theme: slug,
    /** Brand colours over the theme's (decision 014): a site per colour without a theme folder. */
    colors: z
      .strictObject({ primary: hexColor, secondary: hexColor, unread: hexColor })
      .partial()
      .optional(),
    // Photos are served by the app's media route at /media/ (it checks who may see them); an
    // https prefix is a CDN in front of it, used for photos anyone may see.
    cdnPrefix: z.string().regex(/^(\/media\/|https:\/\/\S+\/)$/, "'/media/' or an https URL ending in /").default('/media/'),
    countries: z.array(CountrySchema).min(1),
    visibleProfileFields: z.array(z.enum(PROFILE_FIELDS)).default([...PROFILE_FIELDS]),
    visibleProfileNotes: z.array(z.enum(PROFILE_NOTES)).default([...PROFILE_NOTES]),
    searchFields: z.array(z.enum(SEARCH_FIELDS)).default([...SEARCH_FIELDS]),
    credits: z.strictObject({
      message: z.number().int().nonnegative(),
      photo: z.number().int().nonnegative(),
      gift: z.number().int().nonnegative(),
      /** Free credits at signup; never shown to the member. */
      signup: z.number().int().nonnegative(),
    }),
    /** The gifts the site offers (decision 017), each at `credits.gift`; all by default. */
    gifts: z.array(z.enum(GIFT_KINDS)).min(1).default([...GIFT_KINDS]),
    creditBundles: z.array(CreditBundleSchema).min(1),
    messageLength: z.number().int().min(20).max(5000),
    minimumMessageCosts: z.partialRecord(
      CountrySchema,
      z.strictObject({ costs: MinorAmountSchema, currency: CurrencySchema }),
    ),
    supportEmail: z.email(),
    siteEntryPopup: z.strictObject({
      enabled: z.boolean(),
      /** Only visitors from these countries see it; empty means everyone. */
      countries: z.array(CountrySchema).default([]),
    }),
    fictional: z.strictObject({
      icon: z.string().min(1).max(8),
      warning: LocalizedTextSchema,
      singular: LocalizedTextSchema,
      plural: LocalizedTextSchema,
    }),
    refundDays: z.number().int().min(0).max(365),
    /**
     * What a member's refund request returns (docs/decisions/040-money-rules.md):
     * `pro_rata_unused` (default) holds the purchase's unused credits and refunds
     * amount x unused / credits; `none`: members cannot ask for a refund on the site.
     */
    refundPolicy: z.enum(['pro_rata_unused', 'none']).default('pro_rata_unused'),
    /** Affiliate networks told of signups, activations and purchases (decision 052). */
    postbacks: z.array(PostbackSchema).default([]),
    /**
     * Romance-scam protection (decision 053): a message between two members that carries
     * contact details, a link or a request for money waits for a moderator (console
     * /reports) before the recipient sees it. Off by default; operator-run profiles' chats
     * are never held.
     */
    holdMessages: z.boolean().default(false),
    /** Campaign mails per minute at most (console /campaigns), so a big send does not flood the mail server. */
    campaignRatePerMinute: z.number().int().min(1).max(100_000).default(600),
    payments: PaymentsSchema.default({ enabled: true, methods: ['ideal', 'bancontact', 'creditcard', 'paypal', 'applepay', 'sofort', 'sdd'], directDebitLimit: 15_000 }),
    signups: z.enum(['all', 'with_trafficsource', 'closed']),
    loggedOutSearch: z.boolean(),
    loggedOutSearchTrafficsource: z.boolean(),
    memberResell: z.boolean().default(false),
    minimumAge: z.number().int().min(18).max(99).default(18),
    welcomeDiscountHours: z.number().int().positive().max(24 * 30),
    /** IANA time zone of the site: where its days begin (the swipe game's daily likes). */
    timeZone: z.string().refine(isTimeZone, 'an IANA time zone such as Europe/Amsterdam').default('Europe/Amsterdam'),
    /**
     * Where a member goes after deleting their account: one https URL, or one per language
     * (`{ nl: 'https://…', en: 'https://…' }`; the member's language, else the site's
     * default, else the first). Never a site of this site's own pool (checked at load).
     */
    partnerSite: z.union([z.url({ protocol: /^https$/ }), z.partialRecord(LocaleSchema, z.url({ protocol: /^https$/ })).refine((r) => Object.keys(r).length > 0, 'at least one language')]),
    /** Enabled landers: folder names under landers/ (decision 014); others answer 404. */
    landers: z.array(slug).default([]),
    /**
     * Third-party tags (SPEC §7), loaded only after consent in the cookie banner; the CSP
     * allows exactly their hosts for this site (decision 018). Public ids only.
     */
    tracking: z
      .strictObject({
        tagManager: z.strictObject({ provider: z.enum(TAG_MANAGERS), id: z.string().trim() }).optional(),
        analytics: z.strictObject({ provider: z.enum(ANALYTICS), id: z.string().trim() }).optional(),
      })
      .default({}),
    /**
     * Live cam items on the home and members pages (SPEC §1): `count` of the pool's
     * operator-run profiles, the first `liveNow` labelled 'live now', the rest 'featured'.
     */
    liveCams: z.strictObject({ count: z.number().int().min(1).max(12), liveNow: z.number().int().min(0).max(12) }).optional(),
    company: CompanySchema,
  })
  .superRefine((config, ctx) => {
    if (!config.locales.offered.includes(config.locales.default)) {
      ctx.addIssue({ code: 'custom', path: ['locales', 'default'], message: 'must be one of locales.offered' })
    }
    if (config.liveCams && config.liveCams.liveNow > config.liveCams.count) {
      ctx.addIssue({ code: 'custom', path: ['liveCams', 'liveNow'], message: 'cannot exceed liveCams.count' })
    }
    for (const kind of ['tagManager', 'analytics'] as const) {
      const tag = config.tracking[kind]
      if (tag && !PROVIDERS[tag.provider].id.test(tag.id)) {
        ctx.addIssue({ code: 'custom', path: ['tracking', kind, 'id'], message: `not a ${PROVIDERS[tag.provider].name} id (${PROVIDERS[tag.provider].id})` })
      }
    }
    for (const field of ['indexTitle', 'description'] as const) {
      if (!config[field][config.locales.default]) {
        ctx.addIssue({ code: 'custom', path: [field, config.locales.default], message: 'the default locale needs a text' })
      }
    }
    for (const field of ['warning', 'singular', 'plural'] as const) {
      if (!config.fictional[field][config.locales.default]) {
        ctx.addIssue({ code: 'custom', path: ['fictional', field, config.locales.default], message: 'the default locale needs a text' })
      }
    }
    // The site's currency (its first country's) is what /pricing falls back to.
    const home = config.countries[0]
    const siteCurrency = home ? CURRENCY_BY_COUNTRY[home] : undefined
    config.creditBundles.forEach((bundle, i) => {
      if (Object.keys(bundle.prices).length === 0) {
        ctx.addIssue({ code: 'custom', path: ['creditBundles', i, 'prices'], message: 'needs at least one price' })
      } else if (siteCurrency && bundle.prices[siteCurrency] === undefined) {
        ctx.addIssue({ code: 'custom', path: ['creditBundles', i, 'prices', siteCurrency], message: `needs a price in ${siteCurrency}, the currency of the site's first country (${home})` })
      }
    })
  })

export type TenantConfigInput = z.input<typeof TenantConfigSchema>
export type TenantConfig = z.output<typeof TenantConfigSchema> & { pool: string }

/** Identity function that gives tenant files type checking and completion. */
export function defineTenant(config: TenantConfigInput): TenantConfigInput {
  return config
}
