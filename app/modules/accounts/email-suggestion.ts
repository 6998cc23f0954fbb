// "Did you mean …?" for a mistyped mail domain (gmial.com, hotmal.nl), without "correcting"
// real ones (issue 22: kpn.com became msn.com, libero.it live.it, ed.ac.uk ed.co.uk). The
// library's popular domains are joined by the providers of the sites' countries, which are
// then never suggested away, and academic and public second levels count as real.
import { POPULAR_DOMAINS, POPULAR_TLDS, run } from '@zootools/email-spell-checker'

const REGIONAL_DOMAINS = [
  // NL, BE
  'kpn.com', 'kpnmail.nl', 'kpnplanet.nl', 'planet.nl', 'ziggo.nl', 'xs4all.nl', 'hetnet.nl', 'home.nl', 'chello.nl', 'zeelandnet.nl', 'telfort.nl', 'upcmail.nl', 'telenet.be', 'skynet.be', 'proximus.be', 'scarlet.be',
  // DE, AT
  'web.de', 'gmx.de', 'gmx.net', 'gmx.at', 't-online.de', 'freenet.de', 'arcor.de', 'posteo.de', 'mailbox.org',
  // FR
  'orange.fr', 'wanadoo.fr', 'free.fr', 'sfr.fr', 'laposte.net', 'neuf.fr', 'bbox.fr',
  // IT
  'libero.it', 'virgilio.it', 'alice.it', 'tiscali.it', 'tim.it', 'fastwebnet.it', 'email.it',
  // ES
  'telefonica.net', 'movistar.es', 'terra.es',
  // PL
  'wp.pl', 'o2.pl', 'onet.pl', 'interia.pl', 'op.pl', 'gazeta.pl', 'poczta.fm',
  // GB, IE
  'btinternet.com', 'sky.com', 'virginmedia.com', 'talktalk.net', 'ntlworld.com', 'eircom.net',
]
const DOMAINS = [...new Set([...POPULAR_DOMAINS, ...REGIONAL_DOMAINS])]
const KNOWN = new Set(DOMAINS)
const TLDS = [...new Set([...POPULAR_TLDS, 'ac.uk', 'gov.uk', 'nhs.uk', 'org.uk', 'sch.uk', 'co.uk', 'ac.be', 'ac.at', 'edu.pl', 'gov.pl', 'com.pl', 'gouv.fr', 'edu.es', 'gob.es'])]

/** The corrected address, or null when the address looks right (or is a known provider's). */
export function suggestEmail(email: string): string | null {
  const domain = email.split('@').pop()?.toLowerCase() ?? ''
  if (KNOWN.has(domain)) return null
  // An institution under an academic or public second level (ed.ac.uk) is its own domain.
  if (/\.(ac|gov|nhs|sch|edu|gouv|gob)\.[a-z]{2}$/.test(domain)) return null
  const suggestion = run({ email, domains: DOMAINS, topLevelDomains: TLDS })
  return suggestion && suggestion.full.toLowerCase() !== email.toLowerCase() ? suggestion.full : null
}
