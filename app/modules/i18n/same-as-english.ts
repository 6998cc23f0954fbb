// Catalogue values a non-English language may share with English (issue #20: the catalogue
// test fails on any other value that equals the English one, so an English copy left in a
// translation shows). Names, codes and words the language has borrowed as they are.
// Keys are `namespace:key` as the catalogue test flattens them (arrays as `[i]`).

/** The same in every language: endonyms, placeholders only, codes, names. */
const EVERYWHERE = [
  'common:languages.nl', 'common:languages.en', 'common:languages.de', 'common:languages.es', 'common:languages.fr', 'common:languages.it', 'common:languages.pl',
  'common:meta.siteSuffix', 'common:likeButton.labelFor', 'common:interests.sex_bdsm', 'payments:directDebit.iban',
  // "Spam" is the word in every language of the network (reports, decision 053).
  'profile:report.reasons.spam', 'console:reports.reasons.spam',
]

/** Per language: words it uses as English does (checked by a speaker of it, not guessed). */
const PER_LANGUAGE: Record<string, string[]> = {
  de: [
    'console:nav.postbacks', 'console:postbacks.title',
    'account:complaint.name', 'chat:gifts.names.rose', 'common:nav.credits', 'common:nav.likes', 'common:footer.cookies', 'common:interests.fitness', 'common:interests.gaming',
    'common:regionLabel.region', 'common:likeButton.match', 'console:operators.name', 'console:profiles.pool', 'console:inbox.status', 'console:inbox.creditsLabel',
    'console:metrics.chatter', 'console:replies.bodyLabel', 'console:roles.moderator', 'console:roles.chatter', 'console:code.label', 'likes:title', 'likes:tabs.matches',
    'likes:card.match', 'pages:landersReport.lander', 'pages:operatorComplaints.status', 'payments:transactions.status', 'payments:transactions.credits',
    'payments:transactions.reasons.bonus', 'profile:attributes.region', 'profile:options.hair_colour.blond', 'profile:options.appearance.sexy', 'search:appearance.normal',
    'search:appearance.sexy', 'settings:notifications.push',
    'console:members.name', 'console:members.status', 'console:members.credits', 'console:codes.code',
    'console:reports.status',
  ],
  es: [
    'console:nav.postbacks', 'console:postbacks.title',
    'common:nav.likes', 'common:footer.cookies', 'common:interests.fitness', 'common:countries.AT', 'common:countries.AU',
    'common:likeButton.match', 'console:common.no', 'console:inbox.minutes_one', 'console:inbox.minutes_other', 'likes:title',
    'likes:tabs.matches', 'likes:card.match', 'pages:landersReport.control', 'profile:options.sexuality.gay', 'profile:options.sexuality.bi',
    'profile:options.appearance.normal', 'profile:options.appearance.sexy', 'search:appearance.normal', 'search:appearance.sexy', 'settings:notifications.push',
    'signup:sexuality.gay', 'signup:sexuality.bi',
    'console:members.no', 'console:codes.personal',
  ],
  fr: [
    'console:reports.site',
    'console:nav.postbacks', 'console:postbacks.title', 'console:stats.site', 'console:stats.direct', 'console:stats.activations', 'console:postbacks.site', 'console:campaigns.site', 'console:campaigns.actions', 'console:campaigns.kinds.promotions',
    'account:mailbox.date', 'chat:title', 'chat:gifts.names.rose', 'chat:gifts.names.champagne', 'common:nav.likes',
    'common:nav.messages', 'common:nav.notifications', 'common:footer.cookies', 'common:interests.massages', 'common:interests.lingerie',
    'common:interests.fitness', 'common:interests.art', 'common:interests.nature', 'common:regionLabel.province', 'common:regionLabel.canton',
    'common:countries.CA', 'common:countries.FR', 'common:likeButton.match', 'console:audit.action', 'console:common.site',
    'console:inbox.minutes_one', 'console:inbox.minutes_other', 'console:inbox.history', 'console:inbox.photos', 'console:inbox.notes',
    'console:nav.photos', 'console:code.label', 'likes:title', 'likes:card.match', 'pages:return-policy.sections[2].heading',
    'pages:return-policy.sections[5].heading', 'pages:service.sections[0].heading', 'pages:landersReport.source', 'pages:landersReport.activations', 'pages:landersReport.conversion',
    'pages:landersReport.direct', 'pages:operatorComplaints.transaction', 'pages:operatorComplaints.message', 'payments:transactions.date', 'payments:transactions.reasons.bonus',
    'photos:photoLabel', 'profile:options.sexuality.gay', 'profile:options.appearance.sexy', 'profile:member.photosHeading', 'profile:member.photoCount_one',
    'profile:member.photoCount_other', 'profile:member.morePhotos_one', 'profile:member.morePhotos_other', 'profile:member.actions', 'search:appearance.normal',
    'search:appearance.sexy', 'settings:notifications.title', 'settings:notifications.email', 'settings:notifications.push', 'signup:sexuality.gay',
    'console:members.site', 'console:members.actions', 'console:members.notes', 'console:codes.site', 'console:codes.code', 'console:codes.conditions',
  ],
  it: [
    'console:stats.unit',
    'account:login.password', 'chat:gifts.names.champagne', 'common:nav.swipe', 'common:interests.lingerie', 'common:interests.fitness',
    'common:countries.AT', 'common:countries.CA', 'common:countries.AU', 'common:likeButton.match', 'console:account.passwordTitle',
    'console:common.no', 'console:inbox.minutes_one', 'console:inbox.minutes_other', 'console:metrics.chatter', 'console:roles.chatter',
    'console:login.password', 'likes:card.match', 'pages:service.sections[0].heading', 'payments:transactions.reasons.bonus', 'profile:options.sexuality.gay',
    'profile:options.relationship_status.single', 'profile:options.appearance.sexy', 'search:appearance.sexy', 'settings:password.heading', 'settings:notifications.email',
    'settings:notifications.push', 'signup:sexuality.gay', 'signup:account.password', 'swipe:title',
    'console:members.account', 'console:members.no',
  ],
  pl: [
    'console:reports.status',
    'common:interests.fitness', 'common:regionLabel.region', 'common:countries.AT', 'common:countries.AU', 'common:likeButton.match',
    'console:audit.operator', 'console:inbox.status', 'console:inbox.minutes_one', 'console:inbox.minutes_other', 'console:roles.moderator',
    'pages:service.sections[0].heading', 'pages:operatorComplaints.status', 'payments:transactions.status', 'profile:attributes.region', 'profile:options.hair_colour.blond',
    'settings:notifications.email', 'settings:notifications.push',
    'console:members.status',
  ],
}

export function sameAsEnglishAllowed(locale: string): Set<string> {
  return new Set([...EVERYWHERE, ...(PER_LANGUAGE[locale] ?? [])])
}
