import type { HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { withSiteDescription } from '~/modules/site/page-meta.ts'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { Fragment } from 'react'
import { useTranslation } from 'react-i18next'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { normalizeEmail } from '~/modules/accounts/fields.ts'
import { isLoopback } from '~/modules/http/client-ip.ts'
import { withScope } from '~/modules/db/scoped.server.ts'
import { mailboxEnabled } from '~/modules/mail/send.server.ts'
import { pageTitle } from '~/modules/site/title.ts'
import accountCss from '~/styles/account.css?url'
import type { I18nHandle } from '~/modules/i18n/namespaces.ts'

export const handle: I18nHandle = { i18n: ['account'] }

// The demo's mailbox: the site's outbox, newest first, while no SMTP server is configured.
// Its mails hold activation and reset links, so it is never public: in the demo it answers
// requests from this machine (loopback) only (the shared operator password is gone,
// decision 023); in production, or with SMTP_URL, it does not exist. Never indexed, never cached.

const PAGE_SIZE = 50

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: accountCss }]

export const headers: HeadersFunction = ({ errorHeaders }) => {
  const headers = new Headers(errorHeaders)
  headers.set('Cache-Control', 'no-store')
  headers.set('X-Robots-Tag', 'noindex')
  return headers
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  if (!mailboxEnabled()) throw new Response('Not found', { status: 404 })
  if (!isLoopback(context.clientIp)) throw new Response('Not found', { status: 404 })
  // A reverse proxy on this machine makes every client look local: a proxied request never gets it.
  if (['x-forwarded-for', 'forwarded', 'x-real-ip', 'x-forwarded-host'].some((name) => request.headers.has(name))) throw new Response('Not found', { status: 404 })
  const { db, scope, tenant, locale, t } = context
  const to = normalizeEmail(new URL(request.url).searchParams.get('to') ?? '').slice(0, 254)
  const rows = await withScope(db, scope, (tx) =>
    tx.outboxMail.findMany({
      where: { tenantId: scope.tenantId, ...(to ? { to } : {}) },
      orderBy: { createdAt: 'desc' },
      take: PAGE_SIZE,
      select: { id: true, to: true, subject: true, text: true, createdAt: true },
    }),
  )
  const format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'UTC' })
  return {
    to,
    mails: rows.map((m) => ({ ...m, createdAt: m.createdAt.toISOString(), date: `${format.format(m.createdAt)} UTC` })),
    title: t('mailbox.title', { ns: 'account' }),
    siteName: tenant.name,
  }
}

const pageMeta: MetaFunction<typeof loader> = ({ data }) => [
  { name: 'robots', content: 'noindex' },
  ...(data ? [{ title: pageTitle(data.siteName, data.title) }] : []),
]

/** The text body with its links clickable. */
function MailText({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/[^\s<>"]+)/g)
  return (
    <div className="mailbox__text">
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <a key={i} href={part}>
            {part}
          </a>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </div>
  )
}

export default function Mailbox() {
  const { to, mails, title, siteName } = useLoaderData<typeof loader>()
  const { t } = useTranslation('account')
  return (
    <div className="container section mailbox">
      <h1>{title}</h1>
      <p className="lead">{t('mailbox.intro', { siteName })}</p>
      <Form method="get" className="mailbox__filter">
        <label htmlFor="mailbox-to">{t('mailbox.filter')}</label>
        <input id="mailbox-to" name="to" type="email" defaultValue={to} />
        <button type="submit" className="button button--primary">
          {t('mailbox.filterSubmit')}
        </button>
        {to ? <Link to="/dev/mailbox">{t('mailbox.showAll')}</Link> : null}
      </Form>
      {mails.length === 0 ? (
        <p className="muted">{t('mailbox.empty')}</p>
      ) : (
        <ol className="mailbox__list">
          {mails.map((mail) => (
            <li key={mail.id}>
              <article className="card mailbox__mail" aria-labelledby={`mail-${mail.id}`}>
                <h2 id={`mail-${mail.id}`} className="mailbox__subject">
                  {mail.subject}
                </h2>
                <dl className="mailbox__meta">
                  <dt>{t('mailbox.to')}</dt>
                  <dd>{mail.to}</dd>
                  <dt>{t('mailbox.date')}</dt>
                  <dd>
                    <time dateTime={mail.createdAt}>{mail.date}</time>
                  </dd>
                </dl>
                <MailText text={mail.text} />
              </article>
            </li>
          ))}
        </ol>
      )}
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}

export const meta: MetaFunction<typeof loader> = (args) => withSiteDescription(args, pageMeta(args))
