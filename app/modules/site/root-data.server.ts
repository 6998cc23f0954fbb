// What every member page's document needs (the root loader on a site's host): locale,
// theme, public settings, the member's header facts, consent, the flashed toast. Components
// read it through useRootData (./use-root-data.ts), a leaf module, never from ~/root.
import type { AppLoadContext } from '@remix-run/node'
import { readConsent } from '../consent/consent.server.ts'
import { takeToast } from '../http/toast.server.ts'
import { errorCatalogue } from '../i18n/error-catalogue.server.ts'
import { MEDIA_PATH } from '../media/urls.ts'
import { themeCss } from '../theme/css-vars.ts'
import { companyInfo, publicSettings } from './public-settings.server.ts'
import { visitorCountry } from './visitor-country.server.ts'
import { formatLocaleFor } from './format-locale.ts'
import { hasEntryWarningCookie } from './entry-warning.ts'
import { resolveTracking, signupAllowed } from '../accounts/tracking.server.ts'

export async function memberRootData(context: AppLoadContext, request: Request) {
  const { tenant, locale, theme } = context
  return {
    visitorCountry: visitorCountry(request.headers),
    /** The 18+ entry warning was answered on this device (its cookie): the server leaves it out. */
    entryWarningSeen: hasEntryWarningCookie(request.headers.get('cookie')),
    locale,
    /** Dates, times, numbers and money: the language in the site's country (en-GB on a British site). */
    formatLocale: formatLocaleFor(locale, tenant.countries),
    /** SPEC §6: may this visitor sign up here? An invite-only site without a traffic source never invites. */
    canSignUp: context.member !== null || tenant.signups === 'all' || signupAllowed(tenant.signups, (await resolveTracking(request)).tracking),
    // UI catalogues travel inside the document (entry.server.tsx), not here; only the
    // error texts, for meta functions, which run outside React.
    errorTexts: errorCatalogue(locale),
    themeCss: themeCss(theme),
    themeColor: theme.colors.primary,
    logoMark: theme.logoMark,
    settings: publicSettings(tenant, locale),
    member: context.member
      ? {
          name: context.member.profile?.name ?? context.member.email,
          thumb: context.member.profile?.thumbFilename ? `${MEDIA_PATH}${context.member.profile.thumbFilename}` : null,
          photoInReview: (context.member.profile?.photosInInspection ?? 0) > 0,
          credits: context.member.credits,
          paidUser: context.member.paidUser,
          status: context.member.status,
          profileStatus: context.member.profile?.status ?? null,
          notificationsDisabled: context.member.notifications.disabled,
          pushAlertDismissedAt: context.member.notifications.pushAlertDismissedAt?.toISOString() ?? null,
          disabledAlertDismissedAt: context.member.notifications.disabledAlertDismissedAt?.toISOString() ?? null,
        }
      : null,
    company: companyInfo(tenant),
    // The site's third-party tags (public ids) and the visitor's choice about them.
    tracking: tenant.tracking,
    consent: readConsent(request.headers.get('cookie')),
    // What the member's last action did (a flash set before a redirect), shown once.
    toast: await takeToast(context, request),
  }
}

export type RootData = Awaited<ReturnType<typeof memberRootData>>
