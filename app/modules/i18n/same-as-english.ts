// Catalogue values a non-English language may share with English (issue #20: the catalogue
// test fails on any other value that equals the English one, so an English copy left in a
// translation shows). Names, codes and words the language has borrowed as they are.
// Keys are `namespace:key` as the catalogue test flattens them (arrays as `[i]`).

/** The same in every language: endonyms, placeholders only, codes, names. */
const EVERYWHERE = [
  'common:languages.nl', 'common:languages.en', 'common:languages.de', 'common:languages.es', 'common:languages.fr', 'common:languages.it', 'common:languages.pl',
  'common:meta.siteSuffix', 'common:likeButton.labelFor', 'common:interests.sex_bdsm', 'payments:directDebit.iban',
]

/** Per language: words it uses as English does (checked by a speaker of it, not guessed). */
const PER_LANGUAGE: Record<string, string[]> = {
  de: [
    'account:complaint.name', 'chat:gifts.names.rose', 'common:nav.credits', 'common:nav.likes', 'common:footer.cookies', 'common:interests.fitness', 'common:interests.gaming',
    'common:regionLabel.region', 'common:likeButton.match', 'console:operators.name', 'console:profiles.pool', 'console:inbox.status', 'console:inbox.creditsLabel',
    'console:metrics.chatter', 'console:replies.bodyLabel', 'console:roles.moderator', 'console:roles.chatter', 'console:code.label', 'likes:title', 'likes:tabs.matches',
    'likes:card.match', 'pages:landersReport.lander', 'pages:operatorComplaints.status', 'payments:transactions.status', 'payments:transactions.credits',
    'payments:transactions.reasons.bonus', 'profile:attributes.region', 'profile:options.hair_colour.blond', 'profile:options.appearance.sexy', 'search:appearance.normal',
    'search:appearance.sexy', 'settings:notifications.push',
  ],
  es: [
    'common:nav.likes', 'common:footer.cookies', 'common:interests.fitness', 'common:countries.AT', 'common:countries.AU',
    'common:likeButton.match', 'console:common.no', 'console:inbox.minutes_one', 'console:inbox.minutes_other', 'likes:title',
    'likes:tabs.matches', 'likes:card.match', 'pages:landersReport.control', 'profile:options.sexuality.gay', 'profile:options.sexuality.bi',
    'profile:options.appearance.normal', 'profile:options.appearance.sexy', 'search:appearance.normal', 'search:appearance.sexy', 'settings:notifications.push',
    'signup:sexuality.gay', 'signup:sexuality.bi',
  ],
}

export function sameAsEnglishAllowed(locale: string): Set<string> {
  return new Set([...EVERYWHERE, ...(PER_LANGUAGE[locale] ?? [])])
}
