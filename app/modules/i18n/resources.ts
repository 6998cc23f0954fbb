// All translation catalogues. nl is the base: every other locale must have its keys
// (app/modules/i18n/catalogues.test.ts). Brand names are interpolated, never written here.
import type { Locale } from '../../../tenants/schema.ts'
import deCommon from '../../locales/de/common.json'
import dePages from '../../locales/de/pages.json'
import deMail from '../../locales/de/mail.json'
import deSignup from '../../locales/de/signup.json'
import deAccount from '../../locales/de/account.json'
import deSettings from '../../locales/de/settings.json'
import deProfile from '../../locales/de/profile.json'
import dePhotos from '../../locales/de/photos.json'
import deSearch from '../../locales/de/search.json'
import deLikes from '../../locales/de/likes.json'
import deSwipe from '../../locales/de/swipe.json'
import enCommon from '../../locales/en/common.json'
import enPages from '../../locales/en/pages.json'
import enMail from '../../locales/en/mail.json'
import enSignup from '../../locales/en/signup.json'
import enAccount from '../../locales/en/account.json'
import enSettings from '../../locales/en/settings.json'
import enProfile from '../../locales/en/profile.json'
import enPhotos from '../../locales/en/photos.json'
import enSearch from '../../locales/en/search.json'
import enLikes from '../../locales/en/likes.json'
import enSwipe from '../../locales/en/swipe.json'
import esCommon from '../../locales/es/common.json'
import esPages from '../../locales/es/pages.json'
import esMail from '../../locales/es/mail.json'
import esSignup from '../../locales/es/signup.json'
import esAccount from '../../locales/es/account.json'
import esSettings from '../../locales/es/settings.json'
import esProfile from '../../locales/es/profile.json'
import esPhotos from '../../locales/es/photos.json'
import esSearch from '../../locales/es/search.json'
import esLikes from '../../locales/es/likes.json'
import esSwipe from '../../locales/es/swipe.json'
import frCommon from '../../locales/fr/common.json'
import frPages from '../../locales/fr/pages.json'
import frMail from '../../locales/fr/mail.json'
import frSignup from '../../locales/fr/signup.json'
import frAccount from '../../locales/fr/account.json'
import frSettings from '../../locales/fr/settings.json'
import frProfile from '../../locales/fr/profile.json'
import frPhotos from '../../locales/fr/photos.json'
import frSearch from '../../locales/fr/search.json'
import frLikes from '../../locales/fr/likes.json'
import frSwipe from '../../locales/fr/swipe.json'
import itCommon from '../../locales/it/common.json'
import itPages from '../../locales/it/pages.json'
import itMail from '../../locales/it/mail.json'
import itSignup from '../../locales/it/signup.json'
import itAccount from '../../locales/it/account.json'
import itSettings from '../../locales/it/settings.json'
import itProfile from '../../locales/it/profile.json'
import itPhotos from '../../locales/it/photos.json'
import itSearch from '../../locales/it/search.json'
import itLikes from '../../locales/it/likes.json'
import itSwipe from '../../locales/it/swipe.json'
import nlCommon from '../../locales/nl/common.json'
import nlPages from '../../locales/nl/pages.json'
import nlMail from '../../locales/nl/mail.json'
import nlSignup from '../../locales/nl/signup.json'
import nlAccount from '../../locales/nl/account.json'
import nlSettings from '../../locales/nl/settings.json'
import nlProfile from '../../locales/nl/profile.json'
import nlPhotos from '../../locales/nl/photos.json'
import nlSearch from '../../locales/nl/search.json'
import nlLikes from '../../locales/nl/likes.json'
import nlSwipe from '../../locales/nl/swipe.json'
import plCommon from '../../locales/pl/common.json'
import plPages from '../../locales/pl/pages.json'
import plMail from '../../locales/pl/mail.json'
import plSignup from '../../locales/pl/signup.json'
import plAccount from '../../locales/pl/account.json'
import plSettings from '../../locales/pl/settings.json'
import plProfile from '../../locales/pl/profile.json'
import plPhotos from '../../locales/pl/photos.json'
import plSearch from '../../locales/pl/search.json'
import plLikes from '../../locales/pl/likes.json'
import plSwipe from '../../locales/pl/swipe.json'

export const NAMESPACES = ['common', 'pages', 'mail', 'signup', 'account', 'settings', 'profile', 'photos', 'search', 'likes', 'swipe'] as const
export type Namespace = (typeof NAMESPACES)[number]
export type Catalogue = Record<string, unknown>

/** Namespaces the browser needs; the others are only used on the server. */
export const CLIENT_NAMESPACES = ['common', 'signup', 'account', 'settings', 'profile', 'photos', 'search', 'likes', 'swipe'] as const satisfies readonly Namespace[]

export const RESOURCES: Record<Locale, Record<Namespace, Catalogue>> = {
  nl: { common: nlCommon, pages: nlPages, mail: nlMail, signup: nlSignup, account: nlAccount, settings: nlSettings, profile: nlProfile, photos: nlPhotos, search: nlSearch, likes: nlLikes, swipe: nlSwipe },
  en: { common: enCommon, pages: enPages, mail: enMail, signup: enSignup, account: enAccount, settings: enSettings, profile: enProfile, photos: enPhotos, search: enSearch, likes: enLikes, swipe: enSwipe },
  de: { common: deCommon, pages: dePages, mail: deMail, signup: deSignup, account: deAccount, settings: deSettings, profile: deProfile, photos: dePhotos, search: deSearch, likes: deLikes, swipe: deSwipe },
  es: { common: esCommon, pages: esPages, mail: esMail, signup: esSignup, account: esAccount, settings: esSettings, profile: esProfile, photos: esPhotos, search: esSearch, likes: esLikes, swipe: esSwipe },
  fr: { common: frCommon, pages: frPages, mail: frMail, signup: frSignup, account: frAccount, settings: frSettings, profile: frProfile, photos: frPhotos, search: frSearch, likes: frLikes, swipe: frSwipe },
  it: { common: itCommon, pages: itPages, mail: itMail, signup: itSignup, account: itAccount, settings: itSettings, profile: itProfile, photos: itPhotos, search: itSearch, likes: itLikes, swipe: itSwipe },
  pl: { common: plCommon, pages: plPages, mail: plMail, signup: plSignup, account: plAccount, settings: plSettings, profile: plProfile, photos: plPhotos, search: plSearch, likes: plLikes, swipe: plSwipe },
}

export const BASE_LOCALE: Locale = 'nl'
