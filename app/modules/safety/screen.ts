// Romance-scam screening of a member-to-member message (decision 053): contact details
// (e-mail, phone numbers, messenger handles), links, and requests for money. Tuned for few
// false positives: a phone number needs nine digits in one run, a messenger's name needs a
// handle or an "add me" beside it, a gift card needs a verb of buying or sending. The
// phrases of all seven languages are checked whatever the site's language (members write
// in any). Plain module: no server imports, so the tests run it directly.

export const HOLD_REASONS = ['contact', 'link', 'money'] as const
export type HoldReason = (typeof HOLD_REASONS)[number]

const MESSENGERS = 'whats\\s?app|telegram|snap(?:chat)?|insta(?:gram)?|kik|skype|signal|wickr|viber|line|wechat|facebook|fb|messenger|discord|threema'

const EMAIL = /[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}/
/** "jan at gmail dot com", "jan (at) hotmail punt nl". */
const EMAIL_SPELLED = /\b[a-z0-9._-]{2,}\s*[([]?\s*(?:at|apenstaartje|bei|arroba|arobase|chiocciola|małpa)\s*[)\]]?\s*(?:gmail|hotmail|outlook|yahoo|live|icloud|gmx|web|proton(?:mail)?|ziggo|kpnmail|telenet|orange|libero|wp|onet|o2)\b/
/** A handle: @name that is not part of an e-mail address. */
const AT_HANDLE = /(?:^|[\s(:,])@[a-z0-9._]{3,}/
const MESSENGER_HANDLE = new RegExp(`\\b(?:${MESSENGERS})\\s*(?:id|naam|name|nick|user(?:name)?)?\\s*[:=]\\s*@?[a-z0-9._-]{3,}`)
const ADD_ME = new RegExp(
  `\\b(?:add me|find me|text me|message me|contact me|voeg me|zoek me|app me|stuur me|vind me|bericht me|schreib mir|füg mich|adde mich|agrégame|añádeme|escríbeme|ajoute-moi|écris-moi|aggiungimi|scrivimi|dodaj mnie|napisz do mnie)\\b[^.!?\\n]{0,30}\\b(?:${MESSENGERS})\\b`,
)
const SWITCH_APP = new RegExp(`\\b(?:${MESSENGERS})\\b[^.!?\\n]{0,25}\\b(?:nummer|number|nummer|número|numéro|numero|numer)\\b`)

const URL_SCHEME = /\b(?:https?:\/\/|www\.|t\.me\/|wa\.me\/)\S+/
/** A bare domain: name.tld with a common top-level domain (not "3.5" or "Hallo.Ik"). */
const BARE_DOMAIN = /\b[a-z0-9-]{2,}\.(?:com|net|org|nl|be|de|fr|es|it|pl|eu|uk|io|me|ly|info|biz|co|xyz|ru|app|link|site|online|club|top|to|gl|gg)(?:\/\S*)?(?=$|[\s,;!?)]|\.(?:\s|$))/

/** IBAN: two letters, two check digits, then 11-30 letters and digits, spaces allowed. */
const IBAN = /\b[a-z]{2}\d{2}(?:\s?[a-z0-9]{4}){2,7}(?:\s?[a-z0-9]{1,4})?\b/
const MONEY_SERVICES = /\b(?:western\s?union|moneygram|paysafe\s?card|ria money|remitly|worldremit|bitcoin|btc wallet|crypto wallet|tikkie|revolut\.me|paypal\.me)\b/
const GIFT_CARD = /\b(?:gift\s?cards?|cadeau(?:kaart|bon)(?:en)?|tegoedbon(?:nen)?|google play(?:\s?kaart|\s?card)?|itunes(?:\s?kaart|\s?card)?|steam\s?(?:kaart|card)|amazon\s?(?:kaart|card|gutschein)|gutschein(?:karte)?|geschenkkarte|tarjetas? regalo|cartes? cadeaux?|carta regalo|karta podarunkowa|kart[ay] podarunkow[ae])\b/
const BUY_OR_SEND =
  /\b(?:koop|kopen|stuur|sturen|code|codes|buy|send|get me|kauf|kaufen|schick|schicken|compra|comprar|envía|envia|achète|acheter|envoie|envoyer|compra(?:re)?|manda(?:mi)?|kup|kupić|wyślij|kod)\b/
const MONEY_REQUESTS = [
  // nl
  /\b(?:stuur|maak|schiet)\s+(?:me|mij|je me)?\s*(?:wat\s+|even\s+|het\s+|\S+\s+)?(?:geld|euro'?s?|€\s?\d+)\b/,
  /\b(?:geld|€\s?\d+|\d+\s?euro)\s+(?:over\s?maken|overmaken|lenen|sturen|storten|nodig voor)\b/,
  /\b(?:leen|lenen)\s+(?:me|mij)\b/,
  /\b(?:bankrekening|rekeningnummer)\b/,
  // en
  /\b(?:send|wire|transfer|lend|loan)\s+(?:me\s+)?(?:some\s+|the\s+)?(?:money|cash|funds|\$\s?\d+|€\s?\d+|\d+\s?(?:dollars|euros?))\b/,
  /\b(?:bank account|account number|routing number)\b/,
  /\bneed (?:some )?money for\b/,
  // de
  /\b(?:schick|überweis|sende|leih)\w*\s+(?:mir\s+)?(?:bitte\s+)?(?:etwas\s+|das\s+)?(?:geld|euro|€\s?\d+)\b/,
  /\b(?:kontonummer|bankverbindung)\b/,
  // es
  /\b(?:envíame|enviame|mándame|mandame|transfiéreme|préstame|prestame)\s+(?:el\s+|algo de\s+|un poco de\s+)?(?:dinero|plata|euros?)\b/,
  /\bcuenta bancaria\b/,
  // fr
  /\b(?:envoie|envoyer|prête|prêter|vire|virer)[-\s](?:moi\s+)?(?:de\s+l'|de l’|un peu d'|un peu d’)?(?:argent|euros?)\b/,
  /\b(?:compte bancaire|numéro de compte)\b/,
  // it
  /\b(?:mandami|inviami|prestami|mandarmi|inviarmi|prestarmi)\s+(?:dei\s+|un po' di\s+|i\s+)?(?:soldi|denaro|euro)\b/,
  /\b(?:conto bancario|numero di conto)\b/,
  // pl
  /\b(?:wyślij|przelej|pożycz)\s+(?:mi\s+)?(?:trochę\s+)?(?:pieniądze|pieniędzy|kasę|kasy|euro|złotych)\b/,
  /\b(?:konto bankowe|numer konta)\b/,
]

/** The message as the patterns see it: lower case, compatibility forms, no invisible characters. */
export function normalizeForScreening(body: string): string {
  return body
    .normalize('NFKC')
    .replace(/[\u200B-\u200D\u2060\uFEFF\u00AD]/g, '')
    .toLowerCase()
}

/** Nine or more digits in one run (spaces, dots, dashes, slashes and brackets between them; a leading + or 00). */
function hasPhoneNumber(text: string): boolean {
  const runs = text.match(/\+?[\d][\d\s()./-]{7,}\d/g) ?? []
  return runs.some((run) => run.replace(/\D/g, '').length >= 9)
}

/** What in `body` is a reason to hold it (empty: deliver). */
export function screenMessage(body: string): HoldReason[] {
  const text = normalizeForScreening(body)
  const reasons: HoldReason[] = []
  const contact = EMAIL.test(text) || EMAIL_SPELLED.test(text) || hasPhoneNumber(text) || MESSENGER_HANDLE.test(text) || ADD_ME.test(text) || SWITCH_APP.test(text) || AT_HANDLE.test(text)
  if (contact) reasons.push('contact')
  // An e-mail address's domain is no link.
  const withoutEmails = text.replace(new RegExp(EMAIL.source, 'g'), ' ')
  if (URL_SCHEME.test(withoutEmails) || BARE_DOMAIN.test(withoutEmails)) reasons.push('link')
  const money =
    IBAN.test(text.replace(/[^a-z0-9\s]/g, ' ')) && /\d{6,}/.test(text.replace(/\s/g, '')) ||
    MONEY_SERVICES.test(text) ||
    (GIFT_CARD.test(text) && BUY_OR_SEND.test(text)) ||
    MONEY_REQUESTS.some((pattern) => pattern.test(text))
  if (money) reasons.push('money')
  return reasons
}
